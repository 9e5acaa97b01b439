package tui

import (
	"slices"
	"strings"
)

// The strip under the game on terminals narrower than 120 columns: the
// log panel and the chat panel side by side. It changes with almost every
// action (a line of the log), and the players of a table mostly see the
// same one: the same log lines, the same chat, at the same size on
// terminals of one kind (one Theme). Drawn as the log panel, then joined
// with the chat by each session, it was the second largest part of what
// a move allocated (issue 32): now each row is written once, the log's
// part as Panel draws it and the chat's after it, into one string, and
// the first session of a theme to draw a strip draws it for the others.

// playStrip is the log and the chat side by side under the game, h lines
// of w cells, the log half wide: the last frame's lines while neither
// drawing changed. The chat's drawing is kept by its box (a drawing kept
// is the very same string, so comparing it is comparing two pointers).
func (m *Model) playStrip(half, w, h int) []string { // half is w/2
	st := &m.play.strip
	m.play.logDrawn = Memo[logPanelKey, string]{} // the wide layout's, of another size
	lk := logPanelKey{gen: m.play.gen, w: half, h: h, th: m.th, scrolled: m.play.logScrolled, yOff: m.play.log.top}
	chat := m.play.chat.view(m, w-half, h)
	if st.lines == nil || st.logKey != lk || st.chat != chat || st.w != w {
		st.logKey, st.chat, st.w = lk, chat, w
		st.lines = m.drawStrip(chat, w, h)
	}
	return st.lines
}

// drawStrip draws the strip w x h: the log panel w/2 wide, chat (a
// panel's drawing) beside it. Its rows are written at once where both
// panels are drawn exactly to size, shared by the theme's sessions when
// the log follows its end; else the log panel is drawn and joined
// (stripLines).
func (m *Model) drawStrip(chat string, w, h int) []string {
	half := w / 2
	var ca [48]string // the chat's lines (7 to 16 of them), split on the stack
	chatLines := AppendLines(ca[:0], chat)
	if !m.th.panelExact(half, h) || !m.th.panelExact(w-half, h) || len(chatLines) != h {
		return m.stripLines(m.drawLogPanel(half, h), chat, w, h)
	}
	shown, _ := m.logShown(half, h) // the panel has room inside (panelExact)
	if m.play.logScrolled || m.th.strips == nil {
		return m.th.joinStrip(m.logTitle(), shown, chatLines, half, h)
	}
	k := stripKey{log: sharedLogKey(shown, half, h), chat: chat, w: w}
	e := m.th.strips.getIf(k, func(e stripEntry) bool { return slices.Equal(e.log, shown) }, func() stripEntry {
		// shown is the session's own, reused: the entry keeps a copy
		return stripEntry{log: slices.Clone(shown), chat: chat, lines: m.th.joinStrip(m.logTitle(), shown, chatLines, half, h)}
	})
	return e.lines
}

// joinStrip writes the strip's h rows into one string and returns them
// as parts of it: each row the log panel's (title and shown, half wide, as
// Panel draws it) and the chat's line after it (w-half wide: panelExact).
func (t *Theme) joinStrip(title string, shown, chat []string, half, h int) []string {
	pp := &t.box
	iw := PanelInner(half)
	// The log's lines as Block(strings.Join(shown, "\n"), iw, h-2) makes
	// them: shown lines hold no line break, cut to iw when wider.
	var fa [48]string
	var pa [48]int
	fit, pads := fa[:0], pa[:0]
	size := 0
	for i := range h - 2 {
		line, lw := "", 0
		if i < len(shown) {
			line, lw = CutTo(shown[i], iw)
		}
		fit, pads = append(fit, line), append(pads, max(iw-lw, 0))
		size += len(line) + pads[i]
	}
	for _, l := range chat {
		size += len(l)
	}
	size += (h-2)*(len(pp.left)+len(pp.right)+2) + 2*half*max(len(pp.b.Top), len(pp.b.Bottom)) + 2*(len(pp.on)+len(pp.off)) + 64
	var b strings.Builder
	b.Grow(size)
	var ea [48]int
	ends := ea[:0]
	for r := range h {
		switch r {
		case 0:
			t.writePanelTop(&b, pp, title, half, false)
		case h - 1:
			pp.writeBottom(&b, half)
		default:
			pp.writeRow(&b, fit[r-1], pads[r-1])
		}
		b.WriteString(chat[r])
		ends = append(ends, b.Len())
	}
	return AppendCut(make([]string, 0, h), KeptString(&b, 4), ends)
}

// stripLines joins the log panel (w/2 wide) and the chat panel beside it
// into h new lines of w cells.
func (m *Model) stripLines(log, chat string, w, h int) []string {
	half := w / 2
	var la, ca [48]string   // the strip's lines (7 to 16 of them), split on the stack
	known := [2]int{-1, -1} // the panels' widths, when they are drawn exactly that wide
	if m.th.panelExact(half, h) && m.th.panelExact(w-half, h) {
		known = [2]int{half, w - half}
	}
	lines, jw := hjoinLines(nil, known[:], AppendLines(la[:0], log), AppendLines(ca[:0], chat))
	if jw != w { // the panels are made as wide as asked: not seen
		for i := range lines {
			lines[i] = fitLine(lines[i], w)
		}
	}
	return lines
}

// stripKey is what a strip following the log's end shows: the log panel's
// size and lines (logShareKey; an entry is checked against the lines), the
// chat's drawing and the strip's width.
type stripKey struct {
	log  logShareKey
	chat string
	w    int
}

type stripEntry struct {
	log   []string // the log's lines on show
	chat  string
	lines []string
}

// Bounds of a theme's shared strips: a strip is worth keeping only until
// every session at its table drew the same update.
const (
	stripShareEntries = 512
	stripShareBytes   = 2 << 20
)

// stripShare keeps a theme's strips (sharedcache.go).
type stripShare = sharedCache[stripKey, stripEntry]

func newStripShare() *stripShare {
	return newSharedCache[stripKey](stripShareEntries, stripShareBytes, func(e stripEntry) int { return linesLen(e.lines) + len(e.chat) })
}
