package sshserver_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// vterm is a tiny virtual terminal: enough of VT100/xterm to replay what a
// Bubble Tea program writes (cursor movement, erasing, the alternate screen)
// into a grid of cells, so tests read the screen as a player sees it rather
// than the stream of partial redraws.
type vterm struct {
	w, h   int
	rows   [][]rune // h rows of w cells; 0 is the right half of a wide rune
	r, c   int      // cursor; c == w means a wrap is pending
	sr, sc int      // saved cursor
}

func newVterm(w, h int) *vterm {
	v := &vterm{w: w, h: h, rows: make([][]rune, h)}
	for i := range v.rows {
		v.rows[i] = blankRow(w)
	}
	return v
}

func blankRow(w int) []rune {
	row := make([]rune, w)
	for i := range row {
		row[i] = ' '
	}
	return row
}

// feed interprets b and returns how many bytes it used: an escape sequence
// or rune cut off at the end is left for the next call.
func (v *vterm) feed(b []byte) int {
	i := 0
	for i < len(b) {
		n := v.step(b[i:])
		if n == 0 {
			break
		}
		i += n
	}
	return i
}

// step interprets one control, escape sequence or rune; 0 means incomplete.
func (v *vterm) step(b []byte) int {
	switch c := b[0]; {
	case c == 0x1b:
		return v.escape(b)
	case c == '\r':
		v.c = 0
	case c == '\n', c == '\v', c == '\f':
		v.lineFeed()
	case c == '\b':
		v.c = max(min(v.c, v.w-1)-1, 0)
	case c == '\t':
		v.c = min((v.c/8+1)*8, v.w-1)
	case c < 0x20 || c == 0x7f:
	default:
		if !utf8.FullRune(b) {
			return 0
		}
		r, n := utf8.DecodeRune(b)
		v.put(r)
		return n
	}
	return 1
}

func (v *vterm) lineFeed() {
	if v.c >= v.w {
		v.c = v.w - 1
	}
	if v.r < v.h-1 {
		v.r++
		return
	}
	copy(v.rows, v.rows[1:])
	v.rows[v.h-1] = blankRow(v.w)
}

// put writes a printable rune at the cursor with deferred autowrap.
func (v *vterm) put(r rune) {
	wd := ansi.StringWidth(string(r))
	if wd == 0 {
		return // combining marks and zero-width runes: not needed here
	}
	if v.c+wd > v.w {
		v.c = 0
		v.lineFeed()
	}
	v.rows[v.r][v.c] = r
	if wd == 2 && v.c+1 < v.w {
		v.rows[v.r][v.c+1] = 0
	}
	v.c += wd
}

// escape handles ESC sequences: CSI, OSC and other strings, and the short
// two- and three-byte ones.
func (v *vterm) escape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '[':
		for i := 2; i < len(b); i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				v.csi(string(b[2:i]), b[i])
				return i + 1
			}
		}
		return 0
	case ']', 'P', 'X', '^', '_':
		for i := 2; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
		return 0
	case '(', ')', '*', '+', '#', '%':
		if len(b) < 3 {
			return 0
		}
		return 3
	case '7':
		v.sr, v.sc = v.r, v.c
	case '8':
		v.r, v.c = v.sr, v.sc
	case 'D':
		v.lineFeed()
	case 'E':
		v.c = 0
		v.lineFeed()
	case 'M':
		if v.r > 0 {
			v.r--
		}
	case 'c':
		v.clear(0, v.h)
		v.r, v.c = 0, 0
	}
	return 2
}

// csi applies one control sequence: params are the bytes between "ESC ["
// and the final byte.
func (v *vterm) csi(params string, final byte) {
	private := strings.HasPrefix(params, "?") || strings.HasPrefix(params, ">") || strings.HasPrefix(params, "<")
	var ps []int
	for _, p := range strings.Split(strings.TrimLeft(params, "?><="), ";") {
		n, err := strconv.Atoi(p)
		if err != nil {
			n = 0
		}
		ps = append(ps, n)
	}
	arg := func(i, def int) int {
		if i < len(ps) && ps[i] > 0 {
			return ps[i]
		}
		return def
	}
	if private {
		if (final == 'h' || final == 'l') && (arg(0, 0) == 1049 || arg(0, 0) == 47 || arg(0, 0) == 1047) {
			v.clear(0, v.h)
			v.r, v.c = 0, 0
		}
		return
	}
	clampRow := func(r int) int { return min(max(r, 0), v.h-1) }
	clampCol := func(c int) int { return min(max(c, 0), v.w-1) }
	switch final {
	case 'H', 'f':
		v.r, v.c = clampRow(arg(0, 1)-1), clampCol(arg(1, 1)-1)
	case 'A':
		v.r = clampRow(v.r - arg(0, 1))
	case 'B', 'e':
		v.r = clampRow(v.r + arg(0, 1))
	case 'C', 'a':
		v.c = clampCol(v.c + arg(0, 1))
	case 'D':
		v.c = clampCol(min(v.c, v.w-1) - arg(0, 1))
	case 'E':
		v.r, v.c = clampRow(v.r+arg(0, 1)), 0
	case 'F':
		v.r, v.c = clampRow(v.r-arg(0, 1)), 0
	case 'G', '`':
		v.c = clampCol(arg(0, 1) - 1)
	case 'd':
		v.r = clampRow(arg(0, 1) - 1)
	case 'K':
		c := min(v.c, v.w)
		switch arg(0, 0) {
		case 0:
			copy(v.rows[v.r][c:], blankRow(v.w-c))
		case 1:
			copy(v.rows[v.r][:min(c+1, v.w)], blankRow(min(c+1, v.w)))
		case 2:
			v.rows[v.r] = blankRow(v.w)
		}
	case 'J':
		c := min(v.c, v.w)
		switch arg(0, 0) {
		case 0:
			copy(v.rows[v.r][c:], blankRow(v.w-c))
			v.clear(v.r+1, v.h)
		case 1:
			v.clear(0, v.r)
			copy(v.rows[v.r][:min(c+1, v.w)], blankRow(min(c+1, v.w)))
		case 2, 3:
			v.clear(0, v.h)
		}
	case 's':
		v.sr, v.sc = v.r, v.c
	case 'u':
		v.r, v.c = v.sr, v.sc
	}
}

