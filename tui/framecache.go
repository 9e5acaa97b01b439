package tui

import "github.com/charmbracelet/bubbles/key"

// A session's frame is drawn whole after every message its program gets,
// and most messages change one small part of it: the turn timer's
// countdown ticks once a second for every player at a table, a key moves
// a cursor. The parts that did not change (the log and chat panels, the
// key hints) are kept from the last frame, each under a key that names
// everything its drawing reads, and drawn again only when that changes.
// The board has its own cache, shared between sessions (boardcache.go).

// Memo keeps one drawing and the key it was drawn for. A key is a
// comparable struct of ints, bools, strings and pointers, of one type per
// Memo (a key held as an interface was boxed on every frame's lookup). The
// game renderers keep parts of their own frames in it too.
type Memo[K comparable, V any] struct {
	ok  bool
	key K
	v   V
}

// Get returns the kept drawing when it was drawn for k, else draws it.
func (c *Memo[K, V]) Get(k K, draw func() V) V {
	if c.ok && c.key == k {
		return c.v
	}
	c.ok, c.key, c.v = true, k, draw()
	return c.v
}

// logPanelKey is what the log panel's drawing reads: the state's log (by
// the generation of the state on show), the size, the theme and the
// scroll position before the drawing.
type logPanelKey struct {
	gen      uint64
	w, h     int
	th       *Theme
	scrolled bool
	yOff     int
}

// chatKey is what a chat box's drawing reads while it does not have the
// keyboard: the messages (by their generation), size, theme, scroll
// position, label and the reason the viewer cannot write.
type chatViewKey struct {
	gen           uint64
	w, h          int
	th            *Theme
	scrolled      bool
	yOff          int
	label, noSend string
}

// promptKey is what the prompt line after the countdown reads: the state,
// the table (the seats' names) and the theme.
type promptKey struct {
	gen, tab uint64
	th       *Theme
}

// hintsKey is what the key hints line reads: the width, the theme and the
// enabled bindings' help texts.
type hintsKey struct {
	w    int
	th   *Theme
	keys string
}

// hintsView is the key hints line of the frame.
func (m *Model) hintsView(w int) string {
	ks := m.keys()
	defer m.releaseKeys()
	// The bindings' texts are written in the session's buffer: a string
	// of them is made only when they are not the last frame's.
	lobby := m.screen == screenLobby && m.th.hintLines != nil
	b := m.hintsBuf[:0]
	if lobby {
		b = nil // a waiting session keeps no buffer
	}
	for _, k := range ks {
		if !k.Enabled() {
			continue
		}
		h := k.Help()
		b = append(b, h.Key...)
		b = append(b, 0)
		b = append(b, h.Desc...)
		b = append(b, 1)
	}
	if !lobby {
		m.hintsBuf = b
	} else {
		m.hintsBuf = nil
	}
	if last := &m.hints.key; !lobby && m.hints.ok && last.w == w && last.th == m.th && last.keys == string(b) {
		return m.hints.v
	}
	k := hintsKey{w: w, th: m.th, keys: string(b)}
	if lobby {
		// The lobby's frames are few: the theme's lines serve them, and a
		// waiting session keeps no key (issue 32, as the chat box).
		m.hints = Memo[hintsKey, string]{}
		return m.th.hintLines.get(k, func() string { return m.hintsLine(ks, w) })
	}
	return m.hints.Get(k, func() string {
		if m.th.hintLines == nil {
			return m.hintsLine(ks, w)
		}
		return m.th.hintLines.get(k, func() string { return m.hintsLine(ks, w) })
	})
}

// hintsLine draws the key hints line of ks, w cells wide as the frame
// takes it (padded once here, not on every frame it is kept for).
func (m *Model) hintsLine(ks []key.Binding, w int) string {
	var one [1]string
	return AppendBlock(one[:0], shortHelpLine(m.helpModel(w), ks, w), w, 1)[0]
}

// lineCache keeps key hints lines drawn for the sessions of one theme
// (sharedcache.go): the sessions at a Unipoly table see a handful of
// different lines ("r roll", "e end turn", ...), each drawn once for all
// of them.
type lineCache = sharedCache[hintsKey, string]

// maxHintLines bounds a theme's kept hints lines.
const maxHintLines = 2048

func newLineCache() *lineCache {
	return newSharedCache[hintsKey](maxHintLines, 1<<20, func(s string) int { return len(s) })
}
