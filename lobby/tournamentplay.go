package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"boardroom/engine"
	"boardroom/lobby/tables"
	"boardroom/lobby/tournament"
)

// The progression of a tournament: its start (by its creator or at its
// time), its rounds or arena seatings, the games it learns have finished
// (tournamentGameOver, the hook in table.finish), and its end. Each step
// runs under the tourney's step lock and writes the store before memory,
// so that New rebuilds the same tournament after a restart.

// tournamentOptions are a tournament table's options: the creator's, and
// for the rest the evening limits of public tables (C-12) whatever the
// lobby, so that every game of a round ends in time.
func tournamentOptions(info engine.Info, opts map[string]string) map[string]string {
	return tables.PublicOptions(true, info, opts)
}

// scheduleTournament sets the timer of an open tournament's start time or
// of a running arena's window.
func (s *Service) scheduleTournament(tr *tourney) {
	s.tour.mu.Lock()
	defer s.tour.mu.Unlock()
	if tr.timer != nil {
		tr.timer.Stop()
		tr.timer = nil
	}
	var at time.Time
	switch {
	case tr.rec.Status == tournament.Open && !tr.rec.StartsAt.IsZero():
		at = tr.rec.StartsAt
	case tr.rec.Status == tournament.Running && tr.rec.Format == tournament.Arena:
		at = tr.rec.EndsAt
	}
	if tr.rec.Status == tournament.Running && !tr.rec.SeatingUntil.IsZero() && (at.IsZero() || tr.rec.SeatingUntil.Before(at)) {
		// A seating under way: if its node dies, this node claims it once
		// its lease expires (tournamentseating.go).
		at = tr.rec.SeatingUntil
	}
	if at.IsZero() {
		return
	}
	tr.timer = s.afterFunc(max(at.Sub(s.clock.Now()), 0), "tournament timer", func() {
		tr.step.Lock()
		defer tr.step.Unlock()
		ctx := s.bg
		s.tour.mu.Lock()
		open := tr.rec.Status == tournament.Open
		s.tour.mu.Unlock()
		if err := s.startLocked(ctx, tr); err != nil && open {
			s.log.Warn("tournament did not start at its time", "tournament", tr.id, "err", err)
			return
		}
		if err := s.advanceLocked(ctx, tr); err != nil {
			s.log.Warn("tournament timer", "tournament", tr.id, "err", err)
		}
	})
}

// startLocked starts an open tournament (step held).
func (s *Service) startLocked(ctx context.Context, tr *tourney) error {
	st, err := s.tournamentStore()
	if err != nil {
		return err
	}
	if err := s.refreshClustered(ctx, st, tr); err != nil {
		return err
	}
	s.tour.mu.Lock()
	rec, n := tr.rec, len(tr.entries)
	s.tour.mu.Unlock()
	if rec.Status != tournament.Open {
		return nil // started already (its time and its creator may race)
	}
	if n < MinTournamentPlayers {
		return userErr(ErrBadTournament, fmt.Sprintf("a tournament needs at least %d players; %d joined", MinTournamentPlayers, n))
	}
	now := s.clock.Now().UTC()
	from := rec
	rec.Status, rec.StartedAt = tournament.Running, now
	if rec.Format == tournament.Arena {
		rec.EndsAt = now.Add(time.Duration(rec.Minutes) * time.Minute)
	}
	if err := s.moveTournament(ctx, st, rec, from); errors.Is(err, errTournamentMoved) {
		// Another node started it at the same moment: it seats the round.
		if err := s.refreshTournament(ctx, st, tr); err != nil {
			return s.storageErr(err)
		}
		s.scheduleTournament(tr)
		return nil
	} else if err != nil {
		return err
	}
	s.tour.mu.Lock()
	tr.rec = rec
	s.tour.mu.Unlock()
	s.announceTournament(rec.ID)
	s.log.Info("tournament started", "tournament", rec.ID, "players", n)
	s.scheduleTournament(tr)
	return s.advanceLocked(ctx, tr)
}

// advanceLocked does what a running tournament does next (step held):
// Swiss opens the next round once every table of this one finished, or
// ends after the last; an arena seats its waiting players until its
// window closes and ends when its last game has.
//
// In a cluster it reads the tournament from the store first, and when
// another node moved it meanwhile (a compare-and-set lost), reads it again
// and tries once more: an arena's players who finished here are seated in
// the next seating, a Swiss round that another node seated is left to it.
func (s *Service) advanceLocked(ctx context.Context, tr *tourney) error {
	st, err := s.tournamentStore()
	if err != nil {
		return err
	}
	for range 8 {
		if s.clustered() {
			// A game of this tournament that ended on a node that died
			// before recording it is read from its stored result.
			s.catchUpGamesLocked(tr)
		}
		if err := s.refreshClustered(ctx, st, tr); err != nil {
			return err
		}
		err := s.advanceOnce(ctx, st, tr)
		if !errors.Is(err, errTournamentMoved) {
			return err
		}
	}
	return nil // moved on by others every time: they carry it
}

