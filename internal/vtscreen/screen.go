// Package vtscreen is boardroom's one terminal emulator, for the tests that
// read what a player's terminal shows and for the load tool's simulated
// players. It replays the output of a server into a grid of cells as an
// xterm-like terminal would: printable text with wide runes and deferred
// autowrap, CR, LF, BS, TAB, cursor movement and positioning, saving and
// restoring the cursor, erasing in the line and the screen, inserting and
// deleting characters and lines, scrolling and scroll regions, and the
// alternate screen. Colours, other modes and terminal queries are parsed and
// ignored: answering queries is the caller's business (its Parser reports
// every sequence to a Handler of one's own).
//
// A cell holds one rune; the right half of a wide rune is a cell of its own
// that reads as nothing. A rune's width is what github.com/charmbracelet/x/ansi
// (the width lipgloss lays out with) gives the rune alone; zero-width runes
// such as combining marks are dropped.
package vtscreen

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// wideTail is the cell to the right of a wide rune.
const wideTail rune = 0

// Screen is a terminal of a fixed size that output is written to. Version
// tells a caller whether a write changed what is on screen. It is not safe
// for concurrent use.
type Screen struct {
	p *Parser
	g grid
}

// New returns a blank screen of width columns and height rows, with the
// cursor at the top left. Sizes below 1 are taken as 1.
func New(width, height int) *Screen {
	s := &Screen{g: grid{w: max(width, 1), h: max(height, 1), widths: map[rune]int8{}}}
	s.g.cells = blankCells(s.g.w, s.g.h)
	s.g.bot = s.g.h - 1
	s.p = NewParser(&s.g)
	return s
}

// NewTee returns a blank screen whose parser also reports everything it
// finds to h, after the screen took it: one parse of a terminal's output
// serves the screen and a handler of one's own (the load tool's, which
// answers queries), instead of two parses of every byte.
func NewTee(width, height int, h Handler) *Screen {
	s := New(width, height)
	s.p = NewParser(tee{&s.g, h})
	return s
}

// tee hands every event to a, then to b.
type tee struct{ a, b Handler }

func (t tee) Print(r rune)                    { t.a.Print(r); t.b.Print(r) }
func (t tee) Execute(c byte)                  { t.a.Execute(c); t.b.Execute(c) }
func (t tee) Escape(inter []byte, final byte) { t.a.Escape(inter, final); t.b.Escape(inter, final) }
func (t tee) CSI(params []byte, final byte)   { t.a.CSI(params, final); t.b.CSI(params, final) }
func (t tee) OSC(payload []byte)              { t.a.OSC(payload); t.b.OSC(payload) }

// PrintASCII hands the run to each handler, as a run where it takes one.
func (t tee) PrintASCII(run []byte) {
	printASCII(t.a, run)
	printASCII(t.b, run)
}

func printASCII(h Handler, run []byte) {
	if a, ok := h.(ASCIIPrinter); ok {
		a.PrintASCII(run)
		return
	}
	for _, x := range run {
		h.Print(rune(x))
	}
}

// Write interprets p; an escape sequence or rune cut off at its end is
// completed by the next Write. It never fails.
func (s *Screen) Write(p []byte) (int, error) { return s.p.Write(p) }

// Width is the number of columns.
func (s *Screen) Width() int { return s.g.w }

// Height is the number of rows.
func (s *Screen) Height() int { return s.g.h }

// Cursor returns the cursor's row and column, from 0.
func (s *Screen) Cursor() (row, col int) { return s.g.r, min(s.g.c, s.g.w-1) }

// Version increases whenever a cell changes (text written over different
// text, an erase of something, a scroll, a switch of screens) and stays the
// same when output leaves the screen as it was.
func (s *Screen) Version() uint64 { return s.g.version }

// Line returns row r without trailing blanks; "" for a row off the screen.
func (s *Screen) Line(r int) string {
	if r < 0 || r >= s.g.h {
		return ""
	}
	return strings.TrimRight(s.Cells(r, 0, s.g.w), " ")
}

// Lines returns every row, top to bottom, without trailing blanks.
func (s *Screen) Lines() []string {
	out := make([]string, s.g.h)
	for r := range out {
		out[r] = s.Line(r)
	}
	return out
}

// String returns the screen as Lines joined by newlines. It is built in
// one buffer: a load test reads every session's screen after each change.
func (s *Screen) String() string {
	return string(s.AppendText(make([]byte, 0, s.g.h*(s.g.w+1))))
}

// AppendText appends String's text to buf: a caller that reads the screen
// after every write keeps one buffer for it instead of a string each time.
func (s *Screen) AppendText(buf []byte) []byte {
	for r := range s.g.h {
		if r > 0 {
			buf = append(buf, '\n')
		}
		start := len(buf)
		for _, x := range s.g.cells[r] {
			if x != wideTail {
				buf = utf8.AppendRune(buf, x)
			}
		}
		for len(buf) > start && buf[len(buf)-1] == ' ' { // as Line: no trailing blanks
			buf = buf[:len(buf)-1]
		}
	}
	return buf
}

// Cells returns the text of n columns of row r from column c, blanks
// included; the part off the screen is left out.
func (s *Screen) Cells(r, c, n int) string {
	if r < 0 || r >= s.g.h || n <= 0 {
		return ""
	}
	c0, c1 := max(c, 0), min(c+n, s.g.w)
	var sb strings.Builder
	for _, x := range s.g.cells[r][min(c0, c1):c1] {
		if x != wideTail {
			sb.WriteRune(x)
		}
	}
	return sb.String()
}

// Region returns the text of the rectangle of rows [top, bottom) and
// columns [left, right), one string per row as Cells gives it, clipped to
// the screen.
func (s *Screen) Region(top, left, bottom, right int) []string {
	top, bottom = max(top, 0), min(bottom, s.g.h)
	var out []string
	for r := top; r < bottom; r++ {
		out = append(out, s.Cells(r, left, right-left))
	}
	return out
}

// Find returns the row and column of the first cell, reading row by row,
// where s starts on the screen; -1, -1 when it is not there or s is empty.
// A match stays within one row; the right halves of wide runes are skipped.
func (s *Screen) Find(str string) (row, col int) {
	want := []rune(str)
	if len(want) == 0 {
		return -1, -1
	}
	for r, cells := range s.g.cells {
		for c := range cells {
			if cells[c] != wideTail && matchAt(cells[c:], want) {
				return r, c
			}
		}
	}
	return -1, -1
}

// matchAt reports whether the runes of cells, wide tails skipped, begin
// with want.
func matchAt(cells, want []rune) bool {
	i := 0
	for _, x := range cells {
		if i == len(want) {
			return true
		}
		if x == wideTail {
			continue
		}
		if x != want[i] {
			return false
		}
		i++
	}
	return i == len(want)
}

func blankCells(w, h int) [][]rune {
	cells := make([][]rune, h)
	for r := range cells {
		cells[r] = make([]rune, w)
		for c := range cells[r] {
			cells[r][c] = ' '
		}
	}
	return cells
}

// runeWidth is the width of r on screen, remembered per screen: the frames
// of a board game repeat the same few box-drawing and symbol runes.
func (g *grid) runeWidth(r rune) int {
	if r < 0x7f {
		return 1
	}
	if w, ok := g.widths[r]; ok {
		return int(w)
	}
	w := min(ansi.StringWidth(string(r)), 2)
	if len(g.widths) < 4096 {
		g.widths[r] = int8(w)
	}
	return w
}
