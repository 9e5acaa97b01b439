package floor

import (
	"context"
	"slices"
	"sort"
)

// Update runs fn under the table's lock and publishes what it queued once
// the lock is released.
func (fl *Floor) Update(t *table, fn func() error) error {
	_, err := fl.updateFrame(t, fn)
	return err
}

// updateFrame is update returning the state frame it published with the
// table's update (nil when fn changed nothing at the table). The frame is
// built once under the lock, after fn, for the classes of the table's
// watchers (frame.go).
func (fl *Floor) updateFrame(t *table, fn func() error) (*stateFrame, error) {
	t.Mu.Lock()
	if t.Closed {
		t.Mu.Unlock()
		return nil, ErrShuttingDown
	}
	err := fn()
	t.IdleCheckLocked()
	out := t.TakeOut()
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
		kept = append(kept, fl.bellsLocked(t)...) // a decision that opened rings its player (bells.go)
	}
	t.Mu.Unlock()
	fl.sessions.Publish(kept...)
	fl.Announce(notice)
	return f, err
}

// Lookup returns a table the viewer may see.
func (fl *Floor) Lookup(viewer, id int64) (*table, error) {
	fl.mu.RLock()
	t, ok := fl.tables[id]
	fl.mu.RUnlock()
	if !ok || !fl.lobby.CanSee(viewer, t.LobbyID) {
		return nil, userErr(ErrNotFound, "there is no such table")
	}
	return t, nil
}

// Of returns the tables of a lobby, oldest first.
func (fl *Floor) Of(lobbyID int64) []*table {
	fl.mu.RLock()
	defer fl.mu.RUnlock()
	var out []*table
	for _, t := range fl.tables {
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
func (fl *Floor) Tables(ctx context.Context, viewer *Account, lobbyID int64) ([]Table, error) {
	if !fl.lobby.CanSee(viewerID(viewer), lobbyID) {
		return nil, userErr(ErrNotFound, "there is no such lobby")
	}
	fl.prune()
	cutoff := fl.clock.Now().UTC().Add(-FinishedListed)
	var out []Table
	for _, t := range fl.Of(lobbyID) {
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
func (fl *Floor) Table(ctx context.Context, viewer *Account, tableID int64) (Table, error) {
	t, err := fl.Lookup(viewerID(viewer), tableID)
	if err != nil {
		return Table{}, err
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return t.View(), nil
}

// prune forgets finished and abandoned tables after finishedRetention.
func (fl *Floor) prune() {
	cutoff := fl.clock.Now().UTC().Add(-finishedRetention)
	fl.mu.RLock()
	var old []*table
	for _, t := range fl.tables {
		old = append(old, t)
	}
	fl.mu.RUnlock()
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
	fl.mu.Lock()
	for _, id := range drop {
		delete(fl.tables, id)
	}
	fl.mu.Unlock()
	for _, id := range drop {
		fl.sessions.Forget(tableChannel(id), spectatorChannel(id))
	}
}

// Get returns the table with the id, nil when this node holds none, for
// callers that check who may see it themselves.
func (fl *Floor) Get(id int64) *table {
	fl.mu.RLock()
	defer fl.mu.RUnlock()
	return fl.tables[id]
}

// All returns every table this node holds.
func (fl *Floor) All() []*table { return fl.appendTables(nil, 0) }

// appendTables appends every table this node holds but except (0: none)
// to dst, under the floor's lock.
func (fl *Floor) appendTables(dst []*table, except int64) []*table {
	fl.mu.RLock()
	defer fl.mu.RUnlock()
	dst = slices.Grow(dst, len(fl.tables))
	for id, t := range fl.tables {
		if id != except {
			dst = append(dst, t)
		}
	}
	return dst
}

// Add holds a new table, stored and claimed already (Claim).
func (fl *Floor) Add(t *table) {
	fl.mu.Lock()
	fl.tables[t.ID] = t
	fl.mu.Unlock()
}

// AddUnlessClosing is Add refused once Shutdown has started.
func (fl *Floor) AddUnlessClosing(t *table) bool {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	if fl.closing.Load() {
		return false
	}
	fl.tables[t.ID] = t
	return true
}
