package tui

// The bubbles table that selectBox replaced (issue 32), kept as the test's
// reference: a list that fits its height is drawn exactly as it drew it.

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// selectKeys is the key map of every selectable table: only movement, so
// letters stay free for the screens' own commands.
func bubblesKeys() table.KeyMap {
	none := key.NewBinding(key.WithDisabled())
	return table.KeyMap{
		LineUp:       Bind("up", "up", "up"),
		LineDown:     Bind("down", "down", "down"),
		PageUp:       Bind("pgup", "page up", "pgup"),
		PageDown:     Bind("pgdown", "page down", "pgdown"),
		HalfPageUp:   none,
		HalfPageDown: none,
		GotoTop:      Bind("home", "first", "home"),
		GotoBottom:   Bind("end", "last", "end"),
	}
}

// newSelect builds a focused bubbles table styled by the theme.
func newBubblesSelect(th *Theme) table.Model {
	t := table.New(table.WithStyles(table.Styles{Header: th.Renderer.NewStyle().Bold(true).Padding(0, 1), Cell: th.Renderer.NewStyle().Padding(0, 1), Selected: th.Selected}), table.WithKeyMap(bubblesKeys()), table.WithFocused(true))
	return t
}

// setSelect lays out a selectable table: column widths from the titles and
// cells, shrunk to fit w (the widest column gives way first), cells cut
// with the theme's ellipsis, and h lines high including the header.
func setBubblesSelect(th *Theme, t *table.Model, titles []string, rows [][]string, w, h int) {
	n := len(titles)
	widths := make([]int, n)
	for i, ti := range titles {
		widths[i] = ansi.StringWidth(ti)
	}
	for _, r := range rows {
		for i := 0; i < n && i < len(r); i++ {
			widths[i] = max(widths[i], ansi.StringWidth(r[i]))
		}
	}
	avail := w - 2*n // each cell has one space of padding either side
	for sum(widths) > avail {
		wi := 0
		for i := range widths {
			if widths[i] > widths[wi] {
				wi = i
			}
		}
		if widths[wi] <= 3 {
			break
		}
		widths[wi]--
	}
	cols := make([]table.Column, n)
	for i := range titles {
		cols[i] = table.Column{Title: Fit(titles[i], widths[i], th.Ellip), Width: widths[i]}
	}
	trs := make([]table.Row, len(rows))
	for ri, r := range rows {
		tr := make(table.Row, n)
		for i := 0; i < n; i++ {
			if i < len(r) {
				tr[i] = Fit(r[i], widths[i], th.Ellip)
			}
		}
		trs[ri] = tr
	}
	// Rows render against the current columns: clear them while the
	// columns change, and keep the highlight where it was.
	cur := t.Cursor()
	t.SetRows(nil)
	t.SetColumns(cols)
	t.SetWidth(w)
	t.SetHeight(max(h, 2))
	t.SetRows(trs)
	if len(trs) > 0 {
		t.SetCursor(clamp(cur, 0, len(trs)-1))
	}
}

// bubblesBox is a selectable table that remembers its rows and size, so its
// rows change when the data changes (not only when a frame is drawn: keys
// may arrive between two frames) and its layout when the size changes.
// The highlighted row is also marked with ">" in a first column, so it
// shows on terminals without reverse video.
type bubblesBox struct {
	t      *table.Model // nil until the box is first laid out or drawn
	titles []string
	rows   [][]string
	w, h   int
	th     *Theme
	dirty  bool // rows changed since the last layout
	keep   int  // the highlight of a released table (release)
}

func newBubblesBox(th *Theme) bubblesBox {
	t := newBubblesSelect(th)
	return bubblesBox{t: &t, w: MinWidth - 4, h: 10}
}

// table is the box's bubbles table, made on first use (or again after
// release, with the highlight where it was).
func (s *bubblesBox) table(th *Theme) *table.Model {
	if s.t == nil {
		t := newBubblesSelect(th)
		s.t = &t
		if s.keep > 0 && len(s.rows) > 0 {
			s.t.SetRows(make([]table.Row, len(s.rows)))
			s.t.SetCursor(min(s.keep, len(s.rows)-1))
		}
		s.keep = 0
	}
	return s.t
}

// set replaces the rows (the highlight stays on the same index, clamped).
// The table is laid out when it is next drawn, moved or asked for its
// cursor: a screen that is not showing (the table's seats under the play
// screen) does no layout work on every update.
func (s *bubblesBox) set(th *Theme, titles []string, rows [][]string) {
	s.titles, s.rows, s.th, s.dirty = titles, rows, th, true
}

func (s *bubblesBox) layout(th *Theme) {
	s.dirty = false
	cur := s.table(th).Cursor()
	if cur < 0 && len(s.rows) > 0 {
		cur = 0
	}
	titles := append([]string{""}, s.titles...)
	rows := make([][]string, len(s.rows))
	for i, r := range s.rows {
		mark := " "
		if i == cur {
			mark = ">"
		}
		rows[i] = append([]string{mark}, r...)
	}
	setBubblesSelect(th, s.t, titles, rows, s.w, s.h)
}

// view draws the table into w x h, laying it out again if the size changed.
func (s *bubblesBox) view(th *Theme, w, h int, focused bool) string {
	if w != s.w || h != s.h || s.dirty {
		s.w, s.h = w, h
		s.layout(th)
	}
	if focused != s.table(th).Focused() {
		if focused {
			s.t.Focus()
		} else {
			s.t.Blur()
		}
	}
	return s.t.View()
}

func (s *bubblesBox) cursor() int {
	if s.dirty {
		s.layout(s.th)
	}
	if s.t == nil {
		return s.keep
	}
	return s.t.Cursor()
}

// update moves the highlight.
func (s *bubblesBox) update(th *Theme, k tea.KeyMsg) {
	if s.dirty {
		s.layout(th)
	}
	before := s.table(th).Cursor()
	*s.t, _ = s.t.Update(k)
	if s.t.Cursor() != before {
		s.layout(th)
	}
}
