package lobby

import (
	"context"
	"fmt"
	"maps"
	"time"

	"boardroom/engine"
	"boardroom/lobby/tables"
)

// noticeLocked is the notice an owner sends after a change of the table:
// its record, the actions and log lines since the last one and its live
// state. nil when the service is one node, the table is a replica, or
// nothing changed.
func (t *table) noticeLocked(changed bool) *Notice {
	if !t.s.clustered() || !t.own.Owes(changed) {
		return nil
	}
	rec := t.record()
	n := &Notice{Kind: NoticeTable, TableID: t.id, Version: t.version, Record: &rec, Live: t.liveLocked()}
	n.Actions, n.Events = t.own.Drain()
	return n
}

// liveLocked is the table's unstored state that screens show.
func (t *table) liveLocked() *TableLive {
	l := &TableLive{Spectators: t.spectatorCount()}
	for i, st := range t.seats {
		l.Connected = append(l.Connected, !st.empty() && !st.bot && t.connections(st.accountID) > 0)
		l.Away = append(l.Away, t.status == TablePlaying && t.away(i))
		l.BotPlays = append(l.BotPlays, t.status == TablePlaying && t.handedOver(i))
		var d time.Time
		if i < len(t.play) {
			d = t.play[i].deadline
		}
		l.Deadlines = append(l.Deadlines, d)
	}
	if t.rematch != nil {
		l.Rematch, _ = t.rematchSeatsLocked()
		l.RematchID = t.rematch.NewID()
	}
	return l
}

// fencedLocked: the store refused this node's token, so another node owns
// the table now; it becomes a replica at once.
func (t *table) fencedLocked() {
	t.s.logger().Warn("lease lost: another node owns the table", "table", t.id)
	t.keepLiveLocked() // failover.go
	t.stopTimersLocked()
	t.own.Fenced(t.s.now().UTC()) // the new owner wrote just now
}

// Owned lists the tables this node owns, with their tokens: the forming
// and playing ones, and the finished games it ran while it keeps them (for
// their rematch, which the other nodes forward here).
func (s *Service) Owned() map[int64]int64 {
	out := map[int64]int64{}
	for _, t := range s.allTables() {
		t.mu.Lock()
		if !t.own.Replica() {
			out[t.id] = t.own.Token()
		}
		t.mu.Unlock()
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
		if !t.own.Replica() {
			t.keepLiveLocked() // failover.go
			t.stopTimersLocked()
			t.own.Relinquished(s.clock.Now().UTC())       // it ran here until now
			s.log.Debug("table handed on", "table", t.id) // lobby/cluster logs why
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
		if l := t.own.Live(); t.status == TableFinished && l != nil && t.rematch == nil {
			// The rematch as the last owner told it: who accepted, and
			// the new table if it made one (never a second).
			t.rematch = tables.Restore(l.Rematch, l.RematchID)
		}
		live := t.own.Adopt(token)
		if t.status == TablePlaying && t.g != nil {
			for i, st := range t.seats {
				if !st.bot && !st.empty() && t.connections(st.accountID) == 0 {
					t.startAwayTimer(i)
				}
			}
			// The timers stood still while no node owned the table
			// (failover.go).
			t.resumeDeadlinesLocked(ctx, s.clock.Now().UTC(), live)
			if t.g.Outcome().Finished {
				t.finish(s.bg, s.clock.Now().UTC())
			} else {
				t.startTimeLimitLocked()
				t.settleLocked(s.bg)
				s.makeWaitingLocked(ctx, t) // the moves that waited here for an owner (moving.go)
			}
		}
		// lobby/cluster logs the adoption; this says what it found.
		s.log.Debug("table adopted", "table", t.id, "token", token, "version", t.version)
		t.changed(true)
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
	t.own.BecomeReplica()
	s.tables[t.id] = t
	go s.guard("new replica", func() {
		s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicLobby, ID: t.lobbyID}}})
	})
	return t, nil
}

// catchUpLocked brings a table to the store's state: its record, and the
// actions after its version applied to its game.
func (s *Service) catchUpLocked(ctx context.Context, t *table) error {
	rec, err := s.store.LoadTable(ctx, t.id)
	if err != nil {
		return err
	}
	if rec == nil {
		return fmt.Errorf("lobby: table %d: %w", t.id, ErrNotFound)
	}
	if err := t.syncRecordLocked(*rec); err != nil {
		return err
	}
	if t.g == nil {
		return nil
	}
	log, err := s.store.LoadActions(ctx, t.id)
	if err != nil {
		return err
	}
	return t.applyLogLocked(log, nil)
}

