package lobby

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"boardroom/engine"
)

// A move made at a replica while its table has no owner (the owner died,
// or this node cannot reach it) is not refused after a long wait: within
// movingAnswer the player reads ErrMoving, the move waits here, and it goes
// to the new owner as soon as one answers (or is made here, when this node
// adopts the table). A move acknowledged so is never dropped silently:
// either the game shows it, or its player reads why it was not made
// (refused by the new owner, or no owner for moveWait). One move per player
// and table waits at a time.

// ErrMoving answers a move that waits for the table's new owner. It is
// ErrNoOwner for errors.Is, and its sentence fits an 80-column status line.
var ErrMoving error = &Error{Msg: "that table is moving to another server; your move will apply when it is back", Err: ErrNoOwner}

// errMoveWaits refuses a second, different move while the first waits.
var errMoveWaits = &Error{Msg: "your earlier move waits for the table to come back; this one was not made", Err: ErrNoOwner}

const (
	// movingAnswer is how long a move tries the table's owner before its
	// player is told that the table is moving (well within a second).
	movingAnswer = 700 * time.Millisecond
	// moveWait is how long a waiting move is kept for a new owner.
	moveWait = 2 * time.Minute
	// moveTry is how long one round of delivering a waiting move tries the
	// owner before the move's state is looked at again.
	moveTry = 2 * time.Second
)

// waitingMove is a move waiting for its table's new owner.
type waitingMove struct {
	acc   *Account
	call  TableCall // CallAct: the version the screen showed and the action
	since time.Time
}

// forwardAct is forward for a move: a short try at the owner, then the
// move waits for the new one.
func (s *Service) forwardAct(ctx context.Context, acc *Account, c TableCall) (CallResult, bool, error) {
	s.mu.RLock()
	t, ok := s.tables[c.TableID]
	s.mu.RUnlock()
	if !ok || account(acc) != nil {
		return s.cfg.Cluster.Forward(ctx, c, s.cfg.OwnerWait) // the owner refuses or answers as usual
	}
	t.mu.Lock()
	w := t.fo.moves[acc.ID]
	t.mu.Unlock()
	if w != nil {
		if w.call.N == c.N && bytes.Equal(w.call.Action, c.Action) {
			return CallResult{}, true, ErrMoving // the same key again: it already waits
		}
		return CallResult{}, true, errMoveWaits
	}
	res, handled, err := s.cfg.Cluster.Forward(ctx, c, movingAnswer)
	if !handled || !errors.Is(err, ErrNoOwner) || ctx.Err() != nil {
		return res, handled, err
	}
	var queued, mine bool
	_ = s.update(t, func() error {
		switch {
		case !t.replica:
			mine = true // this node adopted it meanwhile: the caller makes the move here
		case t.status != TablePlaying || t.seatOf(acc.ID) < 0 || t.fo.moves[acc.ID] != nil:
		default:
			if t.fo.moves == nil {
				t.fo.moves = map[int64]*waitingMove{}
			}
			t.fo.moves[acc.ID] = &waitingMove{acc: acc, call: c, since: s.clock.Now().UTC()}
			t.changed(false) // the player's screen says that the move waits
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
	s.log.Info("a move waits for the table's new owner", "table", t.id, "account", acc.ID)
	go s.guard("waiting move", func() { s.deliverMove(t, acc.ID) })
	return CallResult{}, true, ErrMoving
}

// deliverMove sends the account's waiting move to the table's owner until
// one answers, this node takes the table over (Adopt makes the move), the
// move is dropped, or moveWait runs out; then its player is told how it
// went.
func (s *Service) deliverMove(t *table, accountID int64) {
	ctx := s.bg
	for {
		t.mu.Lock()
		w := t.fo.moves[accountID]
		t.mu.Unlock()
		if w == nil || s.shuttingDown() {
			return // Adopt made it, or the node stops with its sessions
		}
		_, handled, err := s.cfg.Cluster.Forward(ctx, w.call, moveTry)
		switch {
		case !handled:
			// This node owns the table now but Adopt did not see the move:
			// it is made here.
			err = s.makeWaiting(ctx, t, w)
		case errors.Is(err, ErrNoOwner) && s.clock.Now().Sub(w.since) < moveWait:
			continue
		}
		s.settleMove(t, w, err)
		return
	}
}

// makeWaiting makes a waiting move at this node, which owns its table.
func (s *Service) makeWaiting(ctx context.Context, t *table, w *waitingMove) error {
	a, err := s.DecodeAction(t.id, w.call.Action)
	if err != nil {
		return err
	}
	return s.withTable(w.acc, t.id, func(t *table) error { return s.act(ctx, t, w.acc, w.call.N, a) })
}

// settleMove ends a waiting move with how it went: the frame that follows
// no longer says it waits, and a move that was not made is explained to its
// player.
func (s *Service) settleMove(t *table, w *waitingMove, err error) {
	_ = s.update(t, func() error {
		if t.fo.moves[w.acc.ID] != w {
			return nil // settled already
		}
		t.settleMoveLocked(w, err)
		return nil
	})
}

// settleMoveLocked is settleMove under the table's lock.
func (t *table) settleMoveLocked(w *waitingMove, err error) {
	delete(t.fo.moves, w.acc.ID)
	t.changed(false)
	if errors.Is(err, ErrStale) && t.movedAlready(w) {
		err = nil // an earlier try reached the owner after all
	}
	waited := t.s.now().Sub(w.since).Round(time.Millisecond)
	if err == nil {
		t.s.logger().Info("a waiting move was made", "table", t.id, "account", w.acc.ID, "waited", waited)
		return
	}
	t.s.logger().Info("a waiting move was not made", "table", t.id, "account", w.acc.ID, "waited", waited, "err", err)
	t.out = append(t.out, publication{u: Update{Topic: Topic{Kind: TopicTable, ID: t.id}, Text: moveRefusal(err)}, only: w.acc.ID})
}

// movedAlready reports whether the game's log holds the waiting move after
// the version it was made on: a try whose answer was lost was made.
func (t *table) movedAlready(w *waitingMove) bool {
	seat := t.seatOf(w.acc.ID)
	for i := w.call.N; i >= 0 && i < len(t.actions); i++ {
		if t.actions[i].Seat == seat && bytes.Equal(t.actions[i].Action, w.call.Action) {
			return true
		}
	}
	return false
}

// moveRefusal is what the player of a waiting move that was not made reads.
func moveRefusal(err error) string {
	why := err.Error()
	if re, ok := engine.IsRuleError(err); ok {
		why = re.Msg
	}
	switch {
	case errors.Is(err, ErrNoOwner):
		why = "the table did not come back in time; make it again"
	case errors.Is(err, ErrStale):
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

// makeWaitingLocked makes, at adoption, the moves that waited at this node
// for the table's new owner, oldest first.
func (s *Service) makeWaitingLocked(ctx context.Context, t *table) {
	if len(t.fo.moves) == 0 {
		return
	}
	ws := make([]*waitingMove, 0, len(t.fo.moves))
	for _, w := range t.fo.moves {
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].since.Before(ws[j].since) })
	for _, w := range ws {
		a, err := t.def.DecodeAction(w.call.Action)
		if err == nil {
			err = s.act(ctx, t, w.acc, w.call.N, a)
		}
		t.settleMoveLocked(w, err)
	}
}
