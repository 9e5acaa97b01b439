package floor

import (
	"context"
	"fmt"

	"boardroom/lobby/tables"
)

// Owned lists the tables this node owns, with their tokens: the forming
// and playing ones, and the finished games it ran while it keeps them (for
// their rematch, which the other nodes forward here).
func (fl *Floor) Owned() map[int64]int64 {
	out := map[int64]int64{}
	for _, t := range fl.All() {
		t.Mu.Lock()
		if !t.Own.Replica() {
			out[t.ID] = t.Own.Token()
		}
		t.Mu.Unlock()
	}
	return out
}

// Relinquish makes an owned table a replica: no more writes, timers or bots.
func (fl *Floor) Relinquish(tableID int64) {
	fl.mu.RLock()
	t, ok := fl.tables[tableID]
	fl.mu.RUnlock()
	if !ok {
		return
	}
	_ = fl.Update(t, func() error {
		if !t.Own.Replica() {
			t.KeepLiveLocked() // lobby/live's failover.go
			t.StopTimersLocked()
			t.Own.Relinquished(fl.clock.Now().UTC())       // it ran here until now
			fl.log.Debug("table handed on", "table", t.ID) // lobby/cluster logs why
		}
		return nil
	})
}

// Adopt makes this node the owner of a table whose lease it won: the
// replica (or a table this node never saw) catches up from the store, then
// the game goes on here as after a restart: away timers for players not
// watching from any node, the time limit, timers and bots.
func (fl *Floor) Adopt(ctx context.Context, tableID, token int64) error {
	t, err := fl.replicaOf(ctx, tableID)
	if err != nil {
		return err
	}
	return fl.Update(t, func() error {
		if err := fl.catchUpLocked(ctx, t); err != nil {
			return err
		}
		if l := t.Own.Live(); t.Status == TableFinished && l != nil && t.Rematch == nil {
			// The rematch as the last owner told it: who accepted, and
			// the new table if it made one (never a second).
			t.Rematch = tables.Restore(l.Rematch, l.RematchID)
		}
		live := t.Own.Adopt(token)
		if t.Status == TablePlaying && t.G != nil {
			for i, st := range t.Seats {
				if !st.Bot && !st.Empty() && t.Connections(st.AccountID) == 0 {
					t.StartAwayTimer(i)
				}
			}
			// The timers stood still while no node owned the table
			// (failover.go).
			t.ResumeDeadlinesLocked(ctx, fl.clock.Now().UTC(), live)
			if t.G.Outcome().Finished {
				t.Finish(fl.bg, fl.clock.Now().UTC())
			} else {
				t.StartTimeLimitLocked()
				t.SettleLocked(fl.bg)
				fl.makeWaitingLocked(ctx, t) // the moves that waited here for an owner (moving.go)
			}
		}
		// lobby/cluster logs the adoption; this says what it found.
		fl.log.Debug("table adopted", "table", t.ID, "token", token, "version", t.Version)
		t.Changed(true)
		return nil
	})
}

// replicaOf returns the table, loading it from the store as a replica when
// this node does not hold it yet.
func (fl *Floor) replicaOf(ctx context.Context, tableID int64) (*table, error) {
	fl.mu.RLock()
	t, ok := fl.tables[tableID]
	fl.mu.RUnlock()
	if ok {
		return t, nil
	}
	rec, err := fl.store.LoadTable(ctx, tableID)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, fmt.Errorf("lobby: table %d: %w", tableID, ErrNotFound)
	}
	fl.mu.Lock()
	defer fl.mu.Unlock()
	if t, ok := fl.tables[tableID]; ok {
		return t, nil
	}
	if !fl.lobby.Has(rec.LobbyID) {
		fl.mu.Unlock()
		err := fl.lobby.Reload(ctx)
		fl.mu.Lock()
		if err != nil {
			return nil, err
		}
		if t, ok := fl.tables[tableID]; ok {
			return t, nil
		}
	}
	t, err = fl.restoreTable(ctx, *rec)
	if err != nil {
		return nil, err
	}
	t.Own.BecomeReplica()
	fl.tables[t.ID] = t
	go fl.guard("new replica", func() {
		fl.sessions.Publish(publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: t.LobbyID}}})
	})
	return t, nil
}

