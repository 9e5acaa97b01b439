package lobby

import (
	"time"
)

// A table whose writes fail backs off (play.Backoff): its bots and its
// time limit try again later, with one log line per try.

// storeFailed records a refused write, logs it once, and returns
// ErrStorage for the caller.
func (t *table) storeFailed(what string, err error) error {
	failures, retry := t.backoff.Failed(t.s.now())
	t.s.logger().Error("storing failed; the table backs off", "table", t.id, "what", what,
		"failures", failures, "retry_in", retry, "err", err)
	return ErrStorage
}

// storeWorked ends a back-off, saying so once.
func (t *table) storeWorked() {
	ended, failures, since := t.backoff.Worked()
	if !ended {
		return
	}
	t.s.logger().Info("storing works again", "table", t.id, "failures", failures,
		"after", t.s.now().Sub(since).Round(time.Second))
}

// botWait is how long the table waits before a bot moves: the back-off
// while writes fail, else BotDelay.
func (t *table) botWait() time.Duration {
	if r := t.backoff.Retry(); r > 0 {
		return r
	}
	return t.s.botDelay()
}