func (s *Service) advanceOnce(ctx context.Context, st tournament.Store, tr *tourney) error {
	s.tour.mu.Lock()
	rec, entries, games := tr.rec, pureEntries(tr.entries), slices.Clone(tr.games)
	s.tour.mu.Unlock()
	if rec.Status != tournament.Running {
		return nil
	}
	if seatingPending(rec, games) {
		return s.resumeSeating(ctx, st, tr, rec, entries, games)
	}
	from := rec
	running := map[tournament.PlayerID]bool{}
	for _, g := range games {
		if !g.Finished {
			for _, p := range g.Players() {
				running[p] = true
			}
		}
	}
	now := s.clock.Now().UTC()
	pure := pureGames(games)
	var seating [][]tournament.Seat
	switch rec.Format {
	case tournament.Swiss:
		if len(running) > 0 || anyRunning(games) {
			return nil
		}
		active := tournament.Active(tournament.Standings(entries, pure))
		if rec.Round >= rec.Rounds || len(active) == 0 {
			return s.endTournament(ctx, st, tr, now)
		}
		seating = tournament.NextRound(seatingOrder(rec, entries), pure, rec.TableSize)
		rec.Round++
	case tournament.Arena:
		if !now.Before(rec.EndsAt) {
			if anyRunning(games) {
				return nil
			}
			return s.endTournament(ctx, st, tr, now)
		}
		seating = s.arenaSeating(rec, entries, games)
		if len(seating) > 0 {
			rec.Round++ // an arena counts its seatings
		}
	}
	if len(seating) == 0 {
		return nil
	}
	// The move takes the seating lease with the round (tournamentseating.go).
	holder := seatingHolder()
	rec.SeatingNode, rec.SeatingUntil = holder, now.Add(seatingLease)
	if err := s.moveTournament(ctx, st, rec, from); err != nil {
		return err
	}
	s.tour.mu.Lock()
	tr.rec = rec
	s.tour.mu.Unlock()
	if s.clustered() {
		// The other nodes arm the lease's timer: if this node dies before
		// the tables are linked, one of them seats the round.
		s.announceTournament(rec.ID)
	}
	if seatingHook != nil {
		if err := seatingHook(); err != nil {
			return err
		}
	}
	for i, seats := range seating {
		if err := s.openTournamentTable(ctx, st, tr, rec, i+1, seats); err != nil {
			s.log.Error("a tournament table did not open", "tournament", rec.ID, "round", rec.Round, "err", err)
			s.announceTournament(rec.ID)
			return err
		}
	}
	return s.seated(ctx, st, tr, rec.Round, holder)
}

func anyRunning(games []tournament.GameRecord) bool {
	return slices.ContainsFunc(games, func(g tournament.GameRecord) bool { return !g.Finished })
}

func (s *Service) endTournament(ctx context.Context, st tournament.Store, tr *tourney, now time.Time) error {
	s.tour.mu.Lock()
	rec := tr.rec
	s.tour.mu.Unlock()
	from := rec
	rec.Status, rec.EndedAt = tournament.Finished, now
	if err := s.moveTournament(ctx, st, rec, from); err != nil {
		return err
	}
	s.announceTournament(rec.ID)
	s.tour.mu.Lock()
	tr.rec = rec
	if tr.timer != nil {
		tr.timer.Stop()
		tr.timer = nil
	}
	s.tour.mu.Unlock()
	s.log.Info("tournament finished", "tournament", rec.ID)
	return nil
}

// openTournamentTable opens and starts one table of the tournament: its
// players seated and ready, its empty seats the game's standard bot, its
// options with the evening limit. The table is linked to the tournament
// before it starts, so that a game that ends at once (bots only) is heard.
func (s *Service) openTournamentTable(ctx context.Context, st tournament.Store, tr *tourney, rec tournament.Record, no int, seats []tournament.Seat) error {
	def, err := s.reg.Get(rec.Game)
	if err != nil {
		return userErr(ErrNotFound, fmt.Sprintf("this server no longer offers %s", rec.Game))
	}
	info := def.Info()
	opts, err := def.ValidateOptions(len(seats), tournamentOptions(info, rec.Options))
	if err != nil {
		return err
	}
	if s.shuttingDown() {
		return ErrShuttingDown
	}
	timer := defaultTurnTimer(rec.LobbyID)
	if n, err := strconv.Atoi(rec.Pace); err == nil && n > 0 {
		timer = n
	}
	ts := make([]seat, len(seats))
	var hostID int64
	for i, x := range seats {
		if x.Bot {
			ts[i] = seat{accountID: s.bots.Standard(info.ID).ID, bot: true, ready: true}
			continue
		}
		ts[i] = seat{accountID: int64(x.Player), ready: true}
		if hostID == 0 {
			hostID = int64(x.Player)
		}
	}
	now := s.clock.Now().UTC()
	t := &table{s: s, lobbyID: rec.LobbyID, def: def, info: info, createdAt: now,
		formState: formState{status: TableForming, hostID: hostID, options: opts, seats: ts, turnTimer: timer, updatedAt: now},
		watchers:  map[*subscription]int64{}, spectating: map[int64]bool{}}
	id, err := s.store.CreateTable(ctx, t.record())
	if err != nil {
		return s.storageErr(err)
	}
	t.id = id
	g := tournament.GameRecord{TableID: id, Game: tournament.Game{Round: rec.Round, Table: no, Seats: seats}}
	if err := st.SaveTournamentGame(ctx, rec.ID, g); err != nil {
		return s.storageErr(err)
	}
	s.tour.mu.Lock()
	tr.games = append(tr.games, g)
	s.tour.table[id] = rec.ID
	s.tour.mu.Unlock()
	s.claimNew(ctx, t)
	s.mu.Lock()
	s.tables[id] = t
	s.mu.Unlock()
	s.log.Info("tournament table opened", "tournament", rec.ID, "round", rec.Round, "table", id)
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicLobby, ID: rec.LobbyID}}})
	s.announceNew(t)
	return s.Start(ctx, &Account{ID: hostID, Handle: s.handle(hostID)}, id)
}

