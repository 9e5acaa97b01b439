package live

import (
	"context"
	"fmt"

	"boardroom/engine"
	"boardroom/lobby/errs"
	"boardroom/lobby/play"
)

// SitOpenLocked seats an account that holds no seat at a running game in
// an open seat (seatIdx -1: the first one) and hands it the seat from the
// bot.
func (t *Table) SitOpenLocked(ctx context.Context, accountID int64, seatIdx int) (int, error) {
	if seatIdx < 0 {
		for i, st := range t.Seats {
			if st.Empty() {
				seatIdx = i
				break
			}
		}
		if seatIdx < 0 { // as at any game in progress without open seats
			return -1, errs.ErrNotForming
		}
	}
	if seatIdx >= len(t.Seats) {
		return -1, userErr(errs.ErrNotFound, "there is no such seat")
	}
	if !t.Seats[seatIdx].Empty() {
		return -1, errs.ErrSeatTaken
	}
	before := t.Snapshot()
	t.Seats[seatIdx] = SeatState{AccountID: accountID, Ready: true}
	if err := t.Save(ctx, before); err != nil {
		return -1, err
	}
	t.Play[seatIdx].Presence = play.Presence{}
	t.LogEvent(engine.Event{Kind: "back", Text: fmt.Sprintf("%s takes the open seat %d from the bot.",
		t.Host.Handle(accountID), seatIdx+1)}, t.Host.Now().UTC())
	if t.Connections(accountID) == 0 {
		t.StartAwayTimer(seatIdx)
	}
	t.SettleLocked(ctx)
	return seatIdx, nil
}
