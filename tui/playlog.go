package tui

import (
	"sort"
	"strings"

	"boardroom/lobby"
)

// The play screen's log: the pane under or beside the game, the whole log
// overlay (L) and the wrapping cache that keeps a frame from wrapping the
// whole log again.

// logPanel draws the log, or takes the last frame's drawing when neither
// the state, the size nor the scroll position changed since.
func (m *Model) logPanel(w, h int) string {
	k := logPanelKey{gen: m.play.gen, w: w, h: h, th: m.th, scrolled: m.play.logScrolled, yOff: m.play.log.top}
	return m.play.logDrawn.Get(k, func() string { return m.drawLogPanel(w, h) })
}

func (m *Model) drawLogPanel(w, h int) string {
	shown, ok := m.logShown(w, h)
	if !ok {
		return Block("", w, h)
	}
	if !m.play.logScrolled && m.th.logs != nil {
		// The panel shows the last lines: drawn once for the sessions of
		// this theme that show them (logshare.go). The viewport's content
		// may then be an update behind: scrolling up fills it first
		// (fillLog).
		return sharedLog(m.th.logs, sharedLogKey(shown, w, h), shown, func() string { return m.drawLogLines(shown, w, h) })
	}
	return m.drawLogLines(shown, w, h)
}

// logShown is the log's lines in view in a panel w x h, the scroll
// position moved as the panel shows them; false when the panel has no
// room inside.
func (m *Model) logShown(w, h int) ([]string, bool) {
	th := m.th
	iw, ih := PanelInner(w), h-2
	if iw < 1 || ih < 1 {
		return nil, false
	}
	need := ih // following the end: only the lines on show
	if m.play.logScrolled {
		need = -1
	}
	lines := m.play.logWrap.lines(m.play.gs.Log, iw, need)
	if len(lines) == 0 {
		lines = []string{th.Subtle.Render("Nothing has happened yet.")}
	}
	return m.play.log.show(lines, ih, !m.play.logScrolled), true
}

// logTitle is the log panel's title.
func (m *Model) logTitle() string {
	if m.play.logScrolled {
		return "Log" + m.th.Bullet + "scrolled, End to follow"
	}
	return "Log" + m.th.Bullet + keyLogRune + ": whole log"
}

// drawLogLines is the log panel w x h showing the lines in view.
func (m *Model) drawLogLines(shown []string, w, h int) string {
	// The pane holds a few lines at 80x24: the whole log is one key away.
	return m.th.Panel(m.logTitle(), Block(strings.Join(shown, "\n"), PanelInner(w), h-2), w, h, false)
}

// keyLogRune opens the whole log over the play screen (no game renderer
// uses it: tui/opoly, tui/allinthegame and tui/billionaire were checked).
const keyLogRune = "L"

// openLog shows the whole log in a full-height overlay: every entry the
// table keeps, unshortened and wrapped, following the end as the game goes
// on while the reader is at the end.
func (m *Model) openLog() {
	lw := logWrap{shared: m.th.entries}
	m.push(&overlay{title: "Log of table #" + itoa(int(m.tab.id)), openKey: keyLogRune, follow: true, layout: func(w int) string {
		lines := lw.lines(m.play.gs.Log, w, -1)
		if len(lines) == 0 {
			return "Nothing has happened yet."
		}
		return strings.Join(lines, "\n")
	}})
}

// wrap is a log entry's text sanitised and wrapped at w, as lines (shared:
// never changed).
func (c *logWrap) wrap(text string, w int) wrappedText {
	draw := func() string { return Wrap(lobby.Sanitize(text, 2000), w) }
	var s string
	if c.shared == nil {
		s = draw()
	} else {
		s = c.shared.get(entryKey{text, w}, draw)
	}
	return wrappedText{s: s, n: strings.Count(s, "\n") + 1}
}

// wrappedText is an entry wrapped: its lines joined by newlines, one
// string (a list of them was a second object an entry, kept by every
// session that showed it; issue 32), and how many they are.
type wrappedText struct {
	s string
	n int
}

// fillLog counts the whole log in the log's scrollback, at its end: a
// panel following the end wrapped only the lines on show.
func (m *Model) fillLog() {
	if w := m.play.logWrap.width; w > 0 {
		m.play.log.lines = len(m.play.logWrap.lines(m.play.gs.Log, w, -1))
		m.play.log.toBottom()
	}
}

// logWrap keeps log entries sanitised and wrapped at one width, so that a
// frame wraps only the entries that are new since the last one (the log
// holds up to 200 entries and a busy table redraws several times a second).
type logWrap struct {
	width   int
	entries []wrappedLine // by seq
	out     []string
	shared  *entryShare // the entries the theme's sessions wrapped (nil: none)
}

type wrappedLine struct {
	seq   int
	text  string
	lines wrappedText
}

// lines returns the wrapped lines of log at width w: all of them when need
// is negative, else those of the last entries that make at least need lines.
func (c *logWrap) lines(log lobby.LogLines, w, need int) []string {
	if w != c.width {
		*c = logWrap{width: w, shared: c.shared}
	}
	wrapped := func(l lobby.LogLine) wrappedLine {
		i := sort.Search(len(c.entries), func(i int) bool { return c.entries[i].seq >= l.Seq })
		if i < len(c.entries) && c.entries[i].seq == l.Seq && c.entries[i].text == l.Text {
			return c.entries[i]
		}
		return wrappedLine{seq: l.Seq, text: l.Text, lines: c.wrap(l.Text, w)}
	}
	from, n := 0, 0
	if need >= 0 {
		from = log.Len()
		for from > 0 && n < need {
			from--
			n += wrapped(log.At(from)).lines.n
		}
	}
	// The entries are written over the last frame's, in place: the
	// window of the log moves on (older entries drop, newer ones come),
	// so an entry kept is read before its place is written. Where a place
	// still to be read would be written (the window grew at its start: the
	// log scrolled up), the entries are made in a new slice instead.
	old, next, j := c.entries, c.entries[:0], 0
	inPlace := true
	c.out = c.out[:0]
	for i := from; i < log.Len(); i++ {
		l := log.At(i)
		for j < len(old) && old[j].seq < l.Seq {
			j++
		}
		var e wrappedLine
		if j < len(old) && old[j].seq == l.Seq && old[j].text == l.Text {
			e = old[j]
			j++
		} else {
			e = wrappedLine{seq: l.Seq, text: l.Text, lines: c.wrap(l.Text, w)}
		}
		if inPlace && len(next) >= j && len(next) < len(old) {
			next = append(make([]wrappedLine, 0, log.Len()-from), next...)
			inPlace = false
		}
		next = append(next, e)
		c.out = AppendLines(c.out, e.lines.s)
	}
	clear(next[len(next):cap(next)]) // the entries dropped: their lines are not kept
	for i := 1; i < len(next); i++ {
		if next[i].seq <= next[i-1].seq {
			next = nil // seqs out of order: keep no cache rather than a wrong one
			break
		}
	}
	c.entries = next
	return c.out
}
