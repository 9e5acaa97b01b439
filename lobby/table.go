package lobby

import (
	"context"
	"sort"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// EventLine is an event of a game's log as viewer reads it (a replay reads
// it as engine.Spectator), with players' names for the engine's "Seat N";
// ok is false when the viewer reads nothing of it.
func EventLine(seq int, ev engine.Event, at time.Time, viewer int, names []string) (LogLine, bool) {
	return play.EventLine(seq, ev, at, viewer, names)
}

// update runs fn under the table's lock and publishes what it queued once
// the lock is released.
func (s *Service) update(t *table, fn func() error) error {
	_, err := s.updateFrame(t, fn)
	return err
}

// updateFrame is update returning the state frame it published with the
// table's update (nil when fn changed nothing at the table). The frame is
// built once under the lock, after fn, for the classes of the table's
// watchers (frame.go).
func (s *Service) updateFrame(t *table, fn func() error) (*stateFrame, error) {
	t.Mu.Lock()
	if t.Closed {
		t.Mu.Unlock()
		return nil, ErrShuttingDown
	}
	err := fn()
	t.IdleCheckLocked()
	out := t.Out
	t.Out = nil
	notice := t.NoticeLocked(len(out) > 0)
	var f *stateFrame
	kept := out[:0]
	for _, p := range out {
		if p.U.Topic.Kind == TopicTable && p.U.Topic.ID == t.ID && p.Only == 0 && p.Exclude == nil {
			if f != nil {
				continue // one table update per change: every copy would say the same
			}
			f = t.Frame()
			p.Frame = f
		}
		kept = append(kept, p)
	}
	if len(out) > 0 {
		kept = append(kept, s.bellsLocked(t)...) // a decision that opened rings its player (bell.go)
	}
	t.Mu.Unlock()
	s.hub.publish(kept...)
	s.announce(notice)
	return f, err
}

// lookupTable returns a table the viewer may see.
func (s *Service) lookupTable(viewer, id int64) (*table, error) {
	s.mu.RLock()
	t, ok := s.tables[id]
	s.mu.RUnlock()
	if !ok || !s.canSeeLobby(viewer, t.LobbyID) {
		return nil, userErr(ErrNotFound, "there is no such table")
	}
	return t, nil
}

// tablesOf returns the tables of a lobby, oldest first.
func (s *Service) tablesOf(lobbyID int64) []*table {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []*table
	for _, t := range s.tables {
		if t.LobbyID == lobbyID {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

var statusOrder = map[string]int{TableForming: 0, TablePlaying: 1, TableFinished: 2, TableAbandoned: 3}

// Tables lists a lobby's tables: forming first, then playing, then those
// finished or abandoned in the last FinishedListed (older finished games
// are in RecentResults).
func (s *Service) Tables(ctx context.Context, viewer *Account, lobbyID int64) ([]Table, error) {
	if !s.canSeeLobby(viewerID(viewer), lobbyID) {
		return nil, userErr(ErrNotFound, "there is no such lobby")
	}
	s.prune()
	cutoff := s.clock.Now().UTC().Add(-FinishedListed)
	var out []Table
	for _, t := range s.tablesOf(lobbyID) {
		t.Mu.Lock()
		// A finished game's import is not a table anyone plays at: its
		// standings are among the lobby's results.
		recent := (t.Status != TableFinished && t.Status != TableAbandoned) || !t.UpdatedAt.Before(cutoff)
		if recent && !t.ResultOnly {
			out = append(out, t.View())
		}
		t.Mu.Unlock()
	}
	sort.SliceStable(out, func(i, j int) bool { return statusOrder[out[i].Status] < statusOrder[out[j].Status] })
	return out, nil
}

// Table returns one table the viewer may see.
func (s *Service) Table(ctx context.Context, viewer *Account, tableID int64) (Table, error) {
	t, err := s.lookupTable(viewerID(viewer), tableID)
	if err != nil {
		return Table{}, err
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return t.View(), nil
}

// prune forgets finished and abandoned tables after finishedRetention.
func (s *Service) prune() {
	cutoff := s.clock.Now().UTC().Add(-finishedRetention)
	s.mu.RLock()
	var old []*table
	for _, t := range s.tables {
		old = append(old, t)
	}
	s.mu.RUnlock()
	var drop []int64
	for _, t := range old {
		t.Mu.Lock()
		if (t.Status == TableFinished || t.Status == TableAbandoned) && t.UpdatedAt.Before(cutoff) {
			drop = append(drop, t.ID)
		}
		t.Mu.Unlock()
	}
	if len(drop) == 0 {
		return
	}
	s.mu.Lock()
	for _, id := range drop {
		delete(s.tables, id)
	}
	s.mu.Unlock()
	for _, id := range drop {
		s.chat.Forget(TableChannel(id), SpectatorChannel(id))
	}
}
