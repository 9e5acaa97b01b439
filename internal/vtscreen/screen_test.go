package vtscreen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/internal/vtscreen"
)

// screen returns a w x h screen with out written to it.
func screen(w, h int, out string) *vtscreen.Screen {
	s := vtscreen.New(w, h)
	_, _ = s.Write([]byte(out))
	return s
}

func TestReplaysRedraws(t *testing.T) {
	s := screen(10, 3, "\x1b[?1049h\x1b[H\rhello\x1b[K\r\nworld\x1b[K\r\n\x1b[1;31mbye\x1b[0m\r")
	require.Equal(t, []string{"hello", "world", "bye"}, s.Lines())
	// A later frame: the first line is skipped, the second redrawn shorter.
	_, _ = s.Write([]byte("\x1b[H\nwo\x1b[K\r\n"))
	require.Equal(t, []string{"hello", "wo", "bye"}, s.Lines())
	// An escape sequence or a rune cut at the end waits for the rest.
	stream := []byte("\x1b[3;1Hx\x1b[10Gz\x1b[1;6Hé")
	_, _ = s.Write(stream[:9])
	require.Equal(t, []string{"hello", "wo", "xye"}, s.Lines(), "ESC [ 1 waits")
	_, _ = s.Write(stream[9 : len(stream)-1])
	require.Equal(t, []string{"hello", "wo", "xye      z"}, s.Lines(), "the first byte of é waits")
	_, _ = s.Write(stream[len(stream)-1:])
	require.Equal(t, []string{"helloé", "wo", "xye      z"}, s.Lines())
	_, _ = s.Write([]byte("\x1b[2J"))
	require.Equal(t, []string{"", "", ""}, s.Lines())
	_, _ = s.Write([]byte("\x1b[1;1Hab  cd\x1b[2;3H│ ef │"))
	r, c := s.Find("ef")
	require.Equal(t, []int{1, 4}, []int{r, c})
	require.Equal(t, "ef │  ", s.Cells(1, 4, 10))
	require.Equal(t, []string{"ab  cd    ", "  │ ef │  ", "          "}, s.Region(0, 0, 3, 10))
	require.Equal(t, []string{"cd", "ef"}, s.Region(0, 4, 2, 6))
}

func TestVersionCountsChangesOnly(t *testing.T) {
	s := screen(10, 4, "\x1b[?1049h\x1b[2J\x1b[Hhello\x1b[K\r\nwörld╭─╮\x1b[K\r\n\x1b[31mred\x1b[0m")
	require.Equal(t, "hello\nwörld╭─╮\nred\n", s.String())
	v := s.Version()

	// A redraw that rewrites the same text changes nothing; nor do moves,
	// colours, modes and queries.
	_, _ = s.Write([]byte("\x1b[H\nwörld╭─╮\x1b[K\x1b[5;5H\x1b[1m\x1b[?25l\x1b]11;?\x07\x1b[6n"))
	require.Equal(t, v, s.Version())

	// Cursor positioning, erase to the end of the line and of the screen,
	// and a sequence split across two writes.
	_, _ = s.Write([]byte("\x1b[2;3Hx\x1b"))
	_, _ = s.Write([]byte("[K\x1b[4;1Hlast\x1b[1;1H\x1b[J"))
	require.Equal(t, "\n\n\n", s.String())
	require.Greater(t, s.Version(), v)

	// Text wraps at the right margin; leaving the alternate screen shows
	// the normal one as it was (blank here).
	_, _ = s.Write([]byte("\x1b[1;1H0123456789ab"))
	require.Equal(t, "0123456789", s.Line(0))
	require.Equal(t, "ab", s.Line(1))
	_, _ = s.Write([]byte("\x1b[?1049l"))
	require.Equal(t, "", strings.TrimSpace(s.String()))
	require.Equal(t, "", s.Line(99))
	require.Equal(t, "", s.Line(-1))
}

func TestIgnoresOSCAndModes(t *testing.T) {
	s := screen(20, 2, "\x1b]11;?\x07\x1b[?25l\x1b[?2004hok\x1b]8;;x\x1b\\link\x1bP1$r\x1b\\\x1b(B\x1b[2 q\x1b[?1;2c")
	require.Equal(t, "oklink", s.Line(0))
	require.Equal(t, 0, strings.Count(s.String(), "\x1b"))
}

