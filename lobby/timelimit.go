package lobby

import (
	"errors"
	"time"

	"boardroom/engine"
)

// timeLimitRetry is how long the table waits before applying a lapsed time
// limit again when the store refused it.
const timeLimitRetry = 30 * time.Second

// startTimeLimitLocked arms the game's time limit (engine.TimeLimited), if
// it has one still to apply: it lapses at the table's start time plus the
// limit, at once if that has passed (a restore after the limit).
func (t *table) startTimeLimitLocked() {
	t.stopTimeLimit()
	if t.status != TablePlaying || t.closed || t.g == nil {
		return
	}
	tl, ok := t.g.(engine.TimeLimited)
	if !ok {
		return
	}
	if m, a := tl.TimeLimit(); m > 0 && a != nil {
		due := t.startedAt.Add(time.Duration(m) * time.Minute)
		t.armTimeLimit(due.Sub(t.s.now()))
	}
}

func (t *table) armTimeLimit(d time.Duration) {
	t.limitT = t.s.afterFunc(d, "time limit", func() { t.s.onTimeLimit(t) })
}

func (t *table) stopTimeLimit() {
	if t.limitT != nil {
		t.limitT.Stop()
		t.limitT = nil
	}
}

// onTimeLimit applies the game's time-limit action as seat engine.Table,
// through the same path as every action: stored in the log, then published.
func (s *Service) onTimeLimit(t *table) {
	_ = s.update(t, func() error {
		t.limitT = nil
		if t.status != TablePlaying || t.g == nil {
			return nil
		}
		tl, ok := t.g.(engine.TimeLimited)
		if !ok {
			return nil
		}
		m, a := tl.TimeLimit()
		if m <= 0 || a == nil {
			return nil
		}
		if err := t.apply(s.bg, engine.Table, a); err != nil {
			if errors.Is(err, ErrStorage) { // logged by the back-off
				t.armTimeLimit(timeLimitRetry)
				return nil
			}
			s.log.Error("the time limit could not be applied", "table", t.id, "kind", a.Kind(), "err", err)
			return nil
		}
		s.log.Info("time limit reached", "table", t.id, "minutes", m)
		t.settleLocked(s.bg)
		return nil
	})
}
