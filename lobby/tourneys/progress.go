package tourneys

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"boardroom/engine"
	"boardroom/lobby/errs"
	"boardroom/lobby/tables"
	"boardroom/lobby/tournament"
)

// The progression of a tournament: its start (by its creator or at its
// time), its rounds or arena seatings, the games it learns have finished
// (GameOver, which the live lobby calls when a table finishes), and its
// end. Each step runs under the tourney's step lock and writes the store
// before memory, so that Load rebuilds the same tournament after a
// restart.

// tournamentOptions are a tournament table's options: the creator's, and
// for the rest the evening limits of public tables (C-12) whatever the
// lobby, so that every game of a round ends in time.
func tournamentOptions(info engine.Info, opts map[string]string) map[string]string {
	return tables.PublicOptions(true, info, opts)
}

// scheduleTournament sets the timer of an open tournament's start time or
// of a running arena's window.
func (b *Book) scheduleTournament(tr *tourney) {
	b.mu.Lock()
	defer b.mu.Unlock()
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
		// its lease expires (seating.go).
		at = tr.rec.SeatingUntil
	}
	if at.IsZero() {
		return
	}
	tr.timer = b.lobby.AfterFunc(max(at.Sub(b.lobby.Now()), 0), "tournament timer", func() {
		tr.step.Lock()
		defer tr.step.Unlock()
		ctx := b.bg
		b.mu.Lock()
		open := tr.rec.Status == tournament.Open
		b.mu.Unlock()
		if err := b.startLocked(ctx, tr); err != nil && open {
			b.log.Warn("tournament did not start at its time", "tournament", tr.id, "err", err)
			return
		}
		if err := b.advanceLocked(ctx, tr); err != nil {
			b.log.Warn("tournament timer", "tournament", tr.id, "err", err)
		}
	})
}