func TestCursorMoves(t *testing.T) {
	cases := []struct{ name, out, want string }{
		{"CUP", "\x1b[2;3Hx", "\n  x"},
		{"CUP defaults home", "abc\x1b[Hx", "xbc"},
		{"CUP clamps", "\x1b[99;99Hx", "\n\n       x"},
		{"CUU CUD", "\x1b[3;1H\x1b[2Ax\x1b[Bx", "x\n x"},
		{"CUF CUB", "\x1b[3Cx\x1b[2Dy", "  yx"},
		{"CUB clamps", "ab\x1b[9Dx", "xb"},
		{"CNL CPL", "ab\x1b[Ex\x1b[Fy", "yb\nx"},
		{"CHA VPA", "\x1b[3G\x1b[2dx", "\n  x"},
		{"HPR VPR HPA", "\x1b[2a\x1b[2ex\x1b[1`y", "\n\ny x"},
		{"CR BS TAB", "abc\rx\by\tz", "ybc    z"},
		{"TAB stops at the margin", "\t\t\tx", "       x"},
		{"save restore ESC", "ab\x1b7\x1b[3;3Hx\x1b8y", "aby\n\n  x"},
		{"save restore CSI", "ab\x1b[s\x1b[3;3Hx\x1b[uy", "aby\n\n  x"},
		{"NEL IND", "ab\x1bEx\x1bDy", "ab\nx\n y"},
		{"RI", "\x1b[2;2H\x1bMx", " x"},
	}
	for _, c := range cases {
		s := screen(8, 3, c.out)
		require.Equal(t, c.want, strings.TrimRight(s.String(), "\n"), c.name)
	}
}

func TestDeferredWrap(t *testing.T) {
	// A line that fills the width leaves the cursor in the last column: the
	// CR LF after it moves one row, not two.
	s := screen(4, 3, "abcd\r\nefgh\r\nij")
	require.Equal(t, []string{"abcd", "efgh", "ij"}, s.Lines())
	// The next rune wraps; a cursor move cancels the wrap.
	s = screen(4, 3, "abcde")
	require.Equal(t, []string{"abcd", "e", ""}, s.Lines())
	s = screen(4, 3, "abcd\x1b[2Dx")
	require.Equal(t, []string{"axcd", "", ""}, s.Lines(), "the cursor was on the last column")
	row, col := s.Cursor()
	require.Equal(t, []int{0, 2}, []int{row, col})
	// With a wrap due, erasing to the end of the line takes the last cell.
	s = screen(4, 3, "abcd\x1b[K")
	require.Equal(t, []string{"abc", "", ""}, s.Lines())
}

func TestErase(t *testing.T) {
	full := "abcdef\r\nghijkl\r\nmnopqr\x1b[2;3H"
	cases := []struct {
		seq  string
		want []string
	}{
		{"\x1b[K", []string{"abcdef", "gh", "mnopqr"}},
		{"\x1b[0K", []string{"abcdef", "gh", "mnopqr"}},
		{"\x1b[1K", []string{"abcdef", "   jkl", "mnopqr"}},
		{"\x1b[2K", []string{"abcdef", "", "mnopqr"}},
		{"\x1b[J", []string{"abcdef", "gh", ""}},
		{"\x1b[1J", []string{"", "   jkl", "mnopqr"}},
		{"\x1b[2J", []string{"", "", ""}},
		{"\x1b[3J", []string{"", "", ""}},
		{"\x1b[2X", []string{"abcdef", "gh  kl", "mnopqr"}},
		{"\x1b[9X", []string{"abcdef", "gh", "mnopqr"}},
		{"\x1b[2P", []string{"abcdef", "ghkl", "mnopqr"}},
		{"\x1b[2@", []string{"abcdef", "gh  ij", "mnopqr"}},
		{"\x1bc", []string{"", "", ""}},
	}
	for _, c := range cases {
		s := screen(6, 3, full+c.seq)
		require.Equal(t, c.want, s.Lines(), "%q", c.seq)
	}
}

