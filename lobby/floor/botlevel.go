package floor

import (
	"context"
	"fmt"

	"boardroom/lobby/bots"
	"boardroom/lobby/play"
)

// SetBotLevel makes the bot in seat seatIdx a bot of level (host only,
// while forming): the seat then holds that level's account.
func (fl *Floor) SetBotLevel(ctx context.Context, host *Account, tableID int64, seatIdx int, level string) error {
	if _, ok, err := fl.forward(ctx, host, TableCall{TableID: tableID, Method: CallBotLevel, Seat: seatIdx, Value: level}); ok {
		return err
	}
	return fl.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		if seatIdx < 0 || seatIdx >= len(t.Seats) || !t.Seats[seatIdx].Bot {
			return userErr(ErrNotFound, "there is no bot in that seat")
		}
		acc := fl.lobby.Bot(t.Info.ID, level)
		if acc == nil {
			return userErr(bots.ErrBadLevel, fmt.Sprintf("%s has no %s bot; its levels: %s", t.Info.Title,
				fl.cfg.Sanitize(level, 20), play.LevelList(t.Def)))
		}
		if t.Seats[seatIdx].AccountID == acc.ID {
			return nil
		}
		before := t.Snapshot()
		t.Seats[seatIdx].AccountID = acc.ID
		return t.Save(ctx, before)
	})
}
