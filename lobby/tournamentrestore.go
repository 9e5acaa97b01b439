package lobby

import (
	"context"
	"fmt"
	"slices"

	"boardroom/lobby/tournament"
)

// The tournaments after a restart: rebuilt from the store before the
// tables are restored, their clocks armed again, and the games that ended
// unheard caught up from the stored results.

// loadTournaments rebuilds the tournaments from the store (New, before the
// tables are restored, so that a game whose end is replayed then is heard).
func (s *Service) loadTournaments(ctx context.Context) error {
	st, err := s.tournamentStore()
	if err != nil {
		return nil // a store without tournaments: the commands say so
	}
	recs, err := st.Tournaments(ctx)
	if err != nil {
		return fmt.Errorf("lobby: loading tournaments: %w", err)
	}
	s.tour.mu.Lock()
	defer s.tour.mu.Unlock()
	s.tour.byID, s.tour.table = map[int64]*tourney{}, map[int64]int64{}
	for _, rec := range recs {
		tr := newTourney(rec)
		if tr.entries, err = st.Entries(ctx, rec.ID); err != nil {
			return fmt.Errorf("lobby: loading tournament %d: %w", rec.ID, err)
		}
		if tr.games, err = st.TournamentGames(ctx, rec.ID); err != nil {
			return fmt.Errorf("lobby: loading tournament %d: %w", rec.ID, err)
		}
		for _, g := range tr.games {
			s.tour.table[g.TableID] = rec.ID
		}
		s.tour.byID[rec.ID] = tr
	}
	return nil
}

// resumeTournaments sets the timers again and lets every running
// tournament take the step it may have missed while the server was down
// (a round whose last game ended just before).
func (s *Service) resumeTournaments() {
	s.tour.mu.Lock()
	trs := make([]*tourney, 0, len(s.tour.byID))
	for _, tr := range s.tour.byID {
		trs = append(trs, tr)
	}
	s.tour.mu.Unlock()
	for _, tr := range trs {
		s.scheduleTournament(tr)
		s.tour.mu.Lock()
		running := tr.rec.Status == tournament.Running
		s.tour.mu.Unlock()
		if !running {
			continue
		}
		s.tour.busy.Add(1)
		go func() {
			defer s.tour.busy.Done()
			s.guard("tournament resume", func() {
				tr.step.Lock()
				defer tr.step.Unlock()
				s.catchUpGamesLocked(tr)
				if err := s.advanceLocked(s.bg, tr); err != nil {
					s.log.Warn("tournament did not resume", "tournament", tr.id, "err", err)
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
func (s *Service) catchUpGamesLocked(tr *tourney) {
	st, err := s.tournamentStore()
	if err != nil {
		return
	}
	results, ok := s.store.(interface {
		GameResult(ctx context.Context, tableID int64) (*ResultRecord, error)
	})
	if !ok {
		return
	}
	s.tour.mu.Lock()
	games := slices.Clone(tr.games)
	s.tour.mu.Unlock()
	for i, g := range games {
		if g.Finished {
			continue
		}
		s.mu.RLock()
		t := s.tables[g.TableID]
		s.mu.RUnlock()
		if t != nil {
			t.mu.Lock()
			live := t.status == TablePlaying || t.status == TableForming
			t.mu.Unlock()
			if live {
				continue // it ends later, and the hook hears it
			}
		}
		rec, err := s.store.LoadTable(s.bg, g.TableID)
		if err != nil || rec == nil || rec.Status == TablePlaying || rec.Status == TableForming {
			continue
		}
		res, err := results.GameResult(s.bg, g.TableID)
		if err != nil {
			s.log.Warn("reading a tournament game's result", "tournament", tr.id, "table", g.TableID, "err", err)
			continue
		}
		g.Seats = slices.Clone(g.Seats)
		if res != nil {
			for _, rs := range res.Seats {
				if rs.Seat >= 0 && rs.Seat < len(g.Seats) {
					g.Seats[rs.Seat].Placing = rs.Placement
				}
			}
		}
		g.Finished = true
		if err := st.SaveTournamentGame(s.bg, tr.id, g); err != nil {
			s.log.Error("storing a tournament game's end failed", "tournament", tr.id, "table", g.TableID, "err", err)
			continue
		}
		s.tour.mu.Lock()
		tr.games[i] = g
		s.tour.mu.Unlock()
		s.log.Info("tournament game caught up after a restart", "tournament", tr.id, "table", g.TableID)
	}
}
