package live

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/wire"
)

// A move made at a replica while its table has no owner (the owner died,
// or this node cannot reach it) is not refused after a long wait: within
// MovingAnswer the player reads ErrMoving, the move waits here, and it goes
// to the new owner as soon as one answers (or is made here, when this node
// adopts the table). A move acknowledged so is never dropped silently:
// either the game shows it, or its player reads why it was not made
// (refused by the new owner, or no owner for MoveWait). One move per player
// and table waits at a time.

// ErrMoving answers a move that waits for the table's new owner. It is
// ErrNoOwner for errors.Is, and its sentence fits an 80-column status line.
var ErrMoving error = &errs.Error{Msg: "that table is moving to another server; your move will apply when it is back", Err: wire.ErrNoOwner}

// ErrMoveWaits refuses a second, different move while the first waits.
var ErrMoveWaits error = &errs.Error{Msg: "your earlier move waits for the table to come back; this one was not made", Err: wire.ErrNoOwner}

const (
	// MovingAnswer is how long a move tries the table's owner before its
	// player is told that the table is moving (well within a second).
	MovingAnswer = 700 * time.Millisecond
	// MoveWait is how long a waiting move is kept for a new owner.
	MoveWait = 2 * time.Minute
	// MoveTry is how long one round of delivering a waiting move tries the
	// owner before the move's state is looked at again.
	MoveTry = 2 * time.Second
	// ResumeFloor is the least time a paused turn timer resumes with, so
	// that a move that waited for the new owner reaches it before the
	// seat's time runs out.
	ResumeFloor = time.Second
)

// WaitingMove is a move waiting for its table's new owner.
type WaitingMove struct {
	Acc   *accounts.Account
	Call  wire.TableCall // CallAct: the version the screen showed and the action
	Since time.Time
}

// Same reports whether c is the waiting move again (the same key pressed
// on the same screen).
func (w *WaitingMove) Same(c wire.TableCall) bool {
	return w.Call.N == c.N && bytes.Equal(w.Call.Action, c.Action)
}

// Waiting is the account's move that waits for the new owner (nil: none).
func (o *Ownership) Waiting(accountID int64) *WaitingMove { return o.moves[accountID] }

// Wait keeps w until it is settled.
func (o *Ownership) Wait(w *WaitingMove) {
	if o.moves == nil {
		o.moves = map[int64]*WaitingMove{}
	}
	o.moves[w.Acc.ID] = w
}

// Settle forgets w; it reports false when w was settled already.
func (o *Ownership) Settle(w *WaitingMove) bool {
	if o.moves[w.Acc.ID] != w {
		return false
	}
	delete(o.moves, w.Acc.ID)
	return true
}

// Waits are the waiting moves, oldest first.
func (o *Ownership) Waits() []*WaitingMove {
	ws := make([]*WaitingMove, 0, len(o.moves))
	for _, w := range o.moves {
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].Since.Before(ws[j].Since) })
	return ws
}

// MovedAlready reports whether the game's log holds the waiting move of
// seat after the version it was made on: a try whose answer was lost was
// made.
func MovedAlready(actions *LoggedActions, seat int, w *WaitingMove) bool {
	for i := w.Call.N; i >= 0 && i < actions.Len(); i++ {
		if a := actions.At(i); a.Seat == seat && bytes.Equal(a.Action, w.Call.Action) {
			return true
		}
	}
	return false
}

// Refusal is what the player of a waiting move that was not made reads.
func Refusal(err error) string {
	why := err.Error()
	if re, ok := engine.IsRuleError(err); ok {
		why = re.Msg
	}
	switch {
	case errors.Is(err, wire.ErrNoOwner):
		why = "the table did not come back in time; make it again"
	case errors.Is(err, errs.ErrStale):
		why = "the game moved on meanwhile; look again"
	}
	return fmt.Sprintf("Your move was not made: %s.", trimDot(why))
}

func trimDot(s string) string {
	for len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}