// startLocked starts an open tournament (step held).
func (b *Book) startLocked(ctx context.Context, tr *tourney) error {
	st, err := b.tournamentStore()
	if err != nil {
		return err
	}
	if err := b.refreshClustered(ctx, st, tr); err != nil {
		return err
	}
	b.mu.Lock()
	rec, n := tr.rec, len(tr.entries)
	b.mu.Unlock()
	if rec.Status != tournament.Open {
		return nil // started already (its time and its creator may race)
	}
	if n < MinTournamentPlayers {
		return errs.User(ErrBadTournament, fmt.Sprintf("a tournament needs at least %d players; %d joined", MinTournamentPlayers, n))
	}
	now := b.lobby.Now().UTC()
	from := rec
	rec.Status, rec.StartedAt = tournament.Running, now
	if rec.Format == tournament.Arena {
		rec.EndsAt = now.Add(time.Duration(rec.Minutes) * time.Minute)
	}
	if err := b.moveTournament(ctx, st, rec, from); errors.Is(err, errTournamentMoved) {
		// Another node started it at the same moment: it seats the round.
		if err := b.refreshTournament(ctx, st, tr); err != nil {
			return b.lobby.StorageErr(err)
		}
		b.scheduleTournament(tr)
		return nil
	} else if err != nil {
		return err
	}
	b.mu.Lock()
	tr.rec = rec
	b.mu.Unlock()
	b.announce(rec.ID)
	b.log.Info("tournament started", "tournament", rec.ID, "players", n)
	b.scheduleTournament(tr)
	return b.advanceLocked(ctx, tr)
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
func (b *Book) advanceLocked(ctx context.Context, tr *tourney) error {
	st, err := b.tournamentStore()
	if err != nil {
		return err
	}
	for range 8 {
		if b.lobby.Clustered() {
			// A game of this tournament that ended on a node that died
			// before recording it is read from its stored result.
			b.catchUpGamesLocked(tr, nil)
		}
		if err := b.refreshClustered(ctx, st, tr); err != nil {
			return err
		}
		err := b.advanceOnce(ctx, st, tr)
		if !errors.Is(err, errTournamentMoved) {
			return err
		}
	}
	return nil // moved on by others every time: they carry it
}

func (b *Book) advanceOnce(ctx context.Context, st tournament.Store, tr *tourney) error {
	b.mu.Lock()
	rec, entries, games := tr.rec, pureEntries(tr.entries), slices.Clone(tr.games)
	b.mu.Unlock()
	if rec.Status != tournament.Running {
		return nil
	}
	if seatingPending(rec, games) {
		return b.resumeSeating(ctx, st, tr, rec, entries, games)
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
	now := b.lobby.Now().UTC()
	pure := pureGames(games)
	var seating [][]tournament.Seat
	switch rec.Format {
	case tournament.Swiss:
		if len(running) > 0 || anyRunning(games) {
			return nil
		}
		active := tournament.Active(tournament.Standings(entries, pure))
		if rec.Round >= rec.Rounds || len(active) == 0 {
			return b.endTournament(ctx, st, tr, now)
		}
		seating = tournament.NextRound(seatingOrder(rec, entries), pure, rec.TableSize)
		rec.Round++
	case tournament.Arena:
		if !now.Before(rec.EndsAt) {
			if anyRunning(games) {
				return nil
			}
			return b.endTournament(ctx, st, tr, now)
		}
		seating = b.arenaSeating(rec, entries, games)
		if len(seating) > 0 {
			rec.Round++ // an arena counts its seatings
		}
	}
	if len(seating) == 0 {
		return nil
	}
	// The move takes the seating lease with the round (seating.go).
	holder := seatingHolder()
	rec.SeatingNode, rec.SeatingUntil = holder, now.Add(seatingLease)
	if err := b.moveTournament(ctx, st, rec, from); err != nil {
		return err
	}
	b.mu.Lock()
	tr.rec = rec
	b.mu.Unlock()
	if b.lobby.Clustered() {
		// The other nodes arm the lease's timer: if this node dies before
		// the tables are linked, one of them seats the round.
		b.announce(rec.ID)
	}
	if seatingHook != nil {
		if err := seatingHook(); err != nil {
			return err
		}
	}
	for i, seats := range seating {
		if err := b.openTournamentTable(ctx, st, tr, rec, i+1, seats); err != nil {
			b.log.Error("a tournament table did not open", "tournament", rec.ID, "round", rec.Round, "err", err)
			b.announce(rec.ID)
			return err
		}
	}
	return b.seated(ctx, st, tr, rec.Round, holder)
}

func anyRunning(games []tournament.GameRecord) bool {
	return slices.ContainsFunc(games, func(g tournament.GameRecord) bool { return !g.Finished })
}

func (b *Book) endTournament(ctx context.Context, st tournament.Store, tr *tourney, now time.Time) error {
	b.mu.Lock()
	rec := tr.rec
	b.mu.Unlock()
	from := rec
	rec.Status, rec.EndedAt = tournament.Finished, now
	if err := b.moveTournament(ctx, st, rec, from); err != nil {
		return err
	}
	b.announce(rec.ID)
	b.mu.Lock()
	tr.rec = rec
	if tr.timer != nil {
		tr.timer.Stop()
		tr.timer = nil
	}
	b.mu.Unlock()
	b.log.Info("tournament finished", "tournament", rec.ID)
	return nil
}

// openTournamentTable opens and starts one table of the tournament: its
// players seated and ready, its empty seats the game's standard bot, its
// options with the evening limit. The table is linked to the tournament
// before it starts, so that a game that ends at once (bots only) is heard.
func (b *Book) openTournamentTable(ctx context.Context, st tournament.Store, tr *tourney, rec tournament.Record, no int, seats []tournament.Seat) error {
	def, err := b.reg.Get(rec.Game)
	if err != nil {
		return errs.User(errs.ErrNotFound, fmt.Sprintf("this server no longer offers %s", rec.Game))
	}
	info, err := b.reg.Info(rec.Game) // the registry's, built once
	if err != nil {
		return err
	}
	opts, err := def.ValidateOptions(len(seats), tournamentOptions(info, rec.Options))
	if err != nil {
		return err
	}
	pace := 0
	if n, err := strconv.Atoi(rec.Pace); err == nil && n > 0 {
		pace = n
	}
	nt := NewTable{Tournament: rec.ID, LobbyID: rec.LobbyID, Round: rec.Round, Def: def, Info: info, Options: opts, TurnTimer: pace, Seats: seats}
	return b.tables.OpenTable(ctx, nt, func(id int64) error {
		g := tournament.GameRecord{TableID: id, Game: tournament.Game{Round: rec.Round, Table: no, Seats: seats}}
		if err := st.SaveTournamentGame(ctx, rec.ID, g); err != nil {
			return b.lobby.StorageErr(err)
		}
		b.mu.Lock()
		tr.games = append(tr.games, g)
		b.table[id] = rec.ID
		b.mu.Unlock()
		return nil
	})
}

// GameOver is what the live lobby tells when a table's game ends (the
// hook in its finish, the table's lock held): each seat's placing and the
// players flagged away or gone idle (absent from the next round). When the
// table plays for a tournament, they are recorded and the tournament
// advances, apart from the table's lock.
func (b *Book) GameOver(tableID int64, placing []int, away []tournament.PlayerID) {
	b.mu.Lock()
	tid, ok := b.table[tableID]
	tr := b.byID[tid]
	b.mu.Unlock()
	if (!ok || tr == nil) && !b.lobby.Clustered() {
		return
	}
	b.busy.Add(1)
	go func() {
		defer b.busy.Done()
		b.lobby.Guard("tournament game over", func() {
			if tr == nil {
				// A node of a cluster may not have heard that the table (one
				// it adopted, say) plays for a tournament: the store knows.
				if tr = b.tournamentOfTable(tableID); tr == nil {
					return
				}
			}
			b.recordTournamentGame(tr, tableID, placing, away)
		})
	}()
}

func (b *Book) recordTournamentGame(tr *tourney, tableID int64, placing []int, away []tournament.PlayerID) {
	st, err := b.tournamentStore()
	if err != nil {
		return
	}
	ctx := b.bg
	tr.step.Lock()
	defer tr.step.Unlock()
	if err := b.refreshClustered(ctx, st, tr); err != nil {
		b.log.Error("reading a tournament failed", "tournament", tr.id, "err", err)
		return
	}
	b.mu.Lock()
	gi := slices.IndexFunc(tr.games, func(g tournament.GameRecord) bool { return g.TableID == tableID })
	var g tournament.GameRecord
	if gi >= 0 {
		g = tr.games[gi]
		g.Seats = slices.Clone(g.Seats)
	}
	b.mu.Unlock()
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
		b.log.Error("storing a tournament game's end failed", "tournament", tr.id, "table", tableID, "err", err)
		return
	}
	b.mu.Lock()
	tr.games[gi] = g
	var gone []tournament.EntryRecord
	for _, p := range away {
		if i := entryIndex(tr.entries, int64(p)); i >= 0 && !tr.entries[i].Absent {
			e := tr.entries[i]
			e.Absent = true
			gone = append(gone, e)
		}
	}
	b.mu.Unlock()
	for _, e := range gone {
		if err := st.SaveEntry(ctx, tr.id, e); err != nil {
			b.log.Error("storing an absent player failed", "tournament", tr.id, "err", err)
			continue
		}
		b.mu.Lock()
		if i := entryIndex(tr.entries, int64(e.Player)); i >= 0 {
			tr.entries[i] = e
		}
		b.mu.Unlock()
	}
	b.announce(tr.id)
	if err := b.advanceLocked(ctx, tr); err != nil {
		b.log.Warn("tournament did not advance", "tournament", tr.id, "err", err)
	}
}
