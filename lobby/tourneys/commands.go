package tourneys

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/tournament"
)

// What players do at a tournament: create one, join it, leave it, start
// it. Each step runs under the tourney's step lock and writes the store
// before memory.

// CreateTournament creates a tournament in a lobby the creator belongs to.
// In the public lobby only hostPublic creators may (the caller decides:
// an operator, or a player with enough rated games).
func (b *Book) CreateTournament(ctx context.Context, acc *Account, set Settings, hostPublic bool) (Tournament, error) {
	if err := accounts.Player(acc); err != nil {
		return Tournament{}, err
	}
	st, err := b.tournamentStore()
	if err != nil {
		return Tournament{}, err
	}
	if !b.lobby.CanSeeLobby(acc.ID, set.LobbyID) {
		return Tournament{}, errs.User(errs.ErrNotFound, "there is no such lobby")
	}
	if set.LobbyID == lobbies.PublicID && !hostPublic {
		return Tournament{}, errs.User(errs.ErrForbidden, fmt.Sprintf(
			"in the public lobby an operator or a player with %d rated games creates tournaments; any member of a private lobby may in theirs", TournamentHostGames))
	}
	def, err := b.reg.Get(set.Game)
	if err != nil {
		return Tournament{}, errs.User(errs.ErrNotFound, fmt.Sprintf("this server has no game %q", b.sanitize(set.Game, 40)))
	}
	info := def.Info()
	if set.Format == "" {
		set.Format = tournament.Swiss
	}
	if _, err := tournament.ParseFormat(string(set.Format)); err != nil {
		return Tournament{}, errs.User(ErrBadTournament, err.Error())
	}
	if set.TableSize == 0 {
		set.TableSize = min(max(defaultSeats, info.MinSeats), info.MaxSeats)
	}
	lo, hi := max(info.MinSeats, tournament.MinTableSize), min(info.MaxSeats, tournament.MaxTableSize)
	if set.TableSize < lo || set.TableSize > hi {
		return Tournament{}, errs.User(errs.ErrBadSeats, fmt.Sprintf("%s tournament tables seat %d to %d players", info.Title, lo, hi))
	}
	switch {
	case set.Format == tournament.Swiss && set.Rounds == 0:
		set.Rounds = 3
	case set.Format == tournament.Arena && set.Minutes == 0:
		set.Minutes = 60
	}
	if set.Rounds < 0 || set.Rounds > 20 || set.Minutes < 0 || set.Minutes > 24*60 {
		return Tournament{}, errs.User(ErrBadTournament, "a tournament plays 1 to 20 rounds, or an arena of up to 24 hours")
	}
	if _, err := def.ValidateOptions(set.TableSize, tournamentOptions(info, set.Options)); err != nil {
		return Tournament{}, err
	}
	now := b.lobby.Now().UTC()
	if set.StartsAt.IsZero() && set.StartsClock != "" {
		if set.StartsAt, err = tournament.NextAt(now, set.StartsClock); err != nil {
			return Tournament{}, errs.User(ErrBadTournament, err.Error())
		}
	}
	if !set.StartsAt.IsZero() && !set.StartsAt.After(now) {
		return Tournament{}, errs.User(ErrBadTournament, "a tournament's start time must be in the future")
	}
	rec := tournament.Record{LobbyID: set.LobbyID, Game: info.ID, Format: set.Format, TableSize: set.TableSize,
		Options: maps.Clone(set.Options), StartsAt: set.StartsAt, CreatedBy: acc.ID, CreatedAt: now, Status: tournament.Open,
		Seed: int64(b.seed() >> 1)}
	if rec.Options == nil {
		rec.Options = map[string]string{}
	}
	if set.Format == tournament.Swiss {
		rec.Rounds = set.Rounds
	} else {
		rec.Minutes = set.Minutes
	}
	if set.TurnTimer > 0 {
		rec.Pace = strconv.Itoa(set.TurnTimer)
	}
	id, err := st.CreateTournament(ctx, rec)
	if err != nil {
		return Tournament{}, b.lobby.StorageErr(err)
	}
	rec.ID = id
	tr := newTourney(rec)
	b.mu.Lock()
	if b.byID == nil {
		b.byID, b.table = map[int64]*tourney{}, map[int64]int64{}
	}
	b.byID[id] = tr
	b.mu.Unlock()
	b.scheduleTournament(tr)
	b.announce(id)
	b.log.Info("tournament created", "tournament", id, "lobby", set.LobbyID, "game", info.ID, "format", set.Format)
	return b.Tournament(ctx, acc, id)
}

// lookupTournament finds a tournament the viewer may see.
func (b *Book) lookupTournament(viewer, id int64) (*tourney, error) {
	tr := b.knownTournament(b.bg, id) // in a cluster, perhaps created on another node
	if tr == nil || !b.lobby.CanSeeLobby(viewer, tr.lobbyID) {
		return nil, errs.User(errs.ErrNotFound, fmt.Sprintf("there is no tournament %d", id))
	}
	return tr, nil
}

