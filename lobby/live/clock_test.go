package live

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRunnersReuseTheirGoroutines: calls one after another run on one
// runner; a call that blocks holds up no other (a second runner takes
// it); a runner left idle ends; a call that panics ends its runner
// without ending the process.
func TestRunnersReuseTheirGoroutines(t *testing.T) {
	r := &runners{work: make(chan func()), idle: time.Minute}
	call := func(f func()) {
		done := make(chan struct{})
		r.run(func() { f(); close(done) })
		<-done
		time.Sleep(time.Millisecond) // the runner back to waiting
	}
	for range 50 {
		call(func() {})
	}
	require.EqualValues(t, 1, r.started.Load(), "one after another: one runner")

	release := make(chan struct{})
	blocked := make(chan struct{})
	r.run(func() { close(blocked); <-release })
	<-blocked
	call(func() {}) // while the first runner is held
	require.EqualValues(t, 2, r.started.Load(), "a held runner: a new one for the next call")
	close(release)

	var wg sync.WaitGroup
	wg.Add(1)
	r.run(func() { defer wg.Done(); panic("a bug") })
	wg.Wait()
	call(func() {})

	idle := &runners{work: make(chan func()), idle: 5 * time.Millisecond}
	done := make(chan struct{})
	idle.run(func() { close(done) })
	<-done
	time.Sleep(50 * time.Millisecond)
	done = make(chan struct{})
	idle.run(func() { close(done) })
	<-done
	require.EqualValues(t, 2, idle.started.Load(), "a runner idle for longer than idle ended")
}

// TestRealClockCallsAfterTheDelay: the real clock's timers call their
// function after the delay, and a stopped one never.
func TestRealClockCallsAfterTheDelay(t *testing.T) {
	c := RealClock()
	start := time.Now()
	got := make(chan time.Duration, 1)
	c.AfterFunc(20*time.Millisecond, func() { got <- time.Since(start) })
	require.GreaterOrEqual(t, <-got, 20*time.Millisecond)
	stopped := c.AfterFunc(20*time.Millisecond, func() { t.Error("a stopped timer called") })
	require.True(t, stopped.Stop())
	time.Sleep(40 * time.Millisecond)
}