// tournamentGameOver is the hook of table.finish (t's lock held): when the
// table plays for a tournament, its placings and the players flagged away
// or gone idle (absent from the next round) are recorded and the tournament advances,
// apart from the table's lock.
func (s *Service) tournamentGameOver(t *table, end GameEnd) {
	s.tour.mu.Lock()
	tid, ok := s.tour.table[t.id]
	tr := s.tour.byID[tid]
	s.tour.mu.Unlock()
	if (!ok || tr == nil) && !s.clustered() {
		return
	}
	placing := make([]int, len(end.Seats))
	for i, o := range end.Seats {
		placing[i] = o.Placement
	}
	var away []tournament.PlayerID
	for i, st := range t.seats {
		// Away at the end (flagged after timeouts, or gone long enough that
		// the seat took its defaults) and not handed to a bot on purpose.
		if !st.bot && i < len(t.play) && t.play[i].DefaultsOnly() && !t.play[i].Handed {
			away = append(away, tournament.PlayerID(st.accountID))
		}
	}
	tableID := t.id
	s.tour.busy.Add(1)
	go func() {
		defer s.tour.busy.Done()
		s.guard("tournament game over", func() {
			if tr == nil {
				// A node of a cluster may not have heard that the table (one
				// it adopted, say) plays for a tournament: the store knows.
				if tr = s.tournamentOfTable(tableID); tr == nil {
					return
				}
			}
			s.recordTournamentGame(tr, tableID, placing, away)
		})
	}()
}

func (s *Service) recordTournamentGame(tr *tourney, tableID int64, placing []int, away []tournament.PlayerID) {
	st, err := s.tournamentStore()
	if err != nil {
		return
	}
	ctx := s.bg
	tr.step.Lock()
	defer tr.step.Unlock()
	if err := s.refreshClustered(ctx, st, tr); err != nil {
		s.log.Error("reading a tournament failed", "tournament", tr.id, "err", err)
		return
	}
	s.tour.mu.Lock()
	gi := slices.IndexFunc(tr.games, func(g tournament.GameRecord) bool { return g.TableID == tableID })
	var g tournament.GameRecord
	if gi >= 0 {
		g = tr.games[gi]
		g.Seats = slices.Clone(g.Seats)
	}
	s.tour.mu.Unlock()
	if gi < 0 || g.Finished {
		return
	}
	for i := range g.Seats {
		if i < len(placing) {
			g.Seats[i].Placing = placing[i]
		}
	}
	g.Finished = true
	if err := st.SaveTournamentGame(ctx, tr.id, g); err != nil {
		s.log.Error("storing a tournament game's end failed", "tournament", tr.id, "table", tableID, "err", err)
		return
	}
	s.tour.mu.Lock()
	tr.games[gi] = g
	var gone []tournament.EntryRecord
	for _, p := range away {
		if i := entryIndex(tr.entries, int64(p)); i >= 0 && !tr.entries[i].Absent {
			e := tr.entries[i]
			e.Absent = true
			gone = append(gone, e)
		}
	}
	s.tour.mu.Unlock()
	for _, e := range gone {
		if err := st.SaveEntry(ctx, tr.id, e); err != nil {
			s.log.Error("storing an absent player failed", "tournament", tr.id, "err", err)
			continue
		}
		s.tour.mu.Lock()
		if i := entryIndex(tr.entries, int64(e.Player)); i >= 0 {
			tr.entries[i] = e
		}
		s.tour.mu.Unlock()
	}
	s.announceTournament(tr.id)
	if err := s.advanceLocked(ctx, tr); err != nil {
		s.log.Warn("tournament did not advance", "tournament", tr.id, "err", err)
	}
}
