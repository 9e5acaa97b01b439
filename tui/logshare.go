package tui

import (
	"hash/maphash"
	"slices"
	"sync"
)

// The sessions at a table mostly show the same log panel: the same lines
// at the same size on terminals of one kind (one Theme). Following the
// end of the log (not scrolled), the panel depends on nothing else, so
// the first session to draw an update's panel draws it for the others of
// its theme (a table's four players drew it four times).

// logShareKey is what a log panel following the end shows: its size and
// a hash of the lines on show (an entry is checked against the lines
// themselves, so two logs with one hash never share a drawing).
type logShareKey struct {
	w, h int
	sum  uint64
}

type logShareEntry struct {
	lines []string // the lines on show, the panel's whole content
	s     string
}

// logShareEntries bounds a theme's shared log panels: a drawing is worth
// keeping only until every session at its table drew the same update.
const logShareEntries = 512

// logShare keeps a theme's log panels, oldest dropped first.
type logShare struct {
	mu    sync.Mutex
	m     map[logShareKey]logShareEntry
	order []logShareKey
}

var logShareSeed = maphash.MakeSeed()

// sharedLogKey is the key of a panel w x h showing lines.
func sharedLogKey(lines []string, w, h int) logShareKey {
	var hs maphash.Hash
	hs.SetSeed(logShareSeed)
	for _, l := range lines {
		hs.WriteString(l)
		hs.WriteByte('\n')
	}
	return logShareKey{w: w, h: h, sum: hs.Sum64()}
}

// get returns the panel showing lines, drawing it (outside the lock) when
// no session of the theme did.
func (c *logShare) get(k logShareKey, lines []string, draw func() string) string {
	c.mu.Lock()
	if e, ok := c.m[k]; ok && slices.Equal(e.lines, lines) {
		c.mu.Unlock()
		return e.s
	}
	c.mu.Unlock()
	s := draw()
	kept := slices.Clone(lines) // lines is the session's own, reused
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[logShareKey]logShareEntry)
	}
	if _, ok := c.m[k]; !ok {
		for len(c.order) >= logShareEntries {
			delete(c.m, c.order[0])
			c.order[0] = logShareKey{}
			c.order = c.order[1:]
		}
		c.order = append(c.order, k)
	}
	c.m[k] = logShareEntry{lines: kept, s: s}
	return s
}
