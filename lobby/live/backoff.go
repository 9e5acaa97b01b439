package live

import (
	"boardroom/lobby/errs"
	"time"
)

// storeFailed records a refused write, logs it once, and returns
// errs.ErrStorage for the caller.
func (t *Table) storeFailed(what string, err error) error {
	failures, retry := t.backoff.Failed(t.Host.Now())
	t.Host.Logger().Error("storing failed; the table backs off", "table", t.ID, "what", what,
		"failures", failures, "retry_in", retry, "err", err)
	return errs.ErrStorage
}

// storeWorked ends a back-off, saying so once.
func (t *Table) storeWorked() {
	ended, failures, since := t.backoff.Worked()
	if !ended {
		return
	}
	t.Host.Logger().Info("storing works again", "table", t.ID, "failures", failures,
		"after", t.Host.Now().Sub(since).Round(time.Second))
}

// botWait is how long the table waits before a bot moves: the back-off
// while writes fail, else the node's pause before a bot's move.
func (t *Table) botWait() time.Duration {
	if r := t.backoff.Retry(); r > 0 {
		return r
	}
	return t.Host.Bots().Delay
}
