package tui

import (
	"strings"
	"sync"
)

// The players at a table see mostly the same board: of the twelve rows
// of Unipoly's game area at 80x24, two humans' sessions drew about nine
// the same after an action (the ring, the dice, the card of the cell in
// turn), the rows naming "you" and the action bar apart. Each session
// wrote its whole area into a new string, and that was the largest part
// of what an action allocated (issue 32). A renderer writes its rows into
// a buffer of its own instead and hands them to SharedRows: the rows that
// a session of the theme drew a moment ago are that session's strings,
// the others are copied into one new string, kept for the others.
//
// The rows are kept for a moment only (rowShareBytes: the rows of a few
// dozen frames): the sessions at a table draw an action's frames within
// milliseconds of each other, and the next action of a table comes a
// second or more later, after thousands of other frames on a full server.
// A row a session keeps on screen holds the string it was copied into,
// and that string holds the other rows copied with it: kept briefly,
// every string is soon held by the screens that show its rows alone.

// rowShareBytes bounds the rows a theme keeps (the strings they were
// copied into, counted whole), rowShareRows their number.
const (
	rowShareBytes = 64 << 10
	rowShareRows  = 1024
)

// rowShare keeps the rows drawn lately by the sessions of one theme, each
// by its text.
type rowShare struct {
	mu      sync.Mutex
	m       map[string]string    // a row's text: the row (the same text, a part of a copy's string)
	kept    [rowShareRows]string // the rows in the order they were copied, from first on (a ring)
	first   int
	n       int
	batches []rowBatch // the copies, oldest first
	bytes   int        // the copies' strings
}

// rowBatch is one copy: how many rows of one frame were copied into one
// string, and its length.
type rowBatch struct{ rows, size int }

func newRowShare() *rowShare { return &rowShare{m: make(map[string]string)} }

// SharedRows appends the rows of text to dst (ends: where each row ends
// in text, the first starting at 0): each the row a session of this theme
// drew lately with the same text, else a part of one new string holding
// every such row of text. text is not kept: a renderer writes its frame's
// rows into a buffer of its own, reused frame after frame. A Theme not
// made by NewTheme keeps no rows: one new string.
func (t *Theme) SharedRows(dst []string, text []byte, ends []int) []string {
	return t.SharedRowsAfter(dst, nil, text, ends)
}

// SharedRowsAfter is SharedRows for a renderer whose last frame's rows
// were prev: a row with the text of prev's row at the same index is that
// string again, neither looked up nor copied. After a move most of a
// session's rows are its own last frame's (the ring away from the tokens
// that moved, the panes that did not change); the theme keeps rows for a
// moment only, so they were copied again at each frame, and every row
// was looked up under the theme's lock.
func (t *Theme) SharedRowsAfter(dst, prev []string, text []byte, ends []int) []string {
	if t == nil || t.rows == nil {
		return AppendCut(dst, string(text), ends)
	}
	return t.rows.rows(dst, prev, text, ends)
}

func (c *rowShare) rows(dst, prev []string, text []byte, ends []int) []string {
	first := len(dst)
	var aa [64]int // the rows not prev's (their index in ends), on the stack for a game area
	ask := aa[:0]
	from := 0
	for i, end := range ends {
		if i < len(prev) && prev[i] == string(text[from:end]) { // no string made to compare
			dst = append(dst, prev[i])
		} else {
			dst = append(dst, "")
			ask = append(ask, i)
		}
		from = end
	}
	if len(ask) == 0 {
		return dst
	}
	var ma [64]int // the rows not kept either
	miss := ma[:0]
	size := 0
	c.mu.Lock()
	for _, i := range ask {
		start, end := rowStart(ends, i), ends[i]
		s, ok := c.m[string(text[start:end])] // no string made to look up
		if !ok {
			miss = append(miss, i)
			size += end - start
		}
		dst[first+i] = s
	}
	c.mu.Unlock()
	if len(miss) == 0 {
		return dst
	}
	var b strings.Builder
	b.Grow(size)
	for _, i := range miss {
		b.Write(text[rowStart(ends, i):ends[i]])
	}
	s := b.String()
	from = 0
	for _, i := range miss {
		n := ends[i] - rowStart(ends, i)
		dst[first+i] = s[from : from+n]
		from += n
	}
	if len(miss) > rowShareRows || size > rowShareBytes {
		return dst // a huge frame: not kept
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.batches) > 0 && (c.n+len(miss) > rowShareRows || c.bytes+size > rowShareBytes) {
		c.drop()
	}
	for _, i := range miss {
		r := dst[first+i]
		if _, ok := c.m[r]; !ok { // another session copied it meanwhile: its copy stays
			c.m[r] = r
		}
		c.kept[(c.first+c.n)%rowShareRows] = r
		c.n++
	}
	c.batches = append(c.batches, rowBatch{rows: len(miss), size: size})
	c.bytes += size
	return dst
}

// drop forgets the oldest copy's rows.
func (c *rowShare) drop() {
	old := c.batches[0]
	for range old.rows {
		delete(c.m, c.kept[c.first]) // (a later copy of the same text, if any: only shared less)
		c.kept[c.first] = ""
		c.first = (c.first + 1) % rowShareRows
		c.n--
	}
	c.bytes -= old.size
	n := copy(c.batches, c.batches[1:])
	c.batches = c.batches[:n]
}

// rowStart is where row i of a text cut at ends starts.
func rowStart(ends []int, i int) int {
	if i == 0 {
		return 0
	}
	return ends[i-1]
}

// forget drops every row kept.
func (c *rowShare) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.batches) > 0 {
		c.drop()
	}
}
