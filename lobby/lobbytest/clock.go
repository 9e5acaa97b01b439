// Package lobbytest holds test helpers for code that uses package lobby: a
// fake clock whose timers fire only when the test advances it, and fixed game
// seeds that are logged when a test fails.
package lobbytest

import (
	"sort"
	"sync"
	"time"

	"boardroom/lobby"
)

// FakeClock is a lobby.Clock that stands still until Advance. Timers fire
// synchronously inside Advance, in the goroutine that calls it, in order of
// their due time (ties: order of creation).
type FakeClock struct {
	mu     sync.Mutex
	now    time.Time
	seq    int
	timers []*fakeTimer
}

type fakeTimer struct {
	c   *FakeClock
	at  time.Time
	seq int
	f   func()
}

var _ lobby.Clock = (*FakeClock)(nil)

// NewFakeClock returns a fake clock showing start.
func NewFakeClock(start time.Time) *FakeClock { return &FakeClock{now: start} }

// Now implements lobby.Clock.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc implements lobby.Clock. A timer with d <= 0 fires at the next
// Advance (even Advance(0)).
func (c *FakeClock) AfterFunc(d time.Duration, f func()) lobby.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &fakeTimer{c: c, at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	return t
}

// Stop implements lobby.Timer.
func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	for i, x := range t.c.timers {
		if x == t {
			t.c.timers = append(t.c.timers[:i], t.c.timers[i+1:]...)
			return true
		}
	}
	return false
}

// Pending returns the number of timers that have not fired or been stopped.
func (c *FakeClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// Advance moves the clock forward by d, firing every timer that falls due,
// including timers created by the callbacks of fired ones.
func (c *FakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		sort.SliceStable(c.timers, func(i, j int) bool {
			a, b := c.timers[i], c.timers[j]
			if !a.at.Equal(b.at) {
				return a.at.Before(b.at)
			}
			return a.seq < b.seq
		})
		if len(c.timers) == 0 || c.timers[0].at.After(end) {
			c.now = end
			c.mu.Unlock()
			return
		}
		t := c.timers[0]
		c.timers = c.timers[1:]
		if t.at.After(c.now) {
			c.now = t.at
		}
		c.mu.Unlock()
		t.f()
	}
}
