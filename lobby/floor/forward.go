package floor

import (
	"context"
	"encoding/json"
	"slices"

	"boardroom/engine"
	"boardroom/lobby/wire"
)

// forward runs c at the table's owner when this node holds only a replica
// of it (Cluster.Forward); handled is false when this node should run the
// call itself (no cluster, it owns the table, or it does not know it).
func (fl *Floor) forward(ctx context.Context, acc *Account, c TableCall) (res CallResult, handled bool, err error) {
	if fl.cfg.Cluster == nil {
		return CallResult{}, false, nil
	}
	c.Account = viewerID(acc)
	if c.Method == CallAct {
		return fl.forwardAct(ctx, acc, c) // a move waits for a new owner (moving.go)
	}
	return fl.cfg.Cluster.Forward(ctx, c, fl.cfg.OwnerWait)
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

// Holds reports whether this node holds the table, whether as a replica,
// and whether its game is finished.
func (fl *Floor) Holds(tableID int64) (held, replica, finished bool) {
	fl.mu.RLock()
	t, ok := fl.tables[tableID]
	fl.mu.RUnlock()
	if !ok {
		return false, false, false
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return true, t.Own.Replica(), t.Status == TableFinished
}

// Caller is the account of a forwarded call (nil for a guest); its handle
// is cached here, since the caller may be new to this node.
func (fl *Floor) Caller(ctx context.Context, accountID int64) (*Account, error) {
	if accountID == 0 {
		return nil, nil
	}
	a, err := fl.store.AccountByID(ctx, accountID)
	if err != nil {
		return nil, fl.host.StorageErr(err)
	}
	if a != nil {
		fl.host.SetHandle(a.ID, a.Handle)
	}
	return a, nil
}

// DecodeAction reads an action of the table's game in the log's encoding.
func (fl *Floor) DecodeAction(tableID int64, raw json.RawMessage) (engine.Action, error) {
	fl.mu.RLock()
	t, ok := fl.tables[tableID]
	fl.mu.RUnlock()
	if !ok {
		return nil, ErrNotFound
	}
	return t.Def.DecodeAction(raw)
}

// LeaveForming frees the account's seat at a forming table, for an account
// that left the table's lobby on another node.
func (fl *Floor) LeaveForming(ctx context.Context, tableID, accountID int64) error {
	fl.mu.RLock()
	t, ok := fl.tables[tableID]
	fl.mu.RUnlock()
	if !ok {
		return ErrNotFound
	}
	return fl.Update(t, func() error {
		if t.Status == TableForming && t.SeatOf(accountID) >= 0 {
			return t.StandLocked(ctx, accountID)
		}
		return nil
	})
}

// Version is the table's action count (0 for a table this node does not
// hold).
func (fl *Floor) Version(tableID int64) int {
	fl.mu.RLock()
	t, ok := fl.tables[tableID]
	fl.mu.RUnlock()
	if !ok {
		return 0
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return t.Version
}

// Watchers lists the local watchers of the tables this node does not own,
// each list in order and each account once (owners compare the lists).
func (fl *Floor) Watchers() map[int64][]int64 {
	out := map[int64][]int64{}
	for _, t := range fl.All() {
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
func (fl *Floor) announcePresence(t *table) {
	if fl.cfg.Cluster == nil {
		return
	}
	t.Mu.Lock()
	replica := t.Own.Replica()
	t.Mu.Unlock()
	if replica {
		fl.cfg.Cluster.WatchersChanged()
	}
}

// Reconcile marks the seats of the owned tables among ids away or back by
// whether their players now watch from any node.
func (fl *Floor) Reconcile(ids map[int64]bool) {
	for id := range ids {
		fl.mu.RLock()
		t, ok := fl.tables[id]
		fl.mu.RUnlock()
		if !ok {
			continue
		}
		_ = fl.Update(t, func() error {
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
					t.BackLocked(fl.bg, i)
				case !on && !t.Play[i].Gone:
					// Presence says where players watch, not whether they
					// are online elsewhere: a session here still counts.
					t.AbsentLocked(i, fl.sessions.Here(st.AccountID))
				}
			}
			return nil
		})
	}
}

// MemberLeft frees the account's seats at the lobby's forming tables: it
// left the lobby (at the owner, in a cluster, which stands them up).
func (fl *Floor) MemberLeft(ctx context.Context, lobbyID, accountID int64) {
	for _, t := range fl.Of(lobbyID) {
		if _, ok, _ := fl.forward(ctx, &Account{ID: accountID}, TableCall{TableID: t.ID, Method: wire.CallLeft}); ok {
			continue // the owner stands them up
		}
		_ = fl.Update(t, func() error {
			if t.Status == TableForming && t.SeatOf(accountID) >= 0 {
				return t.StandLocked(ctx, accountID)
			}
			return nil
		})
	}
}
