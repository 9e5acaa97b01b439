package floor

import (
	"context"
	"errors"

	"boardroom/lobby/live"
)

// A move made at a replica while its table has no owner waits here for the
// new owner (lobby/live's moving.go says how): within live.MovingAnswer
// its player reads ErrMoving, and the move goes to the new owner as soon
// as one answers, or is made here when this node adopts the table.

// ErrMoving answers a move that waits for the table's new owner. It is
// ErrNoOwner for errors.Is, and its sentence fits an 80-column status line.
var ErrMoving = live.ErrMoving

// forwardAct is forward for a move: a short try at the owner, then the
// move waits for the new one.
func (fl *Floor) forwardAct(ctx context.Context, acc *Account, c TableCall) (CallResult, bool, error) {
	fl.mu.RLock()
	t, ok := fl.tables[c.TableID]
	fl.mu.RUnlock()
	if !ok || account(acc) != nil {
		return fl.cfg.Cluster.Forward(ctx, c, fl.cfg.OwnerWait) // the owner refuses or answers as usual
	}
	t.Mu.Lock()
	w := t.Own.Waiting(acc.ID)
	t.Mu.Unlock()
	if w != nil {
		if w.Same(c) {
			return CallResult{}, true, ErrMoving // the same key again: it already waits
		}
		return CallResult{}, true, live.ErrMoveWaits
	}
	res, handled, err := fl.cfg.Cluster.Forward(ctx, c, live.MovingAnswer)
	if !handled || !errors.Is(err, ErrNoOwner) || ctx.Err() != nil {
		return res, handled, err
	}
	var queued, mine bool
	_ = fl.Update(t, func() error {
		switch {
		case !t.Own.Replica():
			mine = true // this node adopted it meanwhile: the caller makes the move here
		case t.Status != TablePlaying || t.SeatOf(acc.ID) < 0 || t.Own.Waiting(acc.ID) != nil:
		default:
			t.Own.Wait(&live.WaitingMove{Acc: acc, Call: c, Since: fl.clock.Now().UTC()})
			t.Changed(false) // the player's screen says that the move waits
			queued = true
		}
		return nil
	})
	switch {
	case mine:
		return CallResult{}, false, nil
	case !queued:
		return res, true, err
	}
	fl.log.Info("a move waits for the table's new owner", "table", t.ID, "account", acc.ID)
	go fl.guard("waiting move", func() { fl.deliverMove(t, acc.ID) })
	return CallResult{}, true, ErrMoving
}

// deliverMove sends the account's waiting move to the table's owner until
// one answers, this node takes the table over (Adopt makes the move), the
// move is dropped, or live.MoveWait runs out; then its player is told how
// it went.
func (fl *Floor) deliverMove(t *table, accountID int64) {
	ctx := fl.bg
	for {
		t.Mu.Lock()
		w := t.Own.Waiting(accountID)
		t.Mu.Unlock()
		if w == nil || fl.ShuttingDown() {
			return // Adopt made it, or the node stops with its sessions
		}
		_, handled, err := fl.cfg.Cluster.Forward(ctx, w.Call, live.MoveTry)
		switch {
		case !handled:
			// This node owns the table now but Adopt did not see the move:
			// it is made here.
			err = fl.makeWaiting(ctx, t, w)
		case errors.Is(err, ErrNoOwner) && fl.clock.Now().Sub(w.Since) < live.MoveWait:
			continue
		}
		fl.settleMove(t, w, err)
		return
	}
}

// makeWaiting makes a waiting move at this node, which owns its table.
func (fl *Floor) makeWaiting(ctx context.Context, t *table, w *live.WaitingMove) error {
	a, err := fl.DecodeAction(t.ID, w.Call.Action)
	if err != nil {
		return err
	}
	return fl.withTable(w.Acc, t.ID, func(t *table) error { return fl.act(ctx, t, w.Acc, w.Call.N, a) })
}

// settleMove ends a waiting move with how it went: the frame that follows
// no longer says it waits, and a move that was not made is explained to its
// player.
func (fl *Floor) settleMove(t *table, w *live.WaitingMove, err error) {
	_ = fl.Update(t, func() error {
		if t.Own.Settle(w) { // else settled already
			t.SettledLocked(w, err)
		}
		return nil
	})
}

// makeWaitingLocked makes, at adoption, the moves that waited at this node
// for the table's new owner, oldest first.
func (fl *Floor) makeWaitingLocked(ctx context.Context, t *table) {
	for _, w := range t.Own.Waits() {
		a, err := t.Def.DecodeAction(w.Call.Action)
		if err == nil {
			err = fl.act(ctx, t, w.Acc, w.Call.N, a)
		}
		t.Own.Settle(w)
		t.SettledLocked(w, err)
	}
}
