package lobby

import (
	"context"
	"encoding/json"
	"slices"

	"boardroom/engine"
	"boardroom/lobby/live"
)

// defaultOwnerWait is how long a call waits for a table that is changing
// owner (Config.OwnerWait): its player is answered within a second, that
// the table is moving (ErrNoOwner); a move waits on for the new owner
// (moving.go).
const defaultOwnerWait = live.MovingAnswer

// forward runs c at the table's owner when this node holds only a replica
// of it (Cluster.Forward); handled is false when this node should run the
// call itself (no cluster, it owns the table, or it does not know it).
func (s *Service) forward(ctx context.Context, acc *Account, c TableCall) (res CallResult, handled bool, err error) {
	if s.cfg.Cluster == nil {
		return CallResult{}, false, nil
	}
	c.Account = viewerID(acc)
	if c.Method == CallAct {
		return s.forwardAct(ctx, acc, c) // a move waits for a new owner (moving.go)
	}
	return s.cfg.Cluster.Forward(ctx, c, s.cfg.OwnerWait)
}

// encodeAction is an action in the log's encoding, for a forwarded Act.
func encodeAction(a engine.Action) []byte {
	if a == nil {
		return nil
	}
	la, err := engine.Log(0, a)
	if err != nil {
		return nil
	}
	return la.Action
}

// watchedElsewhere reports whether, in a cluster, a session on another
// node watches the table as the account.
func (s *Service) watchedElsewhere(tableID, accountID int64) bool {
	return s.cfg.Cluster != nil && s.cfg.Cluster.WatchedElsewhere(tableID, accountID)
}

// Holds reports whether this node holds the table, whether as a replica,
// and whether its game is finished.
func (s *Service) Holds(tableID int64) (held, replica, finished bool) {
	s.mu.RLock()
	t, ok := s.tables[tableID]
	s.mu.RUnlock()
	if !ok {
		return false, false, false
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return true, t.Own.Replica(), t.Status == TableFinished
}

// Caller is the account of a forwarded call (nil for a guest); its handle
// is cached here, since the caller may be new to this node.
func (s *Service) Caller(ctx context.Context, accountID int64) (*Account, error) {
	if accountID == 0 {
		return nil, nil
	}
	a, err := s.store.AccountByID(ctx, accountID)
	if err != nil {
		return nil, s.storageErr(err)
	}
	if a != nil {
		s.setHandle(a.ID, a.Handle)
	}
	return a, nil
}

// DecodeAction reads an action of the table's game in the log's encoding.
func (s *Service) DecodeAction(tableID int64, raw json.RawMessage) (engine.Action, error) {
	s.mu.RLock()
	t, ok := s.tables[tableID]
	s.mu.RUnlock()
	if !ok {
		return nil, ErrNotFound
	}
	return t.Def.DecodeAction(raw)
}

// LeaveForming frees the account's seat at a forming table, for an account
// that left the table's lobby on another node.
func (s *Service) LeaveForming(ctx context.Context, tableID, accountID int64) error {
	s.mu.RLock()
	t, ok := s.tables[tableID]
	s.mu.RUnlock()
	if !ok {
		return ErrNotFound
	}
	return s.update(t, func() error {
		if t.Status == TableForming && t.SeatOf(accountID) >= 0 {
			return t.StandLocked(ctx, accountID)
		}
		return nil
	})
}

// Version is the table's action count (0 for a table this node does not
// hold).
func (s *Service) Version(tableID int64) int {
	s.mu.RLock()
	t, ok := s.tables[tableID]
	s.mu.RUnlock()
	if !ok {
		return 0
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return t.Version
}

// Watchers lists the local watchers of the tables this node does not own,
// each list in order and each account once (owners compare the lists).
func (s *Service) Watchers() map[int64][]int64 {
	out := map[int64][]int64{}
	for _, t := range s.allTables() {
		t.Mu.Lock()
		if t.Own.Replica() {
			for _, id := range t.Watchers {
				if id != 0 {
					out[t.ID] = append(out[t.ID], id)
				}
			}
		}
		t.Mu.Unlock()
	}
	for id, accs := range out {
		slices.Sort(accs)
		out[id] = slices.Compact(accs)
	}
	return out
}

// announcePresence tells the owners at once that a session here started or
// stopped watching a table they own.
func (s *Service) announcePresence(t *table) {
	if s.cfg.Cluster == nil {
		return
	}
	t.Mu.Lock()
	replica := t.Own.Replica()
	t.Mu.Unlock()
	if replica {
		s.cfg.Cluster.WatchersChanged()
	}
}

// Reconcile marks the seats of the owned tables among ids away or back by
// whether their players now watch from any node.
func (s *Service) Reconcile(ids map[int64]bool) {
	for id := range ids {
		s.mu.RLock()
		t, ok := s.tables[id]
		s.mu.RUnlock()
		if !ok {
			continue
		}
		_ = s.update(t, func() error {
			if t.Own.Replica() {
				return nil
			}
			t.Changed(false) // the seats' connected marks changed
			if t.Status != TablePlaying || t.G == nil {
				return nil
			}
			for i, st := range t.Seats {
				if st.Bot || st.Empty() || i >= len(t.Play) {
					continue
				}
				switch on := t.Connections(st.AccountID) > 0; {
				case on && t.Play[i].Gone:
					t.BackLocked(s.bg, i)
				case !on && !t.Play[i].Gone:
					// Presence says where players watch, not whether they
					// are online elsewhere: a session here still counts.
					t.AbsentLocked(i, s.hub.online(st.AccountID))
				}
			}
			return nil
		})
	}
}
