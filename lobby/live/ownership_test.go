package live

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/tables"
	"boardroom/lobby/wire"

	"github.com/stretchr/testify/require"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// TestOwnershipFencedDropsWhatWasNotTold: a fenced owner's queued actions
// and lines are another node's to tell now; a relinquished one keeps them
// untold but owes nothing as a replica, and owes them again once adopted.
func TestOwnershipFencedDropsWhatWasNotTold(t *testing.T) {
	var o Ownership
	o.Claimed(7)
	require.False(t, o.Owes(false))
	o.Record(tables.ActionRecord{Seq: 1})
	o.RecordEvent(wire.NoticeEvent{Seq: 1})
	require.True(t, o.Owes(false), "an action waits to be told")
	o.Fenced(t0)
	require.True(t, o.Replica())
	require.Zero(t, o.Token())
	require.False(t, o.Owes(true), "a replica tells nothing")
	require.Equal(t, t0, o.HeardAt(), "the new owner wrote just now")
	o.Adopt(8)
	acts, evs := o.Drain()
	require.Empty(t, acts, "fenced: the queue was dropped")
	require.Empty(t, evs)

	var r Ownership
	r.Claimed(3)
	r.Record(tables.ActionRecord{Seq: 4})
	r.Relinquished(t0)
	require.True(t, r.Replica())
	require.False(t, r.Owes(true))
	r.Adopt(5)
	require.Equal(t, int64(5), r.Token())
	acts, _ = r.Drain()
	require.Len(t, acts, 1, "relinquished: the queue stays")
	require.False(t, r.Owes(false), "drained")
}

// TestOwnershipSilenceAndHeard: a replica's owner is lost after silence
// without a word, counted from the first look; hearing of it clears that
// and says the screens change; a new owner's list does not.
func TestOwnershipSilenceAndHeard(t *testing.T) {
	var o Ownership
	require.False(t, o.Silent(t0, time.Second), "an owner is never silent to itself")
	o.BecomeReplica()
	require.False(t, o.Silent(t0, time.Second), "the first look starts the count")
	require.Equal(t, t0, o.HeardAt())
	later := t0.Add(time.Second)
	require.True(t, o.Silent(later, time.Second))
	require.False(t, o.MarkLost(t0.Add(time.Second/2), time.Second), "not yet silent long enough")
	require.True(t, o.MarkLost(later, time.Second))
	require.False(t, o.MarkLost(later, time.Second), "marked once")
	since, lost := o.OwnerLost()
	require.True(t, lost)
	require.Equal(t, t0, since)
	require.False(t, o.Silent(later, time.Second), "already lost")

	o.Received(&wire.TableLive{}, 3, "a")
	quiet, newOwner := o.HeardOf("b", later)
	require.False(t, quiet, "it said the game was reconnecting")
	require.True(t, newOwner, "b is not the owner whose notice it applied")
	_, lost = o.OwnerLost()
	require.True(t, lost, "a new owner's list before its notice leaves it reconnecting")
	require.True(t, o.Heard(later), "the notice clears it")
	_, lost = o.OwnerLost()
	require.False(t, lost)
	require.False(t, o.Heard(later), "nothing changes a second time")
	quiet, newOwner = o.HeardOf("a", later.Add(time.Second))
	require.True(t, quiet)
	require.False(t, newOwner)
	require.Equal(t, later.Add(time.Second), o.HeardAt())
}

// TestOwnershipAdoptReturnsTheLastOwnersLiveState: the deadlines the
// timers resume from are the last owner's, and an adopted table shows no
// owner lost.
func TestOwnershipAdoptReturnsTheLastOwnersLiveState(t *testing.T) {
	var o Ownership
	o.BecomeReplica()
	l := &wire.TableLive{Deadlines: []time.Time{t0}}
	o.Received(l, 9, "a")
	o.Silent(t0, time.Second)
	o.MarkLost(t0.Add(time.Second), time.Second)
	require.Same(t, l, o.Adopt(4))
	require.Nil(t, o.Live())
	require.Equal(t, 9, o.LiveVersion())
	_, lost := o.OwnerLost()
	require.False(t, lost)
	require.False(t, o.Replica())
}

// TestWaitingMoves: one move per account, settled once, made oldest first.
func TestWaitingMoves(t *testing.T) {
	var o Ownership
	for i, id := range []int64{3, 1, 2} {
		o.Wait(&WaitingMove{Acc: &accounts.Account{ID: id}, Since: t0.Add(time.Duration(3-i) * time.Second)})
	}
	var order []int64
	for _, w := range o.Waits() {
		order = append(order, w.Acc.ID)
	}
	require.Equal(t, []int64{2, 1, 3}, order)
	w := o.Waiting(1)
	require.NotNil(t, w)
	require.True(t, o.Settle(w))
	require.False(t, o.Settle(w), "settled already")
	require.Nil(t, o.Waiting(1))
	require.Len(t, o.Waits(), 2)
}

// TestMovedAlreadyAndRefusal: a waiting move found in the log after its
// version was made; a refusal reads as a sentence without the error's
// internals.
func TestMovedAlreadyAndRefusal(t *testing.T) {
	w := &WaitingMove{Call: wire.TableCall{N: 1, Action: []byte(`{"n":2}`)}}
	var log LoggedActions
	log.Set([]engine.LoggedAction{{Seat: 0, Action: []byte(`{"n":2}`)}, {Seat: 1, Action: []byte(`{"n":1}`)}})
	require.False(t, MovedAlready(&log, 0, w), "the same move before its version is another one")
	log.Append(engine.LoggedAction{Seat: 0, Action: []byte(`{"n":2}`)})
	require.True(t, MovedAlready(&log, 0, w))
	require.False(t, MovedAlready(&log, 1, w), "another seat's")
	require.True(t, w.Same(wire.TableCall{N: 1, Action: []byte(`{"n":2}`)}))
	require.False(t, w.Same(wire.TableCall{N: 2, Action: []byte(`{"n":2}`)}))

	require.Equal(t, "Your move was not made: the table did not come back in time; make it again.", Refusal(wire.ErrNoOwner))
	require.Equal(t, "Your move was not made: the game moved on meanwhile; look again.", Refusal(fmt.Errorf("x: %w", errs.ErrStale)))
	require.Equal(t, "Your move was not made: no such thing.", Refusal(errors.New("no such thing...")))
	require.ErrorIs(t, ErrMoving, wire.ErrNoOwner)
	require.ErrorIs(t, ErrMoveWaits, wire.ErrNoOwner)
}