// JoinTournament enters the player in an open tournament; in a running
// one it tells it that an absent player is back for the next round.
func (b *Book) JoinTournament(ctx context.Context, acc *Account, id int64) error {
	st, tr, done, err := b.playerStep(ctx, acc, id)
	if err != nil {
		return err
	}
	defer done()
	b.mu.Lock()
	rec, i := tr.rec, entryIndex(tr.entries, acc.ID)
	var e tournament.EntryRecord
	if i >= 0 {
		e = tr.entries[i]
	}
	b.mu.Unlock()
	switch {
	case rec.Status == tournament.Finished:
		return errs.User(ErrBadTournament, "that tournament is over")
	case rec.Status == tournament.Running && (i < 0 || e.Withdrawn):
		return errs.User(ErrBadTournament, "that tournament has started: players join before the start")
	case rec.Status == tournament.Running && !e.Absent:
		return errs.User(ErrBadTournament, "you already play in that tournament")
	case rec.Status == tournament.Running:
		e.Absent = false // back for the next round
	case i >= 0:
		return errs.User(ErrBadTournament, "you already play in that tournament")
	default:
		e = tournament.EntryRecord{Player: tournament.PlayerID(acc.ID), JoinedAt: b.lobby.Now().UTC()}
		if err := b.joinOpen(ctx, st, tr, e); err != nil {
			return err
		}
	}
	if rec.Status == tournament.Running {
		if err := st.SaveEntry(ctx, id, e); err != nil {
			return b.lobby.StorageErr(err)
		}
	}
	b.mu.Lock()
	if i >= 0 {
		tr.entries[i] = e
	} else {
		tr.entries = append(tr.entries, e)
	}
	b.mu.Unlock()
	b.announce(id)
	return nil
}

// playerStep begins a player's step at a tournament they may see: its
// store, the tourney read again in a cluster, and done to call when the
// step is over (it holds the tourney's step lock until then).
func (b *Book) playerStep(ctx context.Context, acc *Account, id int64) (tournament.Store, *tourney, func(), error) {
	if err := accounts.Player(acc); err != nil {
		return nil, nil, nil, err
	}
	st, err := b.tournamentStore()
	if err != nil {
		return nil, nil, nil, err
	}
	tr, err := b.lookupTournament(acc.ID, id)
	if err != nil {
		return nil, nil, nil, err
	}
	tr.step.Lock()
	if err := b.refreshClustered(ctx, st, tr); err != nil {
		tr.step.Unlock()
		return nil, nil, nil, err
	}
	return st, tr, tr.step.Unlock, nil
}

func entryIndex(es []tournament.EntryRecord, accountID int64) int {
	return slices.IndexFunc(es, func(e tournament.EntryRecord) bool { return int64(e.Player) == accountID })
}

// LeaveTournament takes the player out: before the start they are gone;
// after it they are withdrawn (never seated again, their points kept, the
// seats of their running games played on by the timeouts' defaults).
func (b *Book) LeaveTournament(ctx context.Context, acc *Account, id int64) error {
	st, tr, done, err := b.playerStep(ctx, acc, id)
	if err != nil {
		return err
	}
	defer done()
	b.mu.Lock()
	rec, i := tr.rec, entryIndex(tr.entries, acc.ID)
	b.mu.Unlock()
	if i < 0 || (rec.Status != tournament.Open && tr.entries[i].Withdrawn) {
		return errs.User(ErrBadTournament, "you do not play in that tournament")
	}
	switch rec.Status {
	case tournament.Finished:
		return errs.User(ErrBadTournament, "that tournament is over")
	case tournament.Open:
		if err := st.DeleteEntry(ctx, id, tournament.PlayerID(acc.ID)); err != nil {
			return b.lobby.StorageErr(err)
		}
		b.mu.Lock()
		tr.entries = slices.Delete(tr.entries, i, i+1)
		b.mu.Unlock()
		b.announce(id)
		return nil
	}
	b.mu.Lock()
	e := tr.entries[i]
	b.mu.Unlock()
	e.Withdrawn = true
	if err := st.SaveEntry(ctx, id, e); err != nil {
		return b.lobby.StorageErr(err)
	}
	b.mu.Lock()
	tr.entries[i] = e
	b.mu.Unlock()
	b.announce(id)
	b.log.Info("tournament player withdrew", "tournament", id, "account", acc.ID)
	return b.advanceLocked(ctx, tr)
}

// StartTournament starts an open tournament; only its creator may.
func (b *Book) StartTournament(ctx context.Context, acc *Account, id int64) error {
	if err := accounts.Player(acc); err != nil {
		return err
	}
	tr, err := b.lookupTournament(acc.ID, id)
	if err != nil {
		return err
	}
	if tr.creator != acc.ID {
		return errs.User(errs.ErrForbidden, "only the tournament's creator starts it (or it starts at its time)")
	}
	tr.step.Lock()
	defer tr.step.Unlock()
	return b.startLocked(ctx, tr)
}
