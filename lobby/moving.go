package lobby

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
func (s *Service) forwardAct(ctx context.Context, acc *Account, c TableCall) (CallResult, bool, error) {
	s.mu.RLock()
	t, ok := s.tables[c.TableID]
	s.mu.RUnlock()
	if !ok || account(acc) != nil {
		return s.cfg.Cluster.Forward(ctx, c, s.cfg.OwnerWait) // the owner refuses or answers as usual
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
	res, handled, err := s.cfg.Cluster.Forward(ctx, c, live.MovingAnswer)
	if !handled || !errors.Is(err, ErrNoOwner) || ctx.Err() != nil {
		return res, handled, err
	}
	var queued, mine bool
	_ = s.update(t, func() error {
		switch {
		case !t.Own.Replica():
			mine = true // this node adopted it meanwhile: the caller makes the move here
		case t.Status != TablePlaying || t.SeatOf(acc.ID) < 0 || t.Own.Waiting(acc.ID) != nil:
		default:
			t.Own.Wait(&live.WaitingMove{Acc: acc, Call: c, Since: s.clock.Now().UTC()})
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
	s.log.Info("a move waits for the table's new owner", "table", t.ID, "account", acc.ID)
	go s.guard("waiting move", func() { s.deliverMove(t, acc.ID) })
	return CallResult{}, true, ErrMoving
}

// deliverMove sends the account's waiting move to the table's owner until
// one answers, this node takes the table over (Adopt makes the move), the
// move is dropped, or live.MoveWait runs out; then its player is told how
// it went.
func (s *Service) deliverMove(t *table, accountID int64) {
	ctx := s.bg
	for {
		t.Mu.Lock()
		w := t.Own.Waiting(accountID)
		t.Mu.Unlock()
		if w == nil || s.shuttingDown() {
			return // Adopt made it, or the node stops with its sessions
		}
		_, handled, err := s.cfg.Cluster.Forward(ctx, w.Call, live.MoveTry)
		switch {
		case !handled:
			// This node owns the table now but Adopt did not see the move:
			// it is made here.
			err = s.makeWaiting(ctx, t, w)
		case errors.Is(err, ErrNoOwner) && s.clock.Now().Sub(w.Since) < live.MoveWait:
			continue
		}
		s.settleMove(t, w, err)
		return
	}
}

// makeWaiting makes a waiting move at this node, which owns its table.
func (s *Service) makeWaiting(ctx context.Context, t *table, w *live.WaitingMove) error {
	a, err := s.DecodeAction(t.ID, w.Call.Action)
	if err != nil {
		return err
	}
	return s.withTable(w.Acc, t.ID, func(t *table) error { return s.act(ctx, t, w.Acc, w.Call.N, a) })
}

// settleMove ends a waiting move with how it went: the frame that follows
// no longer says it waits, and a move that was not made is explained to its
// player.
func (s *Service) settleMove(t *table, w *live.WaitingMove, err error) {
	_ = s.update(t, func() error {
		if t.Own.Settle(w) { // else settled already
			t.SettledLocked(w, err)
		}
		return nil
	})
}

// makeWaitingLocked makes, at adoption, the moves that waited at this node
// for the table's new owner, oldest first.
func (s *Service) makeWaitingLocked(ctx context.Context, t *table) {
	for _, w := range t.Own.Waits() {
		a, err := t.Def.DecodeAction(w.Call.Action)
		if err == nil {
			err = s.act(ctx, t, w.Acc, w.Call.N, a)
		}
		t.Own.Settle(w)
		t.SettledLocked(w, err)
	}
}
