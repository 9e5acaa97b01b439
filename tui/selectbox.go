package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// selectBox is a selectable table: a header line, then rows of which one is
// highlighted. It keeps its rows and draws them when asked, so its rows
// change when the data changes (keys may arrive between two frames) and its
// layout when the size changes. The highlighted row is also marked with ">"
// in a first column, so it shows on terminals without reverse video, and the
// rows scroll so that it is always in view.
//
// It replaced a bubbles table (issue 32): that kept some 8 KiB a list (its
// styles, key map, help and viewport) in every session, laid its rows out
// six times a change, and once the highlight passed the list's height drew
// the rows above it, with the highlighted row out of view.
type selectBox struct {
	titles []string
	rows   [][]string
	w, h   int // the size it is drawn in, header included
	cur    int // the highlighted row; -1: none (no rows)
	top    int // the first row in view
	th     *Theme
	widths []int // the columns' widths (the mark column first), for w; nil: to work out

	// The last drawing, drawn again only when the rows, the highlight or
	// the size changed: a frame redrawn for a chat line or a countdown
	// takes it as it was.
	drawn    string
	drawnFor drawnKey
}

type drawnKey struct {
	w, h, cur, top int
	th             *Theme
	widths         *int // the widths drawn with (set makes new ones)
}

func newSelectBox(th *Theme) selectBox {
	return selectBox{w: MinWidth - 4, h: 10, th: th, cur: -1}
}

// release is kept for the screens that hand their lists over while the
// player plays: the box holds only its rows and highlight, nothing to drop
// but its column widths.
func (s *selectBox) release() { s.widths, s.drawn, s.drawnFor = nil, "", drawnKey{} }

// set replaces the rows (the highlight stays on the same index, clamped).
func (s *selectBox) set(th *Theme, titles []string, rows [][]string) {
	s.titles, s.rows, s.th, s.widths = titles, rows, th, nil
	s.clampCursor()
}

func (s *selectBox) clampCursor() {
	switch {
	case len(s.rows) == 0:
		s.cur = -1
	case s.cur < 0:
		s.cur = 0
	case s.cur >= len(s.rows):
		s.cur = len(s.rows) - 1
	}
	s.scroll()
}

// body is the number of rows in view.
func (s *selectBox) body() int { return max(s.h, 2) - 1 }

// scroll moves the rows in view as little as keeps the highlight in view,
// and fills the view when rows were taken away.
func (s *selectBox) scroll() {
	n := s.body()
	if s.cur >= 0 {
		if s.cur < s.top {
			s.top = s.cur
		}
		if s.cur >= s.top+n {
			s.top = s.cur - n + 1
		}
	}
	s.top = max(0, min(s.top, len(s.rows)-n))
}

// cursor is the highlighted row, -1 when the list is empty.
func (s *selectBox) cursor() int { return s.cur }

// setCursor highlights row i (clamped).
func (s *selectBox) setCursor(th *Theme, i int) {
	if len(s.rows) == 0 {
		return
	}
	s.th, s.cur = th, i
	s.clampCursor()
}

// update moves the highlight: up, down, a page up or down, home, end.
func (s *selectBox) update(th *Theme, k tea.KeyMsg) {
	s.th = th
	if len(s.rows) == 0 {
		return
	}
	switch k.String() {
	case "up":
		s.cur--
	case "down":
		s.cur++
	case "pgup":
		s.cur -= s.body()
	case "pgdown":
		s.cur += s.body()
	case "home":
		s.cur = 0
	case "end":
		s.cur = len(s.rows) - 1
	default:
		return
	}
	s.cur = max(0, min(s.cur, len(s.rows)-1))
	s.scroll()
}

// view draws the table into w x h. Focus does not change the drawing: the
// screens show which box has the keys by its frame.
func (s *selectBox) view(th *Theme, w, h int, _ bool) string {
	if w != s.w || h != s.h || th != s.th {
		s.w, s.h, s.th, s.widths = w, h, th, nil
		s.scroll()
	}
	if s.widths == nil {
		s.widths = s.columnWidths()
	}
	key := drawnKey{w: w, h: h, cur: s.cur, top: s.top, th: th, widths: &s.widths[0]}
	if key == s.drawnFor {
		return s.drawn
	}
	s.drawn, s.drawnFor = s.draw(th, w), key
	return s.drawn
}

func (s *selectBox) draw(th *Theme, w int) string {
	head, cell := th.tableHead, th.tableCell
	var b strings.Builder
	for i, wi := range s.widths {
		if wi <= 0 {
			continue
		}
		title := ""
		if i > 0 {
			title = s.titles[i-1]
		}
		b.WriteString(head.Render(pad(Fit(title, wi, th.Ellip), wi)))
	}
	b.WriteByte('\n')
	n := s.body()
	var row strings.Builder
	for line := 0; line < n; line++ {
		if line > 0 {
			b.WriteByte('\n')
		}
		r := s.top + line
		if r >= len(s.rows) {
			b.WriteString(strings.Repeat(" ", max(w, 0)))
			continue
		}
		row.Reset()
		for i, wi := range s.widths {
			if wi <= 0 {
				continue
			}
			v := " "
			if i == 0 {
				if r == s.cur {
					v = ">"
				}
			} else if i-1 < len(s.rows[r]) {
				v = s.rows[r][i-1]
			}
			row.WriteString(cell.Render(pad(Fit(v, wi, th.Ellip), wi)))
		}
		text := row.String()
		if r == s.cur {
			text = th.Selected.Render(text)
		}
		b.WriteString(pad(Fit(text, w, ""), w))
	}
	return b.String()
}

// columnWidths are the columns' widths from the titles and cells, shrunk
// to fit w (the widest column gives way first, down to 3), the mark column
// first. A column of width 0 (no title, no text in any row: the mark
// column of an empty list) is not drawn.
func (s *selectBox) columnWidths() []int {
	n := len(s.titles) + 1
	widths := make([]int, n)
	if len(s.rows) > 0 {
		widths[0] = 1
	}
	for i, t := range s.titles {
		widths[i+1] = cellWidth(t)
	}
	for _, r := range s.rows {
		for i := 0; i < n-1 && i < len(r); i++ {
			widths[i+1] = max(widths[i+1], cellWidth(r[i]))
		}
	}
	avail := s.w - 2*n // each cell has one space of padding either side
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
	return widths
}

// pad fills s with spaces to w cells.
func pad(s string, w int) string {
	if d := w - cellWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// newTableStyles are the header and cell styles of a selectBox.
func newTableStyles(r *lipgloss.Renderer) (head, cell lipgloss.Style) {
	return r.NewStyle().Bold(true).Padding(0, 1), r.NewStyle().Padding(0, 1)
}
