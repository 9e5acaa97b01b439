package lobby

import (
	"context"
	"slices"
	"time"

	"boardroom/lobby/live"
	"boardroom/lobby/tables"
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
// (Config.OwnerSilence): three lease periods (lobby/live).
const DefaultOwnerSilence = live.DefaultOwnerSilence

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
		quiet, newOwner := t.own.HeardOf(node, now) // quiet: nothing on screen changes, no update
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
	if t.own.Heard(now) {
		t.changed(false) // it no longer says the game is reconnecting
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
		silent := !t.closed && t.status == TablePlaying && t.g != nil && t.own.Silent(now, s.cfg.OwnerSilence)
		t.mu.Unlock()
		if silent {
			_ = s.update(t, func() error {
				if t.own.MarkLost(now, s.cfg.OwnerSilence) {
					t.changed(false)
					s.log.Debug("no word from the table's owner", "table", t.id, "since", t.own.HeardAt())
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
	if t.own.Replica() {
		return
	}
	t.own.KeepLive(t.liveLocked(), t.version)
}

// failoverStateLocked adds to a viewer's state what a change of owner
// means for them: the owner is out of reach (the timers shown paused), and
// their own move waits for the new owner.
func (t *table) failoverStateLocked(st *GameState) {
	if since, lost := t.own.OwnerLost(); lost && t.status == TablePlaying {
		st.OwnerLost = since
	}
	if st.Seat >= 0 && st.Seat < len(t.seats) {
		st.MoveWaits = t.own.Waiting(t.seats[st.Seat].accountID) != nil
	}
}

// resumeDeadlinesLocked sets the turn deadlines of a playing table this
// node adopts: every seat gets the time it had left when the old owner was
// last heard of (live.ResumeGap, live.Resume). prev is the old owner's last
// live state, if this node had one. Without the old owner's deadlines a
// live table starts its timers afresh and a daily one counts from when
// each decision opened (pace.go).
func (t *table) resumeDeadlinesLocked(ctx context.Context, now time.Time, prev *TableLive) {
	for i := range t.play {
		t.play[i].deadline = time.Time{}
	}
	var log []ActionRecord
	if t.daily() || !t.own.HeardAt().IsZero() {
		var err error
		if log, err = t.s.tableStore().LoadActions(ctx, t.id); err != nil {
			t.s.logger().Warn("no action log to resume the turn timers from", "table", t.id, "err", err)
			return
		}
	}
	gap := t.own.ResumeGap(now, log)
	var deadlines []time.Time
	if owners, ok := t.own.OwnersDeadlines(prev, t.version, len(t.play)); ok {
		deadlines = slices.Clone(owners)
	} else if t.daily() && t.setup != nil {
		t.openDeadlinesLocked(tables.DecisionsOpened(t.def, *t.setup, log, t.startedAt))
		for i := range t.play {
			deadlines = append(deadlines, t.play[i].deadline)
		}
	} else {
		return // fresh timers (scheduleLocked)
	}
	live.Resume(deadlines, gap, now)
	for i, d := range deadlines {
		t.play[i].deadline = d
	}
	if gap > 0 {
		t.s.logger().Debug("turn timers resume with the time that was left", "table", t.id, "paused", gap.Round(time.Millisecond))
	}
}
