package tourneys

import (
	"context"
	"fmt"
	"slices"
	"time"

	"boardroom/lobby/tournament"
)

// The tournaments after a restart: rebuilt from the store before the
// tables are restored, their clocks armed again, and the games that ended
// unheard caught up from the stored results.

// Load rebuilds the tournaments from the store (the lobby's New, before the
// tables are restored, so that a game whose end is replayed then is heard).
func (b *Book) Load(ctx context.Context) error {
	st, err := b.tournamentStore()
	if err != nil {
		return nil // a store without tournaments: the commands say so
	}
	recs, err := st.Tournaments(ctx)
	if err != nil {
		return fmt.Errorf("lobby: loading tournaments: %w", err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.byID, b.table = map[int64]*tourney{}, map[int64]int64{}
	for _, rec := range recs {
		tr := newTourney(rec)
		if tr.entries, err = st.Entries(ctx, rec.ID); err != nil {
			return fmt.Errorf("lobby: loading tournament %d: %w", rec.ID, err)
		}
		if tr.games, err = st.TournamentGames(ctx, rec.ID); err != nil {
			return fmt.Errorf("lobby: loading tournament %d: %w", rec.ID, err)
		}
		for _, g := range tr.games {
			b.table[g.TableID] = rec.ID
		}
		b.byID[rec.ID] = tr
	}
	return nil
}

// Resume sets the timers again and lets every running
// tournament take the step it may have missed while the server was down
// (a round whose last game ended just before).
func (b *Book) Resume() {
	b.mu.Lock()
	trs := make([]*tourney, 0, len(b.byID))
	for _, tr := range b.byID {
		trs = append(trs, tr)
	}
	b.mu.Unlock()
	b.sweepLater()
	for _, tr := range trs {
		b.scheduleTournament(tr)
		b.mu.Lock()
		running := tr.rec.Status == tournament.Running
		b.mu.Unlock()
		if !running {
			continue
		}
		b.busy.Add(1)
		go func() {
			defer b.busy.Done()
			b.lobby.Guard("tournament resume", func() {
				tr.step.Lock()
				defer tr.step.Unlock()
				b.catchUpGamesLocked(tr, nil)
				if err := b.advanceLocked(b.bg, tr); err != nil {
					b.log.Warn("tournament did not resume", "tournament", tr.id, "err", err)
				}
			})
		}()
	}
}

// catchUpGamesLocked records the games of a tournament that ended while it
// did not hear (the server stopped between a game's end and the
// tournament's record of it): their placings are read from the stored
// results; a table that ended without results (abandoned) counts as
// finished without points, so that its round is not held up forever.
//
// ripe, when not nil, says which of the ended games to record now (the
// sweep's: those it saw ended at its last round too).
func (b *Book) catchUpGamesLocked(tr *tourney, ripe func(tableID int64) bool) (caught int) {
	st, err := b.tournamentStore()
	if err != nil {
		return 0
	}
	b.mu.Lock()
	games := slices.Clone(tr.games)
	b.mu.Unlock()
	for i, g := range games {
		if g.Finished {
			continue
		}
		placings, ended, err := b.tables.Ended(b.bg, g.TableID)
		if err != nil {
			b.log.Warn("reading a tournament game's result", "tournament", tr.id, "table", g.TableID, "err", err)
			continue
		}
		if !ended {
			continue // it ends later, and the hook hears it
		}
		if ripe != nil && !ripe(g.TableID) {
			continue
		}
		g.Seats = slices.Clone(g.Seats)
		for seat, placing := range placings {
			if seat >= 0 && seat < len(g.Seats) {
				g.Seats[seat].Placing = placing
			}
		}
		g.Finished = true
		if err := st.SaveTournamentGame(b.bg, tr.id, g); err != nil {
			b.log.Error("storing a tournament game's end failed", "tournament", tr.id, "table", g.TableID, "err", err)
			continue
		}
		b.mu.Lock()
		tr.games[i] = g
		b.mu.Unlock()
		caught++
		b.log.Info("tournament game caught up after its end went unrecorded", "tournament", tr.id, "table", g.TableID)
	}
	return caught
}

// sweepEvery is how often a node of a cluster looks for tournament games
// that ended unrecorded (Sweep).
const sweepEvery = 30 * time.Second

// sweepLater arms the next sweep, on the nodes of a cluster only.
func (b *Book) sweepLater() {
	if !b.lobby.Clustered() || b.lobby.ShuttingDown() {
		return
	}
	b.lobby.AfterFunc(sweepEvery, "tournament sweep", func() {
		b.Sweep()
		b.sweepLater()
	})
}

// Sweep records, for every running tournament, the games that ended while
// no node recorded them (catchUpGamesLocked), and moves the tournament on
// when it found one. In a cluster a game's end is recorded by the node
// that ran its table, after the table stored it and apart from the
// table's lock (GameOver); a node that dies between the two leaves its
// tournament waiting for a game that is over. When that game was its
// round's last, nothing else would move it on: its table is finished, so
// no node adopts it; no other game of the round ends; no timer is armed.
// Every node sweeps every sweepEvery; a game is recorded at the second
// sweep that finds it ended and unrecorded, so that a sweep never runs
// ahead of the node that records it as it ends (which knows who was
// away, absent from the next round): the survivors move the tournament on
// within two sweeps. The step is a compare-and-set, so of two nodes one
// seats the next round.
func (b *Book) Sweep() {
	st, err := b.tournamentStore()
	if err != nil {
		return
	}
	b.mu.Lock()
	var trs []*tourney
	for _, tr := range b.byID {
		// every running one: what this node holds of its games may be
		// older than the store (refreshClustered reads it again)
		if tr.rec.Status == tournament.Running {
			trs = append(trs, tr)
		}
	}
	before := b.unheard
	b.mu.Unlock()
	seen := map[int64]bool{}
	ripe := func(tableID int64) bool {
		seen[tableID] = true
		return before[tableID]
	}
	defer func() {
		b.mu.Lock()
		b.unheard = seen
		b.mu.Unlock()
	}()
	for _, tr := range trs {
		if b.lobby.ShuttingDown() {
			return
		}
		b.lobby.Guard("tournament sweep", func() {
			tr.step.Lock()
			defer tr.step.Unlock()
			if err := b.refreshClustered(b.bg, st, tr); err != nil {
				b.log.Warn("reading a tournament to sweep", "tournament", tr.id, "err", err)
				return
			}
			if b.catchUpGamesLocked(tr, ripe) == 0 {
				return
			}
			if err := b.advanceLocked(b.bg, tr); err != nil {
				b.log.Warn("a tournament did not move on after its sweep", "tournament", tr.id, "err", err)
			}
		})
	}
}
