package lobby

import (
	"time"
)

// A table whose writes fail (a full disk, a read-only file system) backs
// off: its bots and its time limit try again after storeRetryMin, doubling
// up to storeRetryMax, with one log line per try instead of two ERROR
// lines at every bot move; one line says when storing works again.
const (
	storeRetryMin = time.Second
	storeRetryMax = time.Minute
)

// storeBackoff is a table's state while its writes fail.
type storeBackoff struct {
	failures int           // writes refused in a row
	since    time.Time     // the first of them
	retry    time.Duration // the wait before the bots try again; 0: writes work
}

// storeFailed records a refused write, logs it once, and returns
// ErrStorage for the caller.
func (t *table) storeFailed(what string, err error) error {
	b := &t.backoff
	if b.failures == 0 {
		b.since = t.s.clock.Now()
		b.retry = storeRetryMin
	} else {
		b.retry = min(2*b.retry, storeRetryMax)
	}
	b.failures++
	t.s.log.Error("storing failed; the table backs off", "table", t.id, "what", what,
		"failures", b.failures, "retry_in", b.retry, "err", err)
	return ErrStorage
}

// storeWorked ends a back-off, saying so once.
func (t *table) storeWorked() {
	b := &t.backoff
	if b.failures == 0 {
		return
	}
	t.s.log.Info("storing works again", "table", t.id, "failures", b.failures,
		"after", t.s.clock.Now().Sub(b.since).Round(time.Second))
	*b = storeBackoff{}
}

// botWait is how long the table waits before a bot moves: the back-off
// while writes fail, else BotDelay.
func (t *table) botWait() time.Duration {
	if t.backoff.retry > 0 {
		return t.backoff.retry
	}
	return t.s.cfg.BotDelay
}
