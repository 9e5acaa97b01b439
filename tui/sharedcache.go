package tui

import "sync"

// sharedCache keeps drawings for the sessions of one Theme (terminals of
// one kind): the first session to need a drawing draws it, the others of
// its theme take it. Bounded in entries and bytes, the oldest dropped
// first; a drawing larger than an eighth of the bytes is not kept. Used
// for the game areas (boardcache.go), the log panels (logshare.go) and the
// key hints lines (framecache.go).
type sharedCache[K comparable, V any] struct {
	maxEntries, maxBytes int
	size                 func(V) int // bytes a drawing keeps

	mu    sync.Mutex
	m     map[K]V
	order []K // the kept keys, oldest first from head on (a ring, grown to maxEntries)
	head  int
	n     int
	bytes int
	hits  int64
	// misses counts the drawings made
	misses int64
}

func newSharedCache[K comparable, V any](entries, bytes int, size func(V) int) *sharedCache[K, V] {
	return &sharedCache[K, V]{maxEntries: entries, maxBytes: bytes, size: size, m: make(map[K]V)}
}

// get returns the drawing for k, calling draw (outside the lock) when no
// session drew it yet. Two sessions that miss at once both draw; either
// result is the same drawing.
func (c *sharedCache[K, V]) get(k K, draw func() V) V {
	return c.getIf(k, nil, draw)
}

// getIf is get for a key that does not say everything the drawing shows
// (a hash): a kept drawing serves only when ok says it is the one wanted.
func (c *sharedCache[K, V]) getIf(k K, ok func(V) bool, draw func() V) V {
	c.mu.Lock()
	if v, found := c.m[k]; found && (ok == nil || ok(v)) {
		c.hits++
		c.mu.Unlock()
		return v
	}
	c.misses++
	c.mu.Unlock()
	v := draw()
	size := c.size(v)
	if size > c.maxBytes/8 {
		return v // too big to keep (a huge terminal)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, found := c.m[k]; found {
		if ok == nil || ok(old) {
			return v
		}
		c.bytes -= c.size(old) // another drawing under the same key: replaced
	} else {
		for c.n > 0 && (c.n >= c.maxEntries || c.bytes+size > c.maxBytes) {
			oldest := c.order[c.head]
			var zero K
			c.order[c.head] = zero // let what the key names go
			c.head = (c.head + 1) % len(c.order)
			c.n--
			c.bytes -= c.size(c.m[oldest])
			delete(c.m, oldest)
		}
		c.push(k)
	}
	c.m[k] = v
	c.bytes += size
	return v
}

// push adds k as the newest key. The ring grows (doubling, up to
// maxEntries) only while it has never been full: a full cache's keys
// come and go without a new slice (a slice cut at its front and appended
// to was made anew every few hundred drawings).
func (c *sharedCache[K, V]) push(k K) {
	if c.n == len(c.order) {
		ring := make([]K, min(max(2*len(c.order), 16), max(c.maxEntries, 1)))
		if len(ring) <= c.n {
			ring = make([]K, c.n+1) // maxEntries below 1: one key at a time
		}
		for i := range c.n {
			ring[i] = c.order[(c.head+i)%len(c.order)]
		}
		c.order, c.head = ring, 0
	}
	c.order[(c.head+c.n)%len(c.order)] = k
	c.n++
}

// stats returns the hits and misses so far (for tests).
func (c *sharedCache[K, V]) stats() (hits, misses int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}
