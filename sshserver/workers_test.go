package sshserver

import (
	"sync"
	"testing"

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

// TestWorkersBusyRunsHere: with every worker busy a call runs on the
// caller's goroutine instead of waiting.
func TestWorkersBusyRunsHere(t *testing.T) {
	w := newWorkers(1)
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
	w.run(newJob(), func() { ran = true })
	require.True(t, ran)
	close(release)
	wg.Wait()
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
