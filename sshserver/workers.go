package sshserver

import (
	"runtime"
	"sync"
	"time"
)

// A model's Update and View copy large values on the stack: bubbles
// components and lipgloss styles are passed by value (a table model is
// 7 KB, a help model 4 KB), so one redraw takes a goroutine's stack to tens
// of kilobytes. Run on each session's own goroutine, every session would
// keep such a stack while it waits for its next message; the garbage
// collector gives the space back only slowly, halving a stack per cycle.
// Instead a few shared workers run the models' calls, and the session
// goroutines, which only wait, keep small stacks.

// The workers also keep the allocation of drawing off the session
// goroutines. During a collection every goroutine that allocates must first
// help mark, at least 64 KB each: with the drawing on a few workers that is
// a few times 64 KB a cycle, where thousands of session goroutines, each
// allocating a little, made the marking several times larger than the heap
// and took both cores from the players for a second (docs/capacity.md).

// workers is a fixed pool of goroutines that run model calls for all
// sessions. A call that finds every worker busy waits for one, up to
// workerWait; then it runs on the caller's own goroutine, so a slow call
// holds up other sessions no longer than that.
type workers struct {
	jobs chan *job
	stop chan struct{}
	once sync.Once
	wg   sync.WaitGroup
	wait time.Duration // how long a call waits for a busy pool
	// waiting, when set (tests), is called as a call starts to wait.
	waiting func()
	// handing, when set (tests), is called as a call is handed to the pool.
	handing func()
}

// workerWait is how long a call waits when every worker is busy. The
// workers are busiest during a collection, when running the call here
// instead would make this goroutine help mark (the cascade above): so the
// wait is long, far beyond a frame's drawing (tens to hundreds of
// microseconds), and ends only for calls held up by workers that wait on
// something else (the store).
const workerWait = 250 * time.Millisecond

// job is one call handed to a worker; done carries back a panic (or nil).
type job struct {
	f     func()
	done  chan any
	timer *time.Timer // the wait for a busy pool, made once and reused
}

func newWorkers(n int) *workers {
	if n <= 0 {
		n = max(16, 8*runtime.GOMAXPROCS(0))
	}
	w := &workers{jobs: make(chan *job), stop: make(chan struct{}), wait: workerWait}
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

// run calls f on a worker and waits for it, or calls it here when no
// worker took it within w.wait (or the pool stopped). A panic in f is
// raised again on the caller's goroutine, where the session's own recovery
// handles it. j is the caller's reusable job (its done channel has room for
// one value).
func (w *workers) run(j *job, f func()) {
	if w == nil {
		f()
		return
	}
	if w.handing != nil {
		w.handing()
	}
	j.f = f
	select {
	case w.jobs <- j:
	default:
		if !w.waitFor(j) {
			j.f = nil
			f()
			return
		}
	}
	p := <-j.done
	j.f = nil
	if p != nil {
		panic(p)
	}
}

// waitFor hands j to the first worker free within w.wait and reports
// whether one took it. Its timer is the job's own, reset each time.
func (w *workers) waitFor(j *job) bool {
	if w.waiting != nil {
		w.waiting()
	}
	if j.timer == nil {
		j.timer = time.NewTimer(w.wait)
	} else {
		j.timer.Reset(w.wait)
	}
	select {
	case w.jobs <- j:
		j.timer.Stop()
		return true
	case <-w.stop:
		j.timer.Stop()
		return false
	case <-j.timer.C:
		return false
	}
}

// close stops the workers; later calls run on their callers' goroutines.
func (w *workers) close() {
	w.once.Do(func() { close(w.stop) })
	w.wg.Wait()
}

func newJob() *job {
	j := &job{}
	j.init()
	return j
}

// init makes a job kept in another value (a framed's) ready to run.
func (j *job) init() { j.done = make(chan any, 1) }
