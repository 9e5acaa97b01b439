package live

import (
	"log/slog"
	"runtime/debug"
	"sync/atomic"
	"time"
)

// Clock is the source of time and timers the live tables (and the whole
// lobby) run on; tests use a fake one (lobbytest.FakeClock).
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine after d.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc call.
type Timer interface {
	// Stop prevents the call if it has not started; it reports whether it did.
	Stop() bool
}

// RealClock returns the wall clock. Its calls run on goroutines it keeps
// between calls (runners).
func RealClock() Clock { return realClock{r: &runners{work: make(chan func()), idle: runnerIdle}} }

type realClock struct{ r *runners }

func (realClock) Now() time.Time { return time.Now() }

func (c realClock) AfterFunc(d time.Duration, f func()) Timer {
	return time.AfterFunc(d, func() { c.r.run(f) })
}

// runnerIdle is how long a runner waits for another call before it ends.
const runnerIdle = 10 * time.Second

// runners call the clock's functions on goroutines kept between calls.
// time.AfterFunc calls each on a new goroutine, whose stack starts small
// and is copied each time it doubles: a bot's move (the bot, the game, the
// store, the players' frames) grew one from 2 to 32 KiB on every move, and
// the copies were 1.6% of the server at 4,000 players with two bots a
// table. A call goes to a runner waiting for one, else to a new runner;
// none is ever waited for, so a call that blocks holds up no other.
type runners struct {
	work    chan func() // unbuffered: taken only by a waiting runner
	idle    time.Duration
	started atomic.Int64 // runners started so far
}

// run calls f on a waiting runner, or on a new one.
func (r *runners) run(f func()) {
	select {
	case r.work <- f:
	default:
		r.started.Add(1)
		go r.loop(f)
	}
}

// loop calls f, then each call handed to it, until none comes for r.idle.
// A call that panics ends its runner (the panic logged), as it would
// have ended the goroutine time.AfterFunc made for it, without ending the
// process.
func (r *runners) loop(f func()) {
	defer func() {
		if v := recover(); v != nil {
			slog.Error("panic in a timer's call", "panic", v, "stack", string(debug.Stack()))
		}
	}()
	t := time.NewTimer(r.idle)
	defer t.Stop()
	for {
		f()
		f = nil // the call's closure is not kept while the runner waits
		t.Reset(r.idle)
		select {
		case f = <-r.work:
		case <-t.C:
			return
		}
	}
}
