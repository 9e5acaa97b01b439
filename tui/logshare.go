package tui

import (
	"hash/maphash"
	"slices"
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

// Bounds of a theme's shared log panels: a panel is worth keeping only
// until every session at its table drew the same update.
const (
	logShareEntries = 512
	logShareBytes   = 2 << 20
)

// logShare keeps a theme's log panels (sharedcache.go).
type logShare = sharedCache[logShareKey, logShareEntry]

func newLogShare() *logShare {
	return newSharedCache[logShareKey](logShareEntries, logShareBytes, func(e logShareEntry) int { return len(e.s) })
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

// sharedLog returns the panel showing lines from the theme's cache,
// drawing it (outside the lock) when no session of the theme did.
func sharedLog(c *logShare, k logShareKey, lines []string, draw func() string) string {
	e := c.getIf(k, func(e logShareEntry) bool { return slices.Equal(e.lines, lines) }, func() logShareEntry {
		return logShareEntry{lines: slices.Clone(lines), s: draw()} // lines is the session's own, reused
	})
	return e.s
}

// The entries of a table's log are wrapped by each of its sessions at the
// same width: the first session of a theme to wrap a new entry wraps it
// for the others (a table's four players sanitised and wrapped each entry
// four times).

// entryKey is a log entry's text and the width it is wrapped at.
type entryKey struct {
	text string
	w    int
}

// Bounds of a theme's wrapped entries: an entry is worth keeping only
// until every session at its table wrapped it (a few each action).
const (
	entryShareEntries = 4096
	entryShareBytes   = 2 << 20
)

// entryShare keeps a theme's wrapped log entries (sharedcache.go).
type entryShare = sharedCache[entryKey, string]

func newEntryShare() *entryShare {
	return newSharedCache[entryKey](entryShareEntries, entryShareBytes, func(s string) int { return len(s) })
}

// The property games' panes wrap their long lines (the cell's card, the
// last card drawn, a trade's terms) for each viewer, and the players at a
// table mostly show the same lines at the same width: the first renderer
// of a theme to wrap a line wraps it for the others (SharedWrap).

// wrapKey is a pane line and the width it is wrapped at.
type wrapKey struct {
	s string
	w int
}

// Bounds of a theme's wrapped pane lines: a line is worth keeping only
// until every session at its table drew the state that shows it.
const (
	wrapShareEntries = 4096
	wrapShareBytes   = 1 << 20
)

// wrapShare keeps a theme's wrapped pane lines (sharedcache.go).
type wrapShare = sharedCache[wrapKey, string]

func newWrapShare() *wrapShare {
	return newSharedCache[wrapKey](wrapShareEntries, wrapShareBytes, func(s string) int { return len(s) })
}

// SharedWrap returns s wrapped at width w as the first session of this
// theme to ask for it had it wrapped by wrap, calling wrap (outside any
// lock) when none did. wrap must depend on s and w alone. A zero Theme
// (tests) keeps nothing.
func (t *Theme) SharedWrap(s string, w int, wrap func() string) string {
	if t == nil || t.wraps == nil {
		return wrap()
	}
	return t.wraps.get(wrapKey{s, w}, wrap)
}
