package live

import (
	"time"

	"boardroom/lobby/tables"
	"boardroom/lobby/wire"
)

// The turn timers of a table stand still while no node owns it: a node
// that adopts a playing table gives every seat the time it had left when
// the old owner was last heard of. The old owner is last known alive at
// the later of when this node last heard of it and its last stored action;
// a node that never heard of it knows no gap and shifts nothing.

// ResumeGap is how long no node ran the table's timers, as of now: from
// the later of when this node last heard of the old owner and the last
// action of log, to now; zero when this node never heard of the owner.
func (o *Ownership) ResumeGap(now time.Time, log []tables.ActionRecord) time.Duration {
	if o.heardAt.IsZero() {
		return 0
	}
	last := o.heardAt
	if n := len(log); n > 0 && log[n-1].At.After(last) {
		last = log[n-1].At
	}
	return max(now.Sub(last), 0)
}

// OwnersDeadlines are the old owner's turn deadlines per seat, from its
// last live state prev, when they are those of the game as this node has
// it (version) for its seats and the owner was heard of; ok is false
// otherwise (the table then starts its timers afresh, or a daily one from
// when each decision opened).
func (o *Ownership) OwnersDeadlines(prev *wire.TableLive, version, seats int) (deadlines []time.Time, ok bool) {
	if prev == nil || o.heardAt.IsZero() || o.liveVersion != version || len(prev.Deadlines) != seats {
		return nil, false
	}
	return prev.Deadlines, true
}

// Resume shifts the running deadlines (the zero ones stay zero) by gap, in
// place, and leaves each at least ResumeFloor after now, so that a move
// that waited for the new owner reaches it before the seat's time runs
// out.
func Resume(deadlines []time.Time, gap time.Duration, now time.Time) {
	for i, d := range deadlines {
		if d.IsZero() {
			continue
		}
		d = d.Add(gap)
		if d.Before(now.Add(ResumeFloor)) {
			d = now.Add(ResumeFloor)
		}
		deadlines[i] = d
	}
}