// syncRecordLocked takes a stored (or announced) record as the table's
// forming state, and starts its game when the record says it started.
func (t *table) syncRecordLocked(rec TableRecord) error {
	t.status, t.hostID, t.options, t.turnTimer = rec.Status, rec.HostID, maps.Clone(rec.Options), rec.TurnTimer
	t.updatedAt, t.startedAt = rec.UpdatedAt, rec.StartedAt
	t.seats = t.seats[:0]
	for _, sr := range rec.Seats {
		t.seats = append(t.seats, seat{accountID: sr.AccountID, bot: sr.Bot, ready: sr.Ready})
		if sr.AccountID != 0 && !sr.Bot && sr.Handle != "" {
			t.s.setHandle(sr.AccountID, sr.Handle)
		}
	}
	if t.setup == nil && rec.Setup != nil && t.g == nil {
		g, err := t.def.New(*rec.Setup)
		if err != nil {
			return err
		}
		t.setup = rec.Setup
		t.logEvent(engine.Event{Kind: "start", Text: fmt.Sprintf("%s begins.", t.info.Title)}, rec.StartedAt)
		t.begin(g, nil)
	}
	return nil
}

// applyLogLocked applies the actions of log after the table's version.
// events, when given, are the owner's log lines for them; otherwise the
// game's own events are logged.
func (t *table) applyLogLocked(log []ActionRecord, events []NoticeEvent) error {
	for _, r := range log {
		if r.Seq <= t.version {
			continue
		}
		if r.Seq != t.version+1 {
			return fmt.Errorf("lobby: table %d: action %d after %d", t.id, r.Seq, t.version)
		}
		sealed := t.beforeAction(r.Seat)
		evs, err := ApplyStored(t.def, t.g, r)
		if err != nil {
			return err
		}
		if events == nil {
			for _, ev := range evs {
				t.logEvent(ev, r.At)
			}
		}
		t.actions = append(t.actions, engine.LoggedAction{Seat: r.Seat, Action: r.Action})
		t.version++
		t.afterAction(sealed, evs)
	}
	for _, e := range events {
		if e.Seq > t.log.Seq() {
			t.log.SkipTo(e.Seq)
			t.logEvent(e.Event, e.At)
		}
	}
	return nil
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
		if !t.own.Replica() {
			return nil // this node owns it: the notice is from a node that lost it
		}
		before := t.listedLocked()
		if n.Record != nil {
			if err := t.syncRecordLocked(*n.Record); err != nil {
				s.log.Error("replica record", "table", t.id, "err", err)
				return nil
			}
		}
		var err error
		switch from := n.Version - len(n.Actions); {
		case t.g == nil || n.Version <= t.version || from <= t.version:
			if t.g != nil {
				err = t.applyLogLocked(n.Actions, n.Events)
			}
		default: // a notice was missed: the store has every action
			err = s.catchUpLocked(ctx, t)
		}
		if err != nil {
			s.log.Error("replica out of step, reloading", "table", t.id, "err", err)
			s.reloadReplicaLocked(ctx, t)
		}
		t.own.Received(n.Live, n.Version, n.Node)
		t.heardLocked(s.clock.Now().UTC()) // failover.go
		// Most notices are a move: the lobby's table list changes only when
		// what it shows does.
		t.changed(t.listedLocked() != before)
		return nil
	})
}

// listed is what a lobby's table list shows of a replica.
type listed struct {
	status    string
	updatedAt time.Time
	round     int
	marks     string // the seats' connected, away and bot marks and the spectators
}

func (t *table) listedLocked() listed {
	l := listed{status: t.status, updatedAt: t.updatedAt}
	if t.g != nil {
		l.round = t.g.Round()
	}
	if lv := t.own.Live(); lv != nil {
		l.marks = fmt.Sprint(lv.Connected, lv.Away, lv.BotPlays, lv.Spectators)
	}
	return l
}

// reloadReplicaLocked rebuilds a replica's game from the store, for when
// applying the owner's actions failed.
func (s *Service) reloadReplicaLocked(ctx context.Context, t *table) {
	rec, err := s.store.LoadTable(ctx, t.id)
	if err != nil || rec == nil {
		return
	}
	fresh, err := s.restoreTable(ctx, *rec)
	if err != nil {
		s.log.Error("replica not rebuilt", "table", t.id, "err", err)
		return
	}
	t.formState, t.g, t.actions, t.version = fresh.formState, fresh.g, fresh.actions, fresh.version
	t.log, t.play = fresh.log, fresh.play
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
		if !t.own.Replica() {
			return nil
		}
		before := t.version
		if err := s.catchUpLocked(ctx, t); err != nil {
			s.log.Warn("replica catch-up failed", "table", t.id, "err", err)
			return nil
		}
		if t.version != before {
			t.changed(true)
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
	token, err := s.cfg.Cluster.Claim(context.WithoutCancel(ctx), t.id)
	if err != nil {
		s.log.Warn("no lease for a new table", "table", t.id, "err", err)
		t.own.BecomeReplica()
		return
	}
	t.own.Claimed(token)
}

// announceNew tells the other nodes of a table this node just created.
func (s *Service) announceNew(t *table) {
	if s.cfg.Cluster == nil {
		return
	}
	t.mu.Lock()
	n := t.noticeLocked(true)
	t.mu.Unlock()
	s.announce(n)
}
