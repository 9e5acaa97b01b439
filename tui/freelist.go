package tui

import "sync"

// FreeList keeps up to Max values of T that hold nothing between uses
// (buffers a frame is drawn or joined in) for the next user, under a
// lock: as many as were ever in use at once, up to Max (more are left to
// the collector). Not a sync.Pool: a pool's values are the processor's,
// and a frame drawn on another processor than the last one made a new
// one (BenchmarkPlayView's update: 9 bytes an op more). The zero list
// keeps none until Max is set.
type FreeList[T any] struct {
	Max  int
	mu   sync.Mutex
	free []*T
}

// Get returns a kept value, or a new zero one.
func (l *FreeList[T]) Get() *T {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.free)
	if n == 0 {
		return new(T)
	}
	v := l.free[n-1]
	l.free[n-1] = nil
	l.free = l.free[:n-1]
	return v
}

// Put keeps v for the next Get, unless Max are kept.
func (l *FreeList[T]) Put(v *T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.free) < l.Max {
		l.free = append(l.free, v)
	}
}