func TestScrolling(t *testing.T) {
	// A line feed on the last row scrolls the screen up.
	s := screen(5, 3, "one\r\ntwo\r\nthree\r\nfour")
	require.Equal(t, []string{"two", "three", "four"}, s.Lines())
	// Reverse index on the top row scrolls it down.
	_, _ = s.Write([]byte("\x1b[H\x1bMzero"))
	require.Equal(t, []string{"zero", "two", "three"}, s.Lines())
	// SU and SD.
	_, _ = s.Write([]byte("\x1b[S"))
	require.Equal(t, []string{"two", "three", ""}, s.Lines())
	_, _ = s.Write([]byte("\x1b[2T"))
	require.Equal(t, []string{"", "", "two"}, s.Lines())
}

func TestScrollRegion(t *testing.T) {
	s := screen(4, 5, "a\r\nb\r\nc\r\nd\r\ne")
	// Rows 2..4 scroll; rows 1 and 5 stay.
	_, _ = s.Write([]byte("\x1b[2;4r"))
	row, col := s.Cursor()
	require.Equal(t, []int{0, 0}, []int{row, col}, "DECSTBM homes the cursor")
	_, _ = s.Write([]byte("\x1b[4;1H\nx"))
	require.Equal(t, []string{"a", "c", "d", "x", "e"}, s.Lines())
	_, _ = s.Write([]byte("\x1b[2;1H\x1bMy"))
	require.Equal(t, []string{"a", "y", "c", "d", "e"}, s.Lines())
	// Insert and delete lines inside the region.
	_, _ = s.Write([]byte("\x1b[3;2H\x1b[L"))
	require.Equal(t, []string{"a", "y", "", "c", "e"}, s.Lines())
	row, col = s.Cursor()
	require.Equal(t, []int{2, 0}, []int{row, col}, "IL moves to the first column")
	_, _ = s.Write([]byte("\x1b[2;1H\x1b[2M"))
	require.Equal(t, []string{"a", "c", "", "", "e"}, s.Lines())
	// Outside the region IL does nothing; the full screen is restored with
	// an empty DECSTBM.
	_, _ = s.Write([]byte("\x1b[5;1H\x1b[L\x1b[r\x1b[5;1H\nz"))
	require.Equal(t, []string{"c", "", "", "e", "z"}, s.Lines())
}

func TestWideRunes(t *testing.T) {
	s := screen(6, 2, "世界!")
	require.Equal(t, "世界!", s.Line(0))
	row, col := s.Cursor()
	require.Equal(t, []int{0, 5}, []int{row, col})
	r, c := s.Find("界!")
	require.Equal(t, []int{0, 2}, []int{r, c})
	require.Equal(t, "界", s.Cells(0, 2, 2))
	require.Equal(t, "!", s.Cells(0, 3, 2), "a right half reads as nothing")

	// Writing over half of a wide rune blanks the other half.
	_, _ = s.Write([]byte("\x1b[1;2Hx"))
	require.Equal(t, " x界!", s.Line(0))
	_, _ = s.Write([]byte("\x1b[1;3Hy"))
	require.Equal(t, " xy !", s.Line(0))

	// A wide rune that does not fit in the last column wraps.
	s = screen(5, 2, "abcd世")
	require.Equal(t, []string{"abcd", "世"}, s.Lines())
	// Erasing half of one blanks all of it.
	s = screen(6, 1, "ab世cd\x1b[1;4H\x1b[1K")
	require.Equal(t, "    cd", s.Line(0))
	// Combining marks take no cell.
	s = screen(6, 1, "e\u0301x")
	require.Equal(t, "ex", s.Line(0))
}

func TestAlternateScreen(t *testing.T) {
	s := screen(10, 3, "shell $\x1b[?1049h")
	require.Equal(t, []string{"", "", ""}, s.Lines())
	_, _ = s.Write([]byte("\x1b[2;1Hgame"))
	require.Equal(t, []string{"", "game", ""}, s.Lines())
	// Leaving restores the normal screen and, with 1049, the cursor.
	_, _ = s.Write([]byte("\x1b[?1049lbye"))
	require.Equal(t, []string{"shell $bye", "", ""}, s.Lines())
	// 1047 switches without touching the cursor.
	_, _ = s.Write([]byte("\x1b[?1047h\x1b[3;1Halt\x1b[?1047lx"))
	require.Equal(t, []string{"shell $bye", "", "   x"}, s.Lines())

	// Switching screens is a change only when the two differ.
	s = vtscreen.New(10, 3)
	_, _ = s.Write([]byte("\x1b[?1049h\x1b[?1049l\x1b[?1049h"))
	require.Zero(t, s.Version(), "blank to blank")
	_, _ = s.Write([]byte("a"))
	v := s.Version()
	_, _ = s.Write([]byte("\x1b[?1049l"))
	require.Greater(t, s.Version(), v, "back to the blank normal screen")
}

