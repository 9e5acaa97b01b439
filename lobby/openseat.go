package lobby

import (
	"context"
	"fmt"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// A game in progress may have open seats: an imported game whose players
// have no account here (ImportGame). A bot plays an open seat (see
// botControlled) until a player sits there with Sit.

// sitOpenLocked seats an account that holds no seat at a running game in
// an open seat (seatIdx -1: the first one) and hands it the seat from the
// bot.
func (t *table) sitOpenLocked(ctx context.Context, accountID int64, seatIdx int) (int, error) {
	if seatIdx < 0 {
		for i, st := range t.seats {
			if st.empty() {
				seatIdx = i
				break
			}
		}
		if seatIdx < 0 { // as at any game in progress without open seats
			return -1, ErrNotForming
		}
	}
	if seatIdx >= len(t.seats) {
		return -1, userErr(ErrNotFound, "there is no such seat")
	}
	if !t.seats[seatIdx].empty() {
		return -1, ErrSeatTaken
	}
	before := t.snapshot()
	t.seats[seatIdx] = seat{accountID: accountID, ready: true}
	if err := t.save(ctx, before); err != nil {
		return -1, err
	}
	t.play[seatIdx].Presence = play.Presence{}
	t.logEvent(engine.Event{Kind: "back", Text: fmt.Sprintf("%s takes the open seat %d from the bot.",
		t.s.handle(accountID), seatIdx+1)}, t.s.now().UTC())
	if t.connections(accountID) == 0 {
		t.startAwayTimer(seatIdx)
	}
	t.settleLocked(ctx)
	return seatIdx, nil
}
