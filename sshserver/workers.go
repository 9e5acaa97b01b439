package sshserver

import (
	"runtime"
	"sync"
)

// A model's Update and View copy large values on the stack: bubbles
// components and lipgloss styles are passed by value (a table model is
// 7 KB, a help model 4 KB), so one redraw takes a goroutine's stack to tens
// of kilobytes. Run on each session's own goroutine, every session would
// keep such a stack while it waits for its next message; the garbage
// collector gives the space back only slowly, halving a stack per cycle.
// Instead a few shared workers run the models' calls, and the session
// goroutines, which only wait, keep small stacks.

// workers is a fixed pool of goroutines that run model calls for all
// sessions. A call that finds every worker busy runs on the caller's own
// goroutine, so a slow call never holds up other sessions.
type workers struct {
	jobs chan *job
	stop chan struct{}
	once sync.Once
	wg   sync.WaitGroup
}

// job is one call handed to a worker; done carries back a panic (or nil).
type job struct {
	f    func()
	done chan any
}

func newWorkers(n int) *workers {
	if n <= 0 {
		n = max(4, 2*runtime.GOMAXPROCS(0))
	}
	w := &workers{jobs: make(chan *job), stop: make(chan struct{})}
	w.wg.Add(n)
	for range n {
		go w.loop()
	}
	return w
}

func (w *workers) loop() {
	defer w.wg.Done()
	for {
		select {
		case <-w.stop:
			return
		case j := <-w.jobs:
			j.done <- call(j.f)
		}
	}
}

// call runs f and returns what it panicked with, or nil.
func call(f func()) (p any) {
	defer func() {
		if r := recover(); r != nil {
			p = r
		}
	}()
	f()
	return nil
}

// run calls f on an idle worker and waits for it, or calls it here when no
// worker is idle (or the pool stopped). A panic in f is raised again on the
// caller's goroutine, where the session's own recovery handles it. j is the
// caller's reusable job (its done channel has room for one value).
func (w *workers) run(j *job, f func()) {
	if w == nil {
		f()
		return
	}
	j.f = f
	select {
	case w.jobs <- j:
	default:
		f()
		return
	}
	p := <-j.done
	j.f = nil
	if p != nil {
		panic(p)
	}
}

// close stops the workers; later calls run on their callers' goroutines.
func (w *workers) close() {
	w.once.Do(func() { close(w.stop) })
	w.wg.Wait()
}

func newJob() *job { return &job{done: make(chan any, 1)} }
