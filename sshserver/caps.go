package sshserver

import (
	"log/slog"
	"sync"
	"time"
)

// Names of the caps in log lines ("limit reached", cap=NAME).
const (
	capUnauthPerIP  = "unauthenticated-per-address"
	capUnauthTotal  = "unauthenticated-total"
	capChannels     = "channels-per-connection"
	capEnv          = "env-per-session"
	capCommandBytes = "command-bytes"
)

// capLog logs that a cap bit, at most one line per cap per interval: a
// flood must not turn into a flood of log lines. Each line carries how many
// events it stands for since the previous line of that cap. Events held back
// are logged when the interval is over even if no event follows, so that no
// refused connection goes unlogged (issue 29: a ramp's last refusals were
// never reported).
type capLog struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time
	after func(time.Duration, func()) stopper

	mu   sync.Mutex
	caps map[string]*capState
}

type capState struct {
	last    time.Time // the cap's last line; zero before the first
	dropped int       // events held back since the last line
	remote  string    // source address of the latest of them
	timer   stopper   // armed while events are held back
}

func newCapLog(log *slog.Logger, every time.Duration, now func() time.Time) *capLog {
	if now == nil {
		now = time.Now
	}
	return &capLog{log: log, every: every, now: now, caps: map[string]*capState{},
		after: func(d time.Duration, f func()) stopper { return time.AfterFunc(d, f) }}
}

// bit records one event refused by cap; remote is the source address of the
// latest event, logged as an example (the line stands for all of them).
func (c *capLog) bit(cap, remote string) {
	now := c.now()
	c.mu.Lock()
	st, ok := c.caps[cap]
	if !ok {
		st = &capState{}
		c.caps[cap] = st
	}
	st.dropped++
	st.remote = remote
	if !st.last.IsZero() && now.Sub(st.last) < c.every {
		if st.timer == nil {
			st.timer = c.after(st.last.Add(c.every).Sub(now), func() { c.flush(cap) })
		}
		c.mu.Unlock()
		return
	}
	n := st.dropped
	st.dropped, st.last = 0, now
	c.mu.Unlock()
	c.line(cap, n, remote)
}

// flush logs the events of cap held back during the last interval.
func (c *capLog) flush(cap string) {
	c.mu.Lock()
	st := c.caps[cap]
	st.timer = nil
	n, remote := st.dropped, st.remote
	if n == 0 {
		c.mu.Unlock()
		return
	}
	st.dropped, st.last = 0, c.now()
	c.mu.Unlock()
	c.line(cap, n, remote)
}

func (c *capLog) line(cap string, n int, remote string) {
	c.log.Warn("limit reached", "cap", cap, "dropped", n, "remote", remote, "per", c.every.String())
}
