package sshserver

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestWorkersRunAndWait(t *testing.T) {
	w := newWorkers(2)
	defer w.close()
	j := newJob()
	n := 0
	for range 100 {
		w.run(j, func() { n++ })
	}
	require.Equal(t, 100, n, "each call has finished when run returns")
}

func TestWorkersRaisePanicsOnTheCaller(t *testing.T) {
	w := newWorkers(1)
	defer w.close()
	j := newJob()
	require.PanicsWithValue(t, "boom", func() { w.run(j, func() { panic("boom") }) })
	ran := false
	w.run(j, func() { ran = true })
	require.True(t, ran, "the worker survives a panic")
}

// TestWorkersBusyRunsHere: with every worker busy for longer than the
// wait a call runs on the caller's goroutine.
func TestWorkersBusyRunsHere(t *testing.T) {
	w := newWorkers(1)
	w.wait = time.Millisecond
	defer w.close()
	release := make(chan struct{})
	started := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.run(newJob(), func() { close(started); <-release })
	}()
	<-started
	ran := false
	j := newJob()
	w.run(j, func() { ran = true })
	require.True(t, ran)
	w.run(j, func() { ran = false }) // the job's timer, reused, waits again
	require.False(t, ran)
	close(release)
	wg.Wait()
}

// TestWorkersBusyWaitsForAWorker: a call that finds every worker busy waits
// for one (it does not run at once on the caller's goroutine, where its
// allocations would make the session goroutine help the collector).
func TestWorkersBusyWaitsForAWorker(t *testing.T) {
	w := newWorkers(1)
	w.wait = time.Hour
	defer w.close()
	release := make(chan struct{})
	started := make(chan struct{})
	go w.run(newJob(), func() { close(started); <-release })
	<-started
	waiting := make(chan struct{})
	w.waiting = func() { close(waiting) }
	var released atomic.Bool
	done := make(chan bool)
	go func() {
		var after bool
		w.run(newJob(), func() { after = released.Load() })
		done <- after
	}()
	select {
	case <-waiting:
	case after := <-done:
		t.Fatalf("the call ran at once (after the busy one: %v), it did not wait for a worker", after)
	}
	released.Store(true)
	close(release)
	require.True(t, <-done, "the call ran on the worker once it was free")
}

func TestWorkersAfterClose(t *testing.T) {
	w := newWorkers(2)
	w.close()
	w.close()
	ran := false
	w.run(newJob(), func() { ran = true })
	require.True(t, ran, "a stopped pool runs calls on the caller")
	var none *workers
	none.run(newJob(), func() { ran = false })
	require.False(t, ran)
}
