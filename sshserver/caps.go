package sshserver

import (
	"log/slog"
	"sync"
	"time"

	"golang.org/x/time/rate"
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
// events were dropped since the previous line of that cap.
type capLog struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time

	mu   sync.Mutex
	caps map[string]*capState
}

type capState struct {
	lim     *rate.Limiter
	dropped int // events since the last line, the one being logged included
}

func newCapLog(log *slog.Logger, every time.Duration, now func() time.Time) *capLog {
	if now == nil {
		now = time.Now
	}
	return &capLog{log: log, every: every, now: now, caps: map[string]*capState{}}
}

// bit records one event refused by cap; remote is the source address of the
// latest event, logged as an example (the line stands for all of them).
func (c *capLog) bit(cap, remote string) {
	now := c.now()
	c.mu.Lock()
	st, ok := c.caps[cap]
	if !ok {
		st = &capState{lim: rate.NewLimiter(rate.Every(c.every), 1)}
		c.caps[cap] = st
	}
	st.dropped++
	if !st.lim.AllowN(now, 1) {
		c.mu.Unlock()
		return
	}
	n := st.dropped
	st.dropped = 0
	c.mu.Unlock()
	c.log.Warn("limit reached", "cap", cap, "dropped", n, "remote", remote, "per", c.every.String())
}
