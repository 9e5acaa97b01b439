package floor

import (
	"context"
	"fmt"

	"boardroom/engine"
)

// CloseTable ends a forming or running table as abandoned on an
// operator's word: no result and no rating, its timers stopped, and every
// seat and spectator told why (the table's log and chat, and its lobby's
// chat). In a cluster the call goes to the table's owner.
func (fl *Floor) CloseTable(ctx context.Context, tableID int64, reason string) error {
	if _, ok, err := fl.forward(ctx, nil, TableCall{TableID: tableID, Method: CallClose, Value: reason}); ok {
		return err
	}
	t := fl.Get(tableID)
	if t == nil {
		return userErr(ErrNotFound, fmt.Sprintf("there is no table %d", tableID))
	}
	note, wasPlaying := "", false
	err := fl.Update(t, func() error {
		switch {
		case t.Own.Replica():
			return ErrNoOwner
		case t.Status != TableForming && t.Status != TablePlaying:
			return userErr(ErrNotPlaying, fmt.Sprintf("table %d is already over (%s)", tableID, t.Status))
		}
		before := t.Snapshot()
		was := t.Status
		t.Status = TableAbandoned
		if err := t.Save(fl.bg, before); err != nil {
			t.Status = was
			return err
		}
		t.StopTimersLocked()
		note = fmt.Sprintf("An operator closed this table: %s. The game ends here, unrated.", reason)
		if wasPlaying = was == TablePlaying; wasPlaying {
			t.LogEvent(engine.Event{Kind: "closed", Text: note}, fl.clock.Now().UTC())
		}
		fl.log.Info("table closed by an operator", "table", t.ID, "was", was)
		return nil
	})
	if err != nil {
		return err
	}
	fl.sessions.Notice(tableChannel(tableID), note)
	if wasPlaying {
		fl.sessions.Notice(spectatorChannel(tableID), note)
	}
	return nil
}