func (v *vterm) clear(from, to int) {
	for i := max(from, 0); i < min(to, v.h); i++ {
		v.rows[i] = blankRow(v.w)
	}
}

// lines returns the screen's rows without trailing blanks.
func (v *vterm) lines() []string {
	out := make([]string, v.h)
	for i, row := range v.rows {
		var sb strings.Builder
		for _, r := range row {
			if r != 0 {
				sb.WriteRune(r)
			}
		}
		out[i] = strings.TrimRight(sb.String(), " ")
	}
	return out
}

// region is the text of columns [x0, x1) of every row, top to bottom, with
// blanks and panel borders left out: a sentence wrapped inside a panel
// reads as one run of characters again (compare with squash).
func (v *vterm) region(x0, x1 int) string {
	x0, x1 = max(x0, 0), min(x1, v.w)
	var sb strings.Builder
	for _, row := range v.rows {
		for _, r := range row[x0:x1] {
			if r != 0 {
				sb.WriteRune(r)
			}
		}
	}
	return squash(sb.String())
}

// squash drops blanks and box-drawing borders.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '│' || (r >= 0x2500 && r <= 0x257f) {
			return -1
		}
		return r
	}, s)
}

// find returns the row and column where s starts on the screen, or -1, -1.
func (v *vterm) find(s string) (int, int) {
	want := []rune(s)
	for r, row := range v.rows {
		for c := 0; c+len(want) <= len(row); c++ {
			if string(row[c:c+len(want)]) == s {
				return r, c
			}
		}
	}
	return -1, -1
}

// cells is the text of n columns from row r, column c.
func (v *vterm) cells(r, c, n int) string {
	if r < 0 || r >= v.h || c < 0 {
		return ""
	}
	var sb strings.Builder
	for _, x := range v.rows[r][c:min(c+n, v.w)] {
		if x != 0 {
			sb.WriteRune(x)
		}
	}
	return sb.String()
}

func TestVtermReplaysRedraws(t *testing.T) {
	v := newVterm(10, 3)
	v.feed([]byte("\x1b[?1049h\x1b[H\rhello\x1b[K\r\nworld\x1b[K\r\n\x1b[1;31mbye\x1b[0m\r"))
	require.Equal(t, []string{"hello", "world", "bye"}, v.lines())
	// A later frame: the first line is skipped, the second redrawn shorter.
	v.feed([]byte("\x1b[H\nwo\x1b[K\r\n"))
	require.Equal(t, []string{"hello", "wo", "bye"}, v.lines())
	// An escape sequence or a rune cut at the end waits for the rest.
	stream := []byte("\x1b[3;1Hx\x1b[10Gz\x1b[1;6Hé")
	n := v.feed(stream[:9])
	require.Equal(t, 7, n)
	n += v.feed(stream[n : len(stream)-1])
	require.Equal(t, len(stream)-2, n, "the first byte of é waits")
	n += v.feed(stream[n:])
	require.Equal(t, len(stream), n)
	require.Equal(t, []string{"helloé", "wo", "xye      z"}, v.lines())
	v.feed([]byte("\x1b[2J"))
	require.Equal(t, []string{"", "", ""}, v.lines())
	v.feed([]byte("\x1b[1;1Hab  cd\x1b[2;3H│ ef │"))
	require.Equal(t, "abcdef", v.region(0, 10))
	require.Equal(t, "cdef", v.region(4, 6))
	r, c := v.find("ef")
	require.Equal(t, []int{1, 4}, []int{r, c})
	require.Equal(t, "ef │  ", v.cells(1, 4, 10))
}
