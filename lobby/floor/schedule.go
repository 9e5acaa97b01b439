package floor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// TimerText words a turn-timer setting for the players of a game (rules
// C-7, C-14): play.TimerText.
func TimerText(info engine.Info, setting int) string { return play.TimerText(info, setting) }

func (fl *Floor) onBotTimer(t *table, gen uint64) {
	_ = fl.Update(t, func() error {
		if !t.Scheduled(gen) || t.Status != TablePlaying {
			return nil
		}
		t.BotMove(fl.bg)
		t.SettleLocked(fl.bg)
		return nil
	})
}

// onTurnTimer applies the default action of every awaited seat whose
// deadline has passed. Three lapses in a row flag the seat away (C-7).
func (fl *Floor) onTurnTimer(t *table, gen uint64) {
	_ = fl.Update(t, func() error {
		if !t.Scheduled(gen) || t.Status != TablePlaying {
			return nil
		}
		now := fl.clock.Now().UTC()
		for lapsed := true; lapsed && t.Status == TablePlaying; {
			lapsed = false
			for _, w := range t.G.Prompt().Waiting {
				i := w.Seat
				if i < 0 || i >= len(t.Play) || t.AutoPlayed(i) {
					continue
				}
				p := &t.Play[i]
				if p.Deadline.IsZero() || now.Before(p.Deadline) {
					continue
				}
				lapsed = true
				p.Deadline = time.Time{}
				if w.Default == nil {
					fl.log.Error("the prompt has no default action", "table", t.ID, "seat", i)
				} else if err := t.Apply(fl.bg, i, w.Default); err != nil && !errors.Is(err, ErrStorage) { // ErrStorage: logged by the back-off
					fl.log.Error("the default action failed", "table", t.ID, "seat", i, "err", err)
				}
				if t.Play[i].Lapse() {
					t.LogEvent(engine.Event{Kind: "away", Text: fmt.Sprintf("%s missed %d turns in a row; their seat takes only its default actions until they act again.",
						fl.host.Handle(t.Seats[i].AccountID), play.AFKLapses)}, now)
					t.Changed(true)
				}
				break
			}
		}
		t.SettleLocked(fl.bg)
		return nil
	})
}

// onAway lets the seat of a player who has not watched the table for
// AwayAfter take its default actions at once.
func (fl *Floor) onAway(t *table, i int, gen uint64) {
	_ = fl.Update(t, func() error {
		if t.Status != TablePlaying || !t.AwayCurrent(i, gen) || t.Connections(t.Seats[i].AccountID) > 0 {
			return nil
		}
		t.AwayFired(i)
		t.IdleLocked(fl.bg, i, fmt.Sprintf("%s has been away for %s", fl.host.Handle(t.Seats[i].AccountID), fl.host.AwayAfter().Round(time.Second)))
		return nil
	})
}

// HandOver hands acc's seat to a bot that plays with its full strategy
// (on), or takes it back (off). Any action of the player takes it back too
// (Act). The choice lasts while the lobby runs: like being away, it is not
// stored, and after a restart the seat takes its defaults until the player
// returns.
func (fl *Floor) HandOver(ctx context.Context, acc *Account, tableID int64, on bool) error {
	if _, ok, err := fl.forward(ctx, acc, TableCall{TableID: tableID, Method: CallHandOver, On: on}); ok {
		return err
	}
	return fl.withTable(acc, tableID, func(t *table) error {
		if t.Status != TablePlaying || t.G == nil {
			return ErrNotPlaying
		}
		i := t.SeatOf(acc.ID)
		if i < 0 {
			return ErrNotSeated
		}
		if t.Play[i].Handed == on {
			return nil
		}
		if so, ok := t.G.(engine.SeatsOut); ok && on && so.Out(i) {
			return userErr(ErrNotPlaying, "you are out of this game: there is no seat left to hand to a bot")
		}
		t.Play[i].HandOver(on)
		name := fl.host.Handle(acc.ID)
		text := fmt.Sprintf("%s let a bot play for them until they act again.", name)
		if !on {
			text = fmt.Sprintf("%s takes their seat back from the bot.", name)
		}
		t.LogEvent(engine.Event{Kind: "handover", Text: text}, fl.clock.Now().UTC())
		t.Changed(true)
		t.SettleLocked(ctx)
		return nil
	})
}
