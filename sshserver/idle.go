package sshserver

import (
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// The idle limit. A connection whose client has sent nothing for
// Config.IdleTimeout (no key, no window change, no keepalive, no SSH
// flow-control message) is closed by the server. Its interactive sessions
// are told IdleWarning before, on their screen's last line with a bell, and
// told again when they are closed, in words left on the player's terminal.
// What the server writes does not count, so a session on any screen stays
// open as long as its client is there and says so now and then
// (ssh -o ServerAliveInterval=60 does).
//
// This replaces the ssh library's idle timeout, a deadline on the
// connection that also counted the server's own writes and closed the
// connection without a word to the client or the log.

// idleGrace is how long the sessions of an idle connection have to print
// their last words before the connection is closed under them.
const idleGrace = 5 * time.Second

// idleHooks are what the watch does to one interactive session.
type idleHooks struct {
	warn func(text string) // show the warning
	end  func()            // end the session, telling the player why
}

// idleWatch enforces the idle limit on one connection. It costs one timer,
// which fires about once per limit on a connection that is in use.
type idleWatch struct {
	c           *trackedConn
	limit, warn time.Duration
	after       func(time.Duration, func()) stopper
	log         *slog.Logger
	remote      string

	mu       sync.Mutex
	timer    stopper
	warned   bool
	ended    bool
	stopped  bool
	sessions map[*idleHooks]struct{}
}

func newIdleWatch(c *trackedConn, limit, warn time.Duration, after func(time.Duration, func()) stopper,
	log *slog.Logger, remote string) *idleWatch {
	warn = min(warn, limit/2)
	w := &idleWatch{c: c, limit: limit, warn: warn, after: after, log: log, remote: remote,
		sessions: map[*idleHooks]struct{}{}}
	w.mu.Lock()
	w.arm(limit - warn - c.idleFor())
	w.mu.Unlock()
	return w
}

// arm sets the timer to check again after d; the caller holds mu.
func (w *idleWatch) arm(d time.Duration) {
	if w.stopped {
		return
	}
	w.timer = w.after(max(d, time.Millisecond), w.check)
}

func (w *idleWatch) check() {
	w.mu.Lock()
	if w.stopped || w.ended {
		w.mu.Unlock()
		return
	}
	idle := w.c.idleFor()
	switch {
	case idle < w.limit-w.warn:
		w.warned = false
		w.arm(w.limit - w.warn - idle)
		w.mu.Unlock()
	case idle < w.limit:
		var hooks []*idleHooks
		if !w.warned {
			w.warned = true
			hooks = w.list()
		}
		w.arm(w.limit - idle)
		w.mu.Unlock()
		text := fmt.Sprintf("boardroom: no input for %s; press a key within %s to stay connected",
			humanDuration(idle.Round(time.Second)), humanDuration((w.limit - idle).Round(time.Second)))
		for _, h := range hooks {
			h.warn(text)
		}
	default:
		w.ended = true
		hooks := w.list()
		if len(hooks) > 0 {
			w.timer = w.after(idleGrace, func() { w.c.closeFor(closeIdle) })
		}
		w.mu.Unlock()
		if len(hooks) == 0 {
			// No session to say it: the connection says it here.
			w.log.Warn("connection closed", "reason", closeIdle, "remote", w.remote,
				"idle", idle.Round(time.Second).String())
			w.c.closeFor(closeIdle)
			return
		}
		w.c.closedBy.CompareAndSwap(nil, closeIdle)
		for _, h := range hooks {
			h.end()
		}
	}
}

// list copies the sessions; the caller holds mu.
func (w *idleWatch) list() []*idleHooks {
	hs := make([]*idleHooks, 0, len(w.sessions))
	for h := range w.sessions {
		hs = append(hs, h)
	}
	return hs
}

// add registers an interactive session and returns the function that
// removes it.
func (w *idleWatch) add(h *idleHooks) func() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sessions[h] = struct{}{}
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(w.sessions, h)
	}
}

func (w *idleWatch) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	if w.timer != nil {
		w.timer.Stop()
	}
}

// idleWatch returns the connection's watch, nil before it was admitted.
func (c *trackedConn) idleWatch() *idleWatch {
	c.idleMu.Lock()
	defer c.idleMu.Unlock()
	return c.idle
}

// watchIdle starts the connection's idle watch once (at its first admitted
// session) and returns it.
func (c *trackedConn) watchIdle(start func() *idleWatch) *idleWatch {
	c.idleMu.Lock()
	defer c.idleMu.Unlock()
	if c.idle == nil {
		c.idle = start()
	}
	return c.idle
}

// humanDuration writes d in words: "30 minutes", "1 minute", "45 seconds".
func humanDuration(d time.Duration) string {
	unit := func(n int64, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return unit(int64(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return unit(int64(d/time.Minute), "minute")
	case d >= time.Minute:
		return unit(int64(d/time.Minute), "minute") + " " + unit(int64(d%time.Minute/time.Second), "second")
	}
	return unit(int64(d/time.Second), "second")
}

// rearm is a timer armed again for each write to the client (the write
// stall, frame.go): made on the first write, then reset, where a timer made
// for every frame was an allocation on the session's goroutine per frame.
type rearm struct {
	after func(time.Duration, func()) stopper
	d     time.Duration
	f     func()
	t     stopper
}

// resetter is a stopper that can be armed again (*time.Timer is one).
type resetter interface{ Reset(time.Duration) bool }

// arm starts the timer for d and returns it, to be stopped when the write
// returns. The caller serialises arm and Stop (the screen's lock).
func (r *rearm) arm() stopper {
	if t, ok := r.t.(resetter); ok {
		t.Reset(r.d)
		return r.t
	}
	r.t = r.after(r.d, r.f)
	return r.t
}