// catchUpLocked brings a table to the store's state: its record, and the
// actions after its version applied to its game.
func (fl *Floor) catchUpLocked(ctx context.Context, t *table) error {
	rec, err := fl.store.LoadTable(ctx, t.ID)
	if err != nil {
		return err
	}
	if rec == nil {
		return fmt.Errorf("lobby: table %d: %w", t.ID, ErrNotFound)
	}
	if err := t.SyncRecordLocked(*rec); err != nil {
		return err
	}
	if t.G == nil {
		return nil
	}
	log, err := fl.store.LoadActions(ctx, t.ID)
	if err != nil {
		return err
	}
	return t.ApplyLogLocked(log, nil)
}

// ReceiveTable brings a replica up to date with its owner's notice: the
// actions when they follow on from the replica's version, else the store's
// log.
func (fl *Floor) ReceiveTable(ctx context.Context, n Notice) {
	t, err := fl.replicaOf(ctx, n.TableID)
	if err != nil {
		fl.log.Warn("notice of an unknown table", "table", n.TableID, "err", err)
		return
	}
	_ = fl.Update(t, func() error {
		if !t.Own.Replica() {
			return nil // this node owns it: the notice is from a node that lost it
		}
		before := t.ListedLocked()
		if n.Record != nil {
			if err := t.SyncRecordLocked(*n.Record); err != nil {
				fl.log.Error("replica record", "table", t.ID, "err", err)
				return nil
			}
		}
		var err error
		switch from := n.Version - len(n.Actions); {
		case t.G == nil || n.Version <= t.Version || from <= t.Version:
			if t.G != nil {
				err = t.ApplyLogLocked(n.Actions, n.Events)
			}
		default: // a notice was missed: the store has every action
			err = fl.catchUpLocked(ctx, t)
		}
		if err != nil {
			fl.log.Error("replica out of step, reloading", "table", t.ID, "err", err)
			fl.reloadReplicaLocked(ctx, t)
		}
		t.Own.Received(n.Live, n.Version, n.Node)
		t.HeardLocked(fl.clock.Now().UTC()) // lobby/live's failover.go
		// Most notices are a move: the lobby's table list changes only when
		// what it shows does.
		t.Changed(t.ListedLocked() != before)
		return nil
	})
}

// reloadReplicaLocked rebuilds a replica's game from the store, for when
// applying the owner's actions failed.
func (fl *Floor) reloadReplicaLocked(ctx context.Context, t *table) {
	rec, err := fl.store.LoadTable(ctx, t.ID)
	if err != nil || rec == nil {
		return
	}
	fresh, err := fl.restoreTable(ctx, *rec)
	if err != nil {
		fl.log.Error("replica not rebuilt", "table", t.ID, "err", err)
		return
	}
	t.FormState, t.G, t.Actions, t.Version = fresh.FormState, fresh.G, fresh.Actions, fresh.Version
	t.Log, t.Play = fresh.Log, fresh.Play
}

// Resync brings a replica to the store's state after a forwarded call, so
// the caller reads what it just did.
func (fl *Floor) Resync(ctx context.Context, tableID int64) {
	fl.mu.RLock()
	t, ok := fl.tables[tableID]
	fl.mu.RUnlock()
	if !ok {
		return
	}
	_ = fl.Update(t, func() error {
		if !t.Own.Replica() {
			return nil
		}
		before := t.Version
		if err := fl.catchUpLocked(ctx, t); err != nil {
			fl.log.Warn("replica catch-up failed", "table", t.ID, "err", err)
			return nil
		}
		if t.Version != before {
			t.Changed(true)
		}
		return nil
	})
}

// Claim makes this node the owner of a table it just stored, before the
// table is shared; when no lease can be had, the table waits as a replica
// for the lease loop to place it.
func (fl *Floor) Claim(ctx context.Context, t *table) {
	if fl.cfg.Cluster == nil {
		return
	}
	token, err := fl.cfg.Cluster.Claim(context.WithoutCancel(ctx), t.ID)
	if err != nil {
		fl.log.Warn("no lease for a new table", "table", t.ID, "err", err)
		t.Own.BecomeReplica()
		return
	}
	t.Own.Claimed(token)
}

// AnnounceNew tells the other nodes of a table this node just created.
func (fl *Floor) AnnounceNew(t *table) {
	if fl.cfg.Cluster == nil {
		return
	}
	t.Mu.Lock()
	n := t.NoticeLocked(true)
	t.Mu.Unlock()
	fl.Announce(n)
}
