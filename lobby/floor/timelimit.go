package floor

import (
	"errors"
	"time"

	"boardroom/engine"
)

// timeLimitRetry is how long the table waits before applying a lapsed time
// limit again when the store refused it.
const timeLimitRetry = 30 * time.Second

// onTimeLimit applies the game's time-limit action as seat engine.Table,
// through the same path as every action: stored in the log, then published.
func (fl *Floor) onTimeLimit(t *table) {
	_ = fl.Update(t, func() error {
		t.LimitFired()
		if t.Status != TablePlaying || t.G == nil {
			return nil
		}
		tl, ok := t.G.(engine.TimeLimited)
		if !ok {
			return nil
		}
		m, a := tl.TimeLimit()
		if m <= 0 || a == nil {
			return nil
		}
		if err := t.Apply(fl.bg, engine.Table, a); err != nil {
			if errors.Is(err, ErrStorage) { // logged by the back-off
				t.ArmTimeLimit(timeLimitRetry)
				return nil
			}
			fl.log.Error("the time limit could not be applied", "table", t.ID, "kind", a.Kind(), "err", err)
			return nil
		}
		fl.log.Info("time limit reached", "table", t.ID, "minutes", m)
		t.SettleLocked(fl.bg)
		return nil
	})
}
