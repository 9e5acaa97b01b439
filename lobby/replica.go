package lobby

import (
	"context"
	"fmt"

	"boardroom/lobby/tables"
)

// Owned lists the tables this node owns, with their tokens: the forming
// and playing ones, and the finished games it ran while it keeps them (for
// their rematch, which the other nodes forward here).
func (s *Service) Owned() map[int64]int64 {
	out := map[int64]int64{}
	for _, t := range s.allTables() {
		t.Mu.Lock()
		if !t.Own.Replica() {
			out[t.ID] = t.Own.Token()
		}
		t.Mu.Unlock()
	}
	return out
}

func (s *Service) allTables() []*table {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]*table, 0, len(s.tables))
	for _, t := range s.tables {
		out = append(out, t)
	}
	return out
}

// Relinquish makes an owned table a replica: no more writes, timers or bots.
func (s *Service) Relinquish(tableID int64) {
	s.mu.RLock()
	t, ok := s.tables[tableID]
	s.mu.RUnlock()
	if !ok {
		return
	}
	_ = s.update(t, func() error {
		if !t.Own.Replica() {
			t.KeepLiveLocked() // failover.go
			t.StopTimersLocked()
			t.Own.Relinquished(s.clock.Now().UTC())       // it ran here until now
			s.log.Debug("table handed on", "table", t.ID) // lobby/cluster logs why
		}
		return nil
	})
}

// Adopt makes this node the owner of a table whose lease it won: the
// replica (or a table this node never saw) catches up from the store, then
// the game goes on here as after a restart: away timers for players not
// watching from any node, the time limit, timers and bots.
func (s *Service) Adopt(ctx context.Context, tableID, token int64) error {
	t, err := s.replicaOf(ctx, tableID)
	if err != nil {
		return err
	}
	return s.update(t, func() error {
		if err := s.catchUpLocked(ctx, t); err != nil {
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
			t.ResumeDeadlinesLocked(ctx, s.clock.Now().UTC(), live)
			if t.G.Outcome().Finished {
				t.Finish(s.bg, s.clock.Now().UTC())
			} else {
				t.StartTimeLimitLocked()
				t.SettleLocked(s.bg)
				s.makeWaitingLocked(ctx, t) // the moves that waited here for an owner (moving.go)
			}
		}
		// lobby/cluster logs the adoption; this says what it found.
		s.log.Debug("table adopted", "table", t.ID, "token", token, "version", t.Version)
		t.Changed(true)
		return nil
	})
}

// replicaOf returns the table, loading it from the store as a replica when
// this node does not hold it yet.
func (s *Service) replicaOf(ctx context.Context, tableID int64) (*table, error) {
	s.mu.RLock()
	t, ok := s.tables[tableID]
	s.mu.RUnlock()
	if ok {
		return t, nil
	}
	rec, err := s.store.LoadTable(ctx, tableID)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, fmt.Errorf("lobby: table %d: %w", tableID, ErrNotFound)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.tables[tableID]; ok {
		return t, nil
	}
	if !s.dir.Has(rec.LobbyID) {
		s.mu.Unlock()
		err := s.reloadLobbies(ctx)
		s.mu.Lock()
		if err != nil {
			return nil, err
		}
		if t, ok := s.tables[tableID]; ok {
			return t, nil
		}
	}
	t, err = s.restoreTable(ctx, *rec)
	if err != nil {
		return nil, err
	}
	t.Own.BecomeReplica()
	s.tables[t.ID] = t
	go s.guard("new replica", func() {
		s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: t.LobbyID}}})
	})
	return t, nil
}

// catchUpLocked brings a table to the store's state: its record, and the
// actions after its version applied to its game.
func (s *Service) catchUpLocked(ctx context.Context, t *table) error {
	rec, err := s.store.LoadTable(ctx, t.ID)
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
	log, err := s.store.LoadActions(ctx, t.ID)
	if err != nil {
		return err
	}
	return t.ApplyLogLocked(log, nil)
}

// ReceiveTable brings a replica up to date with its owner's notice: the
// actions when they follow on from the replica's version, else the store's
// log.
func (s *Service) ReceiveTable(ctx context.Context, n Notice) {
	t, err := s.replicaOf(ctx, n.TableID)
	if err != nil {
		s.log.Warn("notice of an unknown table", "table", n.TableID, "err", err)
		return
	}
	_ = s.update(t, func() error {
		if !t.Own.Replica() {
			return nil // this node owns it: the notice is from a node that lost it
		}
		before := t.ListedLocked()
		if n.Record != nil {
			if err := t.SyncRecordLocked(*n.Record); err != nil {
				s.log.Error("replica record", "table", t.ID, "err", err)
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
			err = s.catchUpLocked(ctx, t)
		}
		if err != nil {
			s.log.Error("replica out of step, reloading", "table", t.ID, "err", err)
			s.reloadReplicaLocked(ctx, t)
		}
		t.Own.Received(n.Live, n.Version, n.Node)
		t.HeardLocked(s.clock.Now().UTC()) // failover.go
		// Most notices are a move: the lobby's table list changes only when
		// what it shows does.
		t.Changed(t.ListedLocked() != before)
		return nil
	})
}

// reloadReplicaLocked rebuilds a replica's game from the store, for when
// applying the owner's actions failed.
func (s *Service) reloadReplicaLocked(ctx context.Context, t *table) {
	rec, err := s.store.LoadTable(ctx, t.ID)
	if err != nil || rec == nil {
		return
	}
	fresh, err := s.restoreTable(ctx, *rec)
	if err != nil {
		s.log.Error("replica not rebuilt", "table", t.ID, "err", err)
		return
	}
	t.FormState, t.G, t.Actions, t.Version = fresh.FormState, fresh.G, fresh.Actions, fresh.Version
	t.Log, t.Play = fresh.Log, fresh.Play
}

// Resync brings a replica to the store's state after a forwarded call, so
// the caller reads what it just did.
func (s *Service) Resync(ctx context.Context, tableID int64) {
	s.mu.RLock()
	t, ok := s.tables[tableID]
	s.mu.RUnlock()
	if !ok {
		return
	}
	_ = s.update(t, func() error {
		if !t.Own.Replica() {
			return nil
		}
		before := t.Version
		if err := s.catchUpLocked(ctx, t); err != nil {
			s.log.Warn("replica catch-up failed", "table", t.ID, "err", err)
			return nil
		}
		if t.Version != before {
			t.Changed(true)
		}
		return nil
	})
}

// claimNew makes this node the owner of a table it just stored, before the
// table is shared; when no lease can be had, the table waits as a replica
// for the lease loop to place it.
func (s *Service) claimNew(ctx context.Context, t *table) {
	if s.cfg.Cluster == nil {
		return
	}
	token, err := s.cfg.Cluster.Claim(context.WithoutCancel(ctx), t.ID)
	if err != nil {
		s.log.Warn("no lease for a new table", "table", t.ID, "err", err)
		t.Own.BecomeReplica()
		return
	}
	t.Own.Claimed(token)
}

// announceNew tells the other nodes of a table this node just created.
func (s *Service) announceNew(t *table) {
	if s.cfg.Cluster == nil {
		return
	}
	t.Mu.Lock()
	n := t.NoticeLocked(true)
	t.Mu.Unlock()
	s.announce(n)
}
