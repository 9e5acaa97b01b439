package live

import (
	"testing"
	"time"

	"boardroom/lobby/tables"
	"boardroom/lobby/wire"

	"github.com/stretchr/testify/require"
)

// TestResumeGivesTheTimeThatWasLeft: the pause runs from the later of the
// owner's last word and its last stored action; a node that never heard of
// the owner shifts nothing; a deadline that would lapse at once gets
// ResumeFloor; a seat without a timer keeps none.
func TestResumeGivesTheTimeThatWasLeft(t *testing.T) {
	var o Ownership
	now := t0.Add(10 * time.Second)
	require.Zero(t, o.ResumeGap(now, nil), "never heard of the owner: no gap")
	o.BecomeReplica()
	o.Heard(t0)
	require.Equal(t, 10*time.Second, o.ResumeGap(now, nil))
	log := []tables.ActionRecord{{Seq: 1, At: t0.Add(-time.Second)}, {Seq: 2, At: t0.Add(4 * time.Second)}}
	require.Equal(t, 6*time.Second, o.ResumeGap(now, log), "the owner stored an action after its last word")
	require.Zero(t, o.ResumeGap(t0.Add(-time.Minute), nil), "never negative")

	ds := []time.Time{t0.Add(30 * time.Second), {}, t0.Add(-20 * time.Second)}
	Resume(ds, 6*time.Second, now)
	require.Equal(t, []time.Time{t0.Add(36 * time.Second), {}, now.Add(ResumeFloor)}, ds)
}

// TestOwnersDeadlinesOnlyOfTheSameGame: the old owner's deadlines are
// taken only when its live state is of the game as this node has it and
// the owner was heard of.
func TestOwnersDeadlinesOnlyOfTheSameGame(t *testing.T) {
	var o Ownership
	o.BecomeReplica()
	prev := &wire.TableLive{Deadlines: []time.Time{t0, {}}}
	o.Received(prev, 5, "a")
	_, ok := o.OwnersDeadlines(prev, 5, 2)
	require.False(t, ok, "never heard of the owner")
	o.Heard(t0)
	ds, ok := o.OwnersDeadlines(prev, 5, 2)
	require.True(t, ok)
	require.Equal(t, prev.Deadlines, ds)
	_, ok = o.OwnersDeadlines(prev, 6, 2)
	require.False(t, ok, "the game moved on since")
	_, ok = o.OwnersDeadlines(prev, 5, 3)
	require.False(t, ok, "another number of seats")
	_, ok = o.OwnersDeadlines(nil, 5, 2)
	require.False(t, ok, "no live state")
}
