package live

import (
	"boardroom/lobby/errs"
	"errors"
	"time"
)

// SettledLocked tells how a waiting move, now settled, went.
func (t *Table) SettledLocked(w *WaitingMove, err error) {
	t.Changed(false)
	if errors.Is(err, errs.ErrStale) && MovedAlready(&t.Actions, t.SeatOf(w.Acc.ID), w) {
		err = nil // an earlier try reached the owner after all
	}
	waited := t.Host.Now().Sub(w.Since).Round(time.Millisecond)
	if err == nil {
		t.Host.Logger().Info("a waiting move was made", "table", t.ID, "account", w.Acc.ID, "waited", waited)
		return
	}
	t.Host.Logger().Info("a waiting move was not made", "table", t.ID, "account", w.Acc.ID, "waited", waited, "err", err)
	t.out = append(t.out, Publication{U: Update{Topic: Topic{Kind: TopicTable, ID: t.ID}, Text: Refusal(err)}, Only: w.Acc.ID})
}
