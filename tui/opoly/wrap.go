package opoly

import (
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/parser"

	"boardroom/tui"
)

// wrapCache word-wraps the panes' lines that are wider than their pane,
// as ansi.Wrap(s, w, "") does, and keeps what the last frame and the
// current one wrapped, by text and width (Frame starts a frame). The
// texts of the panes change with nearly every move (the cash in a line,
// the last card drawn), so most lines wrapped in the first frame of a
// state are new: ansi.Wrap made three growing buffers and a string of
// each, and splitting it a slice. Here a line is wrapped in the cache's
// own buffers (kept from line to line, never handed out) into one string,
// and its lines are appended as parts of that string. It belongs to one
// renderer (no lock).
type wrapCache struct {
	cur, prev        map[wrapKey]string
	buf, word, space []byte
	th               *tui.Theme // whose sessions share the lines wrapped (nil: none)
}

type wrapKey struct {
	s string
	w int
}

// Frame starts a frame: what the frame before last wrapped and this one
// does not is dropped.
func (c *wrapCache) Frame() {
	c.prev, c.cur = c.cur, c.prev
	clear(c.cur)
}

// Append appends the lines of s word-wrapped to width w to dst (as
// tui.AppendWrapped does): s itself when it fits, else parts of one
// wrapped string, the same from frame to frame.
func (c *wrapCache) Append(dst []string, s string, w int) []string {
	if w <= 0 || tui.FitsLine(s, w) {
		return append(dst, s)
	}
	return tui.AppendLines(dst, c.wrapped(s, w))
}

// Count is how many lines s takes wrapped to width w (tui.WrappedCount);
// a line it wraps is kept for the Append that follows.
func (c *wrapCache) Count(s string, w int) int {
	if w <= 0 || tui.FitsLine(s, w) {
		return 1
	}
	t, n := c.wrapped(s, w), 1
	for i := 0; i < len(t); i++ {
		if t[i] == '\n' {
			n++
		}
	}
	return n
}

// wrapped is s wrapped to w, from the cache or wrapped now.
func (c *wrapCache) wrapped(s string, w int) string {
	k := wrapKey{s, w}
	t, ok := c.cur[k]
	if !ok {
		if t, ok = c.prev[k]; !ok {
			// the table's other players of this theme wrap the same
			// lines: the first to wrap one wraps it for the others
			t = c.th.SharedWrap(s, w, func() string { return c.wrap(s, w) })
		}
		if c.cur == nil {
			c.cur = make(map[wrapKey]string)
		}
		c.cur[k] = t
	}
	return t
}

// nbsp is the non-breaking space, never a place to break a line.
const nbsp = 0xA0

// wrap is ansi.Wrap(s, limit, "") (github.com/charmbracelet/x/ansi
// v0.11.6, wrap.go, MIT licence), written into the cache's buffers: the
// same steps, the bytes.Buffers replaced by byte slices kept from call to
// call, so that the wrapped string is the one allocation.
// TestWrapAsAnsi compares the two on the panes' texts and on made-up ones.
func (c *wrapCache) wrap(s string, limit int) string {
	if limit < 1 {
		return s
	}
	buf, word, space := c.buf[:0], c.word[:0], c.space[:0]
	var (
		spaceWidth int // width of the space buffer
		curWidth   int // written width of the line
		wordLen    int // word buffer len without ANSI escape codes
		pstate     = parser.GroundState
	)
	addSpace := func() {
		if spaceWidth == 0 && len(space) == 0 {
			return
		}
		curWidth += spaceWidth
		buf = append(buf, space...)
		space = space[:0]
		spaceWidth = 0
	}
	addWord := func() {
		if len(word) == 0 {
			return
		}
		addSpace()
		curWidth += wordLen
		buf = append(buf, word...)
		word = word[:0]
		wordLen = 0
	}
	addNewline := func() {
		buf = append(buf, '\n')
		curWidth = 0
		space = space[:0]
		spaceWidth = 0
	}
	i := 0
	for i < len(s) {
		state, action := parser.Table.Transition(pstate, s[i])
		if state == parser.Utf8State {
			cluster, width := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
			i += len(cluster)
			r, _ := utf8.DecodeRuneInString(cluster)
			if r != utf8.RuneError && unicode.IsSpace(r) && r != nbsp {
				addWord()
				space = utf8.AppendRune(space, r)
				spaceWidth += width
			} else { // no breakpoints: a cluster that is not a space is part of a word
				if wordLen+width > limit {
					addWord() // hard-wrap a word too long
				}
				word = append(word, cluster...)
				wordLen += width
				if curWidth+wordLen+spaceWidth > limit {
					addNewline()
				}
				if wordLen == limit {
					addWord()
				}
			}
			pstate = parser.GroundState
			continue
		}
		switch action {
		case parser.PrintAction, parser.ExecuteAction:
			switch r := rune(s[i]); {
			case r == '\n':
				if wordLen == 0 {
					if curWidth+spaceWidth > limit {
						curWidth = 0
					} else {
						buf = append(buf, space...) // preserve whitespace
					}
					space = space[:0]
					spaceWidth = 0
				}
				addWord()
				addNewline()
			case unicode.IsSpace(r):
				addWord()
				space = utf8.AppendRune(space, r)
				spaceWidth++
			case r == '-':
				addSpace()
				if curWidth+wordLen >= limit {
					// The hyphen does not fit the line: part of the word.
					word = utf8.AppendRune(word, r)
					wordLen++
				} else {
					addWord()
					buf = utf8.AppendRune(buf, r)
					curWidth++
				}
			default:
				if curWidth == limit {
					addNewline()
				}
				word = utf8.AppendRune(word, r)
				wordLen++
				if wordLen == limit {
					addWord()
				}
				if curWidth+wordLen+spaceWidth > limit {
					addNewline()
				}
			}
		default:
			word = append(word, s[i])
		}
		if pstate != parser.Utf8State {
			pstate = state
		}
		i++
	}
	if wordLen == 0 {
		if curWidth+spaceWidth > limit {
			curWidth = 0
		} else {
			buf = append(buf, space...) // preserve whitespace
		}
		space = space[:0]
		spaceWidth = 0
	}
	addWord()
	out := string(buf)
	c.buf, c.word, c.space = buf[:0], word[:0], space[:0]
	return out
}
