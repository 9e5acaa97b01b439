package lobby

import (
	"boardroom/lobby/tables"
	"context"
	"time"
)

// A table between owners (cluster only). While no node owns a table its
// players must be told the truth: a replica that has not heard from the
// owner for OwnerSilence says so on the play screen (GameState.OwnerLost),
// the turn timers pause and resume on the new owner with the time that was
// left, and a move made meanwhile waits for the new owner (moving.go).
//
// An owner is heard of through its table notices and through the list of
// tables it owns that every node announces after each lease renewal
// (NoticeOwner, lobby/cluster): an idle table is heard of every second.

// DefaultOwnerSilence is how long a replica goes without a word from its
// table's owner before its players read that the game is reconnecting
// (Config.OwnerSilence): three lease periods.
const DefaultOwnerSilence = 3 * time.Second

// resumeFloor is the least time a paused turn timer resumes with, so that
// a move that waited for the new owner (moving.go) reaches it before the
// seat's time runs out.
const resumeFloor = time.Second

// failover is a table's side of a change of owner. Guarded by the table's
// mu.
type failover struct {
	// heardAt is when this node last heard of the table's owner (zero:
	// not yet); lost is set once that is OwnerSilence ago.
	heardAt time.Time
	lost    bool
	// ownerNode is the node whose table notice this replica applied last:
	// the owner it knows the deadlines of.
	ownerNode string
	// liveVersion is the game version the owner's live state (t.live) was
	// sent with: its deadlines are those of that version's prompt.
	liveVersion int
	// moves are the moves made at this replica while the table had no
	// owner, by account; each waits for the new owner (moving.go).
	moves map[int64]*waitingMove
}

// OwnerHeard records that node, the tables' owner, was heard of (its
// announced list of owned tables, NoticeOwner): replicas among them that
// said they were reconnecting stop saying so, when node is the owner they
// knew. A new owner's list can come before its table notice (another
// subject): until that notice brings the deadlines it resumed, the copy
// here has the old owner's, and showing them unpaused would make the timer
// jump (issue 29), so the replica goes on saying it is reconnecting.
func (s *Service) OwnerHeard(node string, tables []int64) {
	now := s.clock.Now().UTC()
	for _, id := range tables {
		s.mu.RLock()
		t, ok := s.tables[id]
		s.mu.RUnlock()
		if !ok {
			continue
		}
		t.mu.Lock()
		quiet := !t.replica || !t.fo.lost
		if quiet {
			t.fo.heardAt = now // nothing on screen changes: no update
		}
		newOwner := t.fo.ownerNode != "" && node != t.fo.ownerNode
		t.mu.Unlock()
		if newOwner {
			continue // its table notice clears it (ReceiveTable)
		}
		if !quiet {
			_ = s.update(t, func() error { t.heardLocked(now); return nil })
		}
	}
}

// heardLocked: the owner of a replica was heard of at now.
func (t *table) heardLocked(now time.Time) {
	if !t.replica {
		return
	}
	t.fo.heardAt = now
	if t.fo.lost {
		t.fo.lost = false
		t.changed(false)
	}
}

// watchOwners starts the check, every third of OwnerSilence, that marks
// the playing replicas whose owner went silent. It stops with the service.
func (s *Service) watchOwners() {
	every := max(s.cfg.OwnerSilence/3, 10*time.Millisecond)
	var tick func()
	tick = func() {
		if s.shuttingDown() {
			return
		}
		s.checkOwners(s.clock.Now().UTC())
		s.afterFunc(every, "owner watch", tick)
	}
	s.afterFunc(every, "owner watch", tick)
}

// checkOwners marks the playing replicas whose owner has not been heard of
// for OwnerSilence, so that their players read it.
func (s *Service) checkOwners(now time.Time) {
	for _, t := range s.allTables() {
		t.mu.Lock()
		silent := false
		if t.replica && !t.closed && t.status == TablePlaying && t.g != nil && !t.fo.lost {
			if t.fo.heardAt.IsZero() {
				t.fo.heardAt = now // a node that just started counts from its first look
			}
			silent = now.Sub(t.fo.heardAt) >= s.cfg.OwnerSilence
		}
		t.mu.Unlock()
		if silent {
			_ = s.update(t, func() error {
				if t.replica && !t.fo.lost && now.Sub(t.fo.heardAt) >= s.cfg.OwnerSilence {
					t.fo.lost = true
					t.changed(false)
					s.log.Debug("no word from the table's owner", "table", t.id, "since", t.fo.heardAt)
				}
				return nil
			})
		}
	}
}

// keepLiveLocked keeps, as an owner stops owning the table, its live state
// as a replica's copy of the owner's: its players still see the turn timer
// (standing, once the table has no owner), and this node resumes it with
// the time that was left if it adopts the table again.
func (t *table) keepLiveLocked() {
	if t.replica {
		return
	}
	t.live, t.fo.liveVersion = t.liveLocked(), t.version
}

// failoverStateLocked adds to a viewer's state what a change of owner
// means for them: the owner is out of reach (the timers shown paused), and
// their own move waits for the new owner.
func (t *table) failoverStateLocked(st *GameState) {
	if t.replica && t.fo.lost && t.status == TablePlaying {
		st.OwnerLost = t.fo.heardAt
	}
	if st.Seat >= 0 && st.Seat < len(t.seats) {
		st.MoveWaits = t.fo.moves[t.seats[st.Seat].accountID] != nil
	}
}

// resumeDeadlinesLocked sets the turn deadlines of a playing table this
// node adopts: every seat gets the time it had left when the old owner was
// last heard of (no node ran the timers since). live is the old owner's
// last live state, if this node had one. The old owner is last known alive
// at the later of when this node last heard of it and its last stored
// action; a node that never heard of it knows no gap and shifts nothing.
// Without the old owner's deadlines a live table starts its timers afresh
// and a daily one counts from when each decision opened (pace.go).
func (t *table) resumeDeadlinesLocked(ctx context.Context, now time.Time, live *TableLive) {
	for i := range t.play {
		t.play[i].deadline = time.Time{}
	}
	heard := t.fo.heardAt
	var log []ActionRecord
	if t.daily() || !heard.IsZero() {
		var err error
		if log, err = t.s.tableStore().LoadActions(ctx, t.id); err != nil {
			t.s.logger().Warn("no action log to resume the turn timers from", "table", t.id, "err", err)
			return
		}
	}
	var gap time.Duration
	if !heard.IsZero() {
		last := heard
		if n := len(log); n > 0 && log[n-1].At.After(last) {
			last = log[n-1].At
		}
		gap = max(now.Sub(last), 0)
	}
	switch {
	case live != nil && !heard.IsZero() && t.fo.liveVersion == t.version && len(live.Deadlines) == len(t.play):
		for i, d := range live.Deadlines {
			if !d.IsZero() {
				t.play[i].deadline = d.Add(gap)
			}
		}
	case t.daily() && t.setup != nil:
		t.openDeadlinesLocked(tables.DecisionsOpened(t.def, *t.setup, log, t.startedAt))
		for i := range t.play {
			if !t.play[i].deadline.IsZero() {
				t.play[i].deadline = t.play[i].deadline.Add(gap)
			}
		}
	default:
		return // fresh timers (scheduleLocked)
	}
	for i := range t.play {
		if d := t.play[i].deadline; !d.IsZero() && d.Before(now.Add(resumeFloor)) {
			t.play[i].deadline = now.Add(resumeFloor)
		}
	}
	if gap > 0 {
		t.s.logger().Debug("turn timers resume with the time that was left", "table", t.id, "paused", gap.Round(time.Millisecond))
	}
}
