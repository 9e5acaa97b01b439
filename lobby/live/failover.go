package live

import (
	"context"
	"slices"
	"time"

	"boardroom/lobby/tables"
)

// HeardLocked: the owner of a replica was heard of at now.
func (t *Table) HeardLocked(now time.Time) {
	if t.Own.Heard(now) {
		t.Changed(false) // it no longer says the game is reconnecting
	}
}

// KeepLiveLocked keeps, as an owner stops owning the table, its live state
// as a replica's copy of the owner's: its players still see the turn timer
// (standing, once the table has no owner), and this node resumes it with
// the time that was left if it adopts the table again.
func (t *Table) KeepLiveLocked() {
	if t.Own.Replica() {
		return
	}
	t.Own.KeepLive(t.liveLocked(), t.Version)
}

// failoverStateLocked adds to a viewer's state what a change of owner
// means for them: the owner is out of reach (the timers shown paused), and
// their own move waits for the new owner.
func (t *Table) failoverStateLocked(st *GameState) {
	if since, lost := t.Own.OwnerLost(); lost && t.Status == TablePlaying {
		st.OwnerLost = since
	}
	if st.Seat >= 0 && st.Seat < len(t.Seats) {
		st.MoveWaits = t.Own.Waiting(t.Seats[st.Seat].AccountID) != nil
	}
}

// ResumeDeadlinesLocked sets the turn deadlines of a playing table this
// node adopts: every seat gets the time it had left when the old owner was
// last heard of (ResumeGap, Resume). prev is the old owner's last
// live state, if this node had one. Without the old owner's deadlines a
// live table starts its timers afresh and a daily one counts from when
// each decision opened (pace.go).
func (t *Table) ResumeDeadlinesLocked(ctx context.Context, now time.Time, prev *TableLive) {
	for i := range t.Play {
		t.Play[i].Deadline = time.Time{}
	}
	var log []ActionRecord
	if t.Daily() || !t.Own.HeardAt().IsZero() {
		var err error
		if log, err = t.Host.TableStore().LoadActions(ctx, t.ID); err != nil {
			t.Host.Logger().Warn("no action log to resume the turn timers from", "table", t.ID, "err", err)
			return
		}
	}
	gap := t.Own.ResumeGap(now, log)
	var deadlines []time.Time
	if owners, ok := t.Own.OwnersDeadlines(prev, t.Version, len(t.Play)); ok {
		deadlines = slices.Clone(owners)
	} else if t.Daily() && t.Setup != nil {
		t.OpenDeadlinesLocked(tables.DecisionsOpened(t.Def, *t.Setup, log, t.StartedAt))
		for i := range t.Play {
			deadlines = append(deadlines, t.Play[i].Deadline)
		}
	} else {
		return // fresh timers (scheduleLocked)
	}
	Resume(deadlines, gap, now)
	for i, d := range deadlines {
		t.Play[i].Deadline = d
	}
	if gap > 0 {
		t.Host.Logger().Debug("turn timers resume with the time that was left", "table", t.ID, "paused", gap.Round(time.Millisecond))
	}
}
