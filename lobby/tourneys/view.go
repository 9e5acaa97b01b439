package tourneys

import (
	"context"
	"math/rand"
	"slices"

	"boardroom/lobby/tournament"
)

// What a player reads of the tournaments: one with its standings and
// games, the lists, and the order of a round's seating.

// Tournament shows one tournament to a viewer who may see its lobby.
func (b *Book) Tournament(ctx context.Context, viewer *Account, id int64) (Tournament, error) {
	if _, err := b.tournamentStore(); err != nil {
		return Tournament{}, err
	}
	tr, err := b.lookupTournament(viewerID(viewer), id)
	if err != nil {
		return Tournament{}, err
	}
	b.refreshIdle(ctx, tr)
	return b.tournamentView(tr, viewerID(viewer), true), nil
}

// Tournaments lists the tournaments the viewer may see (lobbyID 0: in every
// lobby they see), open ones first, then running, then finished, newest
// first within each.
func (b *Book) Tournaments(ctx context.Context, viewer *Account, lobbyID int64) ([]Tournament, error) {
	return b.tournamentsWhere(viewer, func(tr *tourney) bool { return lobbyID == 0 || tr.rec.LobbyID == lobbyID })
}

// TournamentsOf lists the tournaments a player plays or played in, as far
// as the viewer may see them (a profile's list).
func (b *Book) TournamentsOf(ctx context.Context, viewer *Account, accountID int64) ([]Tournament, error) {
	return b.tournamentsWhere(viewer, func(tr *tourney) bool { return entryIndex(tr.entries, accountID) >= 0 })
}

func (b *Book) tournamentsWhere(viewer *Account, keep func(*tourney) bool) ([]Tournament, error) {
	if _, err := b.tournamentStore(); err != nil {
		return nil, err
	}
	b.learnTournaments(b.bg)
	b.mu.Lock()
	var trs []*tourney
	for _, tr := range b.byID {
		if keep(tr) {
			trs = append(trs, tr)
		}
	}
	b.mu.Unlock()
	var out []Tournament
	for _, tr := range trs {
		if b.lobby.CanSeeLobby(viewerID(viewer), tr.lobbyID) {
			out = append(out, b.tournamentView(tr, viewerID(viewer), false))
		}
	}
	order := map[tournament.Status]int{tournament.Open: 0, tournament.Running: 1, tournament.Finished: 2}
	slices.SortFunc(out, func(a, b Tournament) int {
		if order[a.Status] != order[b.Status] {
			return order[a.Status] - order[b.Status]
		}
		return int(b.ID - a.ID)
	})
	return out, nil
}

// tournamentView builds what a player reads; games only when asked.
func (b *Book) tournamentView(tr *tourney, viewer int64, withGames bool) Tournament {
	b.mu.Lock()
	rec, entries, games := tr.rec, slices.Clone(tr.entries), slices.Clone(tr.games)
	b.mu.Unlock()
	v := Tournament{ID: rec.ID, LobbyID: rec.LobbyID, Lobby: b.lobby.LobbyName(rec.LobbyID), Game: rec.Game, GameTitle: rec.Game,
		Format: rec.Format, Rounds: rec.Rounds, Minutes: rec.Minutes, TableSize: rec.TableSize, Options: rec.Options,
		Status: rec.Status, Round: rec.Round, Creator: b.lobby.Handle(rec.CreatedBy), CreatorID: rec.CreatedBy, CreatedAt: rec.CreatedAt,
		StartsAt: rec.StartsAt, StartedAt: rec.StartedAt, EndsAt: rec.EndsAt, EndedAt: rec.EndedAt,
		Joined: entryIndex(entries, viewer) >= 0}
	if def, err := b.reg.Get(rec.Game); err == nil {
		v.GameTitle = def.Info().Title
	}
	for _, st := range tournament.Standings(pureEntries(entries), pureGames(games)) {
		v.Standings = append(v.Standings, Line{Rank: st.Rank, AccountID: int64(st.Player), Handle: b.lobby.Handle(int64(st.Player)),
			Points: st.Points.String(), Opponents: st.Opponents.String(), Direct: st.Direct, Games: st.Games,
			Withdrawn: st.Withdrawn, Absent: st.Absent})
	}
	if !withGames {
		return v
	}
	for _, g := range games {
		tg := Game{TableID: g.TableID, Round: g.Round, Table: g.Table, Finished: g.Finished}
		pts := tournament.GamePoints(g.Game)
		for i, seat := range g.Seats {
			ts := Seat{Bot: seat.Bot, Placing: seat.Placing}
			if seat.Bot {
				ts.Handle = "bot"
			} else {
				ts.Handle = b.lobby.Handle(int64(seat.Player))
			}
			if g.Finished {
				ts.Points = pts[i].String()
			}
			tg.Seats = append(tg.Seats, ts)
		}
		v.Games = append(v.Games, tg)
	}
	return v
}

func pureEntries(es []tournament.EntryRecord) []tournament.Entry {
	out := make([]tournament.Entry, len(es))
	for i, e := range es {
		out[i] = tournament.Entry{Player: e.Player, Withdrawn: e.Withdrawn, Absent: e.Absent}
	}
	return out
}

func pureGames(gs []tournament.GameRecord) []tournament.Game {
	out := make([]tournament.Game, len(gs))
	for i, g := range gs {
		out[i] = g.Game
	}
	return out
}

// seatingOrder is the entries in the order a first round seats them: the
// tournament's seed shuffles the joining order, so the same tournament
// seats the same way after a restart.
func seatingOrder(rec tournament.Record, es []tournament.Entry) []tournament.Entry {
	out := slices.Clone(es)
	rand.New(rand.NewSource(rec.Seed)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
