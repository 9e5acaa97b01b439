package loadgen

import (
	"strings"
	"unicode/utf8"
)

// Screen is a grid of cells that replays the part of VT100/xterm a Bubble
// Tea program writes: printable text, CR, LF, backspace, cursor positioning
// (CUP, CUU/CUD/CUF/CUB, CHA, VPA), erasing (EL, ED) and the alternate
// screen, which clears it. Colours and modes are ignored. Every rune takes
// one cell. Version counts the writes that changed a cell, so a caller can
// tell output that changed the screen from output that did not. It is not
// safe for concurrent use.
type Screen struct {
	rows, cols int
	cells      [][]rune
	r, c       int
	state      termState
	seq        []byte
	utf        []byte // an incomplete UTF-8 sequence
	Version    uint64
}

// NewScreen returns a blank screen of rows x cols.
func NewScreen(rows, cols int) *Screen {
	s := &Screen{rows: rows, cols: cols, cells: make([][]rune, rows)}
	for i := range s.cells {
		s.cells[i] = blankRow(cols)
	}
	return s
}

func blankRow(n int) []rune {
	row := make([]rune, n)
	for i := range row {
		row[i] = ' '
	}
	return row
}

// Feed consumes output in chunks of any size.
func (s *Screen) Feed(p []byte) {
	for _, b := range p {
		switch s.state {
		case stGround:
			s.ground(b)
		case stEsc:
			switch b {
			case '[':
				s.state, s.seq = stCSI, s.seq[:0]
			case ']':
				s.state = stOSC
			case 'P', 'X', '^', '_':
				s.state = stStr
			case '(', ')', '*', '+', '#', ' ':
				s.state = stEscInter
			default:
				s.state = stGround
			}
		case stEscInter:
			s.state = stGround
		case stCSI:
			if b >= 0x40 && b <= 0x7e {
				s.csi(b)
				s.state = stGround
			} else if len(s.seq) < maxCSI {
				s.seq = append(s.seq, b)
			}
		case stOSC, stStr:
			switch b {
			case 0x07:
				s.state = stGround
			case 0x1b:
				s.state = stStrEsc
			}
		case stStrEsc:
			s.state = stGround
			if b != '\\' {
				s.state = stEsc
			}
		}
	}
}

func (s *Screen) ground(b byte) {
	if len(s.utf) > 0 || b >= 0x80 {
		s.utf = append(s.utf, b)
		if !utf8.FullRune(s.utf) && len(s.utf) < utf8.UTFMax {
			return
		}
		r, _ := utf8.DecodeRune(s.utf)
		s.utf = s.utf[:0]
		s.put(r)
		return
	}
	switch {
	case b == 0x1b:
		s.state = stEsc
	case b == '\r':
		s.c = 0
	case b == '\n':
		if s.r < s.rows-1 {
			s.r++
		}
	case b == '\b':
		s.c = max(min(s.c, s.cols-1)-1, 0)
	case b >= 0x20 && b < 0x7f:
		s.put(rune(b))
	}
}

// put writes r at the cursor, wrapping at the right margin.
func (s *Screen) put(r rune) {
	if s.c >= s.cols {
		s.c = 0
		if s.r < s.rows-1 {
			s.r++
		}
	}
	if s.cells[s.r][s.c] != r {
		s.cells[s.r][s.c] = r
		s.Version++
	}
	s.c++
}

func (s *Screen) csi(final byte) {
	params := string(s.seq)
	if strings.HasPrefix(params, "?") {
		if (final == 'h' || final == 'l') && (params == "?1049" || params == "?47" || params == "?1047") {
			s.clear(0, s.rows)
			s.r, s.c = 0, 0
		}
		return
	}
	arg := func(i, def int) int {
		parts := strings.Split(params, ";")
		if i >= len(parts) {
			return def
		}
		n := 0
		for _, ch := range parts[i] {
			if ch < '0' || ch > '9' {
				return def
			}
			n = n*10 + int(ch-'0')
			if n > 100000 {
				return def
			}
		}
		if n == 0 {
			return def
		}
		return n
	}
	row := func(r int) int { return min(max(r, 0), s.rows-1) }
	col := func(c int) int { return min(max(c, 0), s.cols-1) }
	switch final {
	case 'H', 'f':
		s.r, s.c = row(arg(0, 1)-1), col(arg(1, 1)-1)
	case 'A':
		s.r = row(s.r - arg(0, 1))
	case 'B':
		s.r = row(s.r + arg(0, 1))
	case 'C':
		s.c = col(s.c + arg(0, 1))
	case 'D':
		s.c = col(min(s.c, s.cols-1) - arg(0, 1))
	case 'G':
		s.c = col(arg(0, 1) - 1)
	case 'd':
		s.r = row(arg(0, 1) - 1)
	case 'K':
		c := min(s.c, s.cols)
		switch arg(0, 0) {
		case 0:
			s.blank(s.r, c, s.cols)
		case 1:
			s.blank(s.r, 0, min(c+1, s.cols))
		case 2:
			s.blank(s.r, 0, s.cols)
		}
	case 'J':
		switch arg(0, 0) {
		case 0:
			s.blank(s.r, min(s.c, s.cols), s.cols)
			s.clear(s.r+1, s.rows)
		case 1:
			s.clear(0, s.r)
			s.blank(s.r, 0, min(s.c+1, s.cols))
		case 2, 3:
			s.clear(0, s.rows)
		}
	}
}

func (s *Screen) blank(r, from, to int) {
	for c := from; c < to; c++ {
		if s.cells[r][c] != ' ' {
			s.cells[r][c] = ' '
			s.Version++
		}
	}
}

func (s *Screen) clear(from, to int) {
	for r := max(from, 0); r < min(to, s.rows); r++ {
		s.blank(r, 0, s.cols)
	}
}

// Line returns row r with trailing spaces removed.
func (s *Screen) Line(r int) string {
	if r < 0 || r >= s.rows {
		return ""
	}
	return strings.TrimRight(string(s.cells[r]), " ")
}

// String returns the whole screen, one line per row.
func (s *Screen) String() string {
	lines := make([]string, s.rows)
	for i := range lines {
		lines[i] = s.Line(i)
	}
	return strings.Join(lines, "\n")
}
