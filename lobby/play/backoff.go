package play

import "time"

// A table whose writes fail (a full disk, a read-only file system) backs
// off: its bots and its time limit try again after RetryMin, doubling up
// to RetryMax, with one log line per try instead of two ERROR lines at
// every bot move; one line says when storing works again.
const (
	RetryMin = time.Second
	RetryMax = time.Minute
)

// Backoff is a table's state while its writes fail. The zero Backoff is a
// table whose writes work. The caller guards it (the table's lock).
type Backoff struct {
	failures int           // writes refused in a row
	since    time.Time     // the first of them
	retry    time.Duration // the wait before the bots try again; 0: writes work
}

// Failed records a refused write at now and returns the failures in a row
// and the wait before the next try, for the caller's log line.
func (b *Backoff) Failed(now time.Time) (failures int, retry time.Duration) {
	if b.failures == 0 {
		b.since = now
		b.retry = RetryMin
	} else {
		b.retry = min(2*b.retry, RetryMax)
	}
	b.failures++
	return b.failures, b.retry
}

// Worked ends a back-off; ended is false when none ran, else failures and
// since say how long it lasted, for the caller's one log line.
func (b *Backoff) Worked() (ended bool, failures int, since time.Time) {
	if b.failures == 0 {
		return false, 0, time.Time{}
	}
	failures, since = b.failures, b.since
	*b = Backoff{}
	return true, failures, since
}

// Retry is the wait before the bots try again; 0 while writes work.
func (b *Backoff) Retry() time.Duration { return b.retry }
