package tourneys

import (
	"context"
	"fmt"
	"slices"

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
				b.catchUpGamesLocked(tr)
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
func (b *Book) catchUpGamesLocked(tr *tourney) {
	st, err := b.tournamentStore()
	if err != nil {
		return
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
		b.log.Info("tournament game caught up after a restart", "tournament", tr.id, "table", g.TableID)
	}
}