func TestFindAndRegion(t *testing.T) {
	s := screen(12, 3, "╭─ Log ──╮\r\n│ a long │\r\n│ word   │")
	r, c := s.Find("╭─ Log")
	require.Equal(t, []int{0, 0}, []int{r, c})
	r, c = s.Find("word")
	require.Equal(t, []int{2, 2}, []int{r, c})
	r, c = s.Find("long word")
	require.Equal(t, []int{-1, -1}, []int{r, c}, "a match stays within a row")
	r, c = s.Find("")
	require.Equal(t, []int{-1, -1}, []int{r, c})
	require.Equal(t, []string{"a long", "word  "}, s.Region(1, 2, 3, 8))
	require.Equal(t, []string{"word  "}, s.Region(2, 2, 99, 8), "clipped at the bottom")
	require.Equal(t, []string{"│ a", "│ w"}, s.Region(1, -5, 3, 3), "clipped at the left")
	require.Empty(t, s.Region(3, 0, 5, 5))
	require.Equal(t, "", s.Cells(5, 0, 3))
	require.Equal(t, "", s.Cells(0, 0, 0))
}

// frames is output of the kind sshserver's frame writer sends, with every
// feature the screen knows mixed in.
const frames = "\x1b[?25l\x1b[?1049h\x1b[2J\x1b[H\x1b[?2004h" +
	"\x1b[1;38;2;255;0;0mTitle ·\x1b[0m 世界\x1b[K\r\n│ row two │\x1b[K\r\n\x1b]8;;http://x\x1b\\link\x1b]8;;\x07\x1b[K\x1b[J\x1b[4;1H" +
	"\x1b[H\n│ row 2 ✓ │\x1b[K\r\n\x1b[4;1H\x1b7\x1b[3;3H\x1bP+q\x1b\\é\x1b8\x1b[1@\x1b[2P\x1b[2;5r\x1bD\x1b[r" +
	"\x1b]2;cut\x1b[1mX\x1b[1;10H\x18\x1b[3Xwide→\x1b[2\x1a\x1b[5;1H\r\n\r\nend"

func TestSplitWritesGiveTheSameScreen(t *testing.T) {
	whole := screen(12, 5, frames)
	// At every split point, and byte by byte.
	for i := range len(frames) {
		s := vtscreen.New(12, 5)
		_, _ = s.Write([]byte(frames[:i]))
		_, _ = s.Write([]byte(frames[i:]))
		require.Equal(t, whole.Lines(), s.Lines(), "split at %d", i)
	}
	s := vtscreen.New(12, 5)
	for i := range len(frames) {
		_, _ = s.Write([]byte{frames[i]})
	}
	require.Equal(t, whole.Lines(), s.Lines(), "byte by byte")
	require.Equal(t, whole.Version(), s.Version())
	require.Contains(t, whole.String(), "end")
}

func TestTinyAndHostileInput(t *testing.T) {
	s := vtscreen.New(0, -3)
	require.Equal(t, 1, s.Width())
	require.Equal(t, 1, s.Height())
	_, _ = s.Write([]byte("世ab\x1b[99999999999999999;99999999999999H\x1b[999L\x1b[999P\x1b[999@\x1b[999S"))
	require.Len(t, s.Lines(), 1)

	// Overlong sequences are dropped whole; the text after them shows.
	s = vtscreen.New(20, 2)
	long := "\x1b[" + strings.Repeat("1;", vtscreen.MaxCSI) + "2J" + "\x1b]0;" + strings.Repeat("x", 2*vtscreen.MaxOSC) + "\x07"
	_, _ = fmt.Fprintf(s, "keep%sok", long)
	require.Equal(t, "keepok", s.Line(0))
}
