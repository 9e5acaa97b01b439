package live

import (
	"time"

	"boardroom/engine"
)

// StartTimeLimitLocked arms the game's time limit (engine.TimeLimited), if
// it has one still to apply: it lapses at the table's start time plus the
// limit, at once if that has passed (a restore after the limit).
func (t *Table) StartTimeLimitLocked() {
	t.stopTimeLimit()
	if t.Status != TablePlaying || t.Closed || t.G == nil {
		return
	}
	tl, ok := t.G.(engine.TimeLimited)
	if !ok {
		return
	}
	if m, a := tl.TimeLimit(); m > 0 && a != nil {
		due := t.StartedAt.Add(time.Duration(m) * time.Minute)
		t.ArmTimeLimit(due.Sub(t.Host.Now()))
	}
}

func (t *Table) ArmTimeLimit(d time.Duration) {
	t.limitT = t.Host.AfterFunc(d, "time limit", func() { t.Host.OnTimeLimit(t) })
}

func (t *Table) stopTimeLimit() {
	if t.limitT != nil {
		t.limitT.Stop()
		t.limitT = nil
	}
}
