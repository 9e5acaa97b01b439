package sshserver

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/internal/vtscreen"
)

// TestFittedFramesAsMeasured: lines the model says are exactly the
// screen's width (a play frame) are written as the measured ones are, and
// show the same on the client's screen; a claimed width that is not the
// screen's (a resize between the drawing and the writing) is measured as
// before: a long line cut, a short one's rest erased.
func TestFittedFramesAsMeasured(t *testing.T) {
	const w, h = 20, 4
	frame := []string{
		strings.Repeat("a", w),
		"\x1b[1m" + strings.Repeat("é", w-2) + "\x1b[0m" + "xy",
		"0:59 left" + strings.Repeat(" ", w-9),
		strings.Repeat("-", w),
	}
	measured, mout, _ := testScreen(w, h)
	fitted, fout, _ := testScreen(w, h)
	measured.frameLines(frame)
	fitted.frameFitted(frame, w)
	require.Equal(t, mout.take(), fout.take(), "a fitted frame writes what a measured one does")
	tick := "0:58 left" + strings.Repeat(" ", w-9)
	require.True(t, measured.line(2, tick))
	require.True(t, fitted.lineFitted(2, tick, w))
	require.Equal(t, mout.take(), fout.take(), "a fitted tick line too")

	// Drawn for 20 columns, written after the terminal became 12: measured.
	s, out, _ := testScreen(12, h+1)
	vt := vtscreen.New(12, h+1)
	s.frameFitted(append(frame, "end"), w)
	for _, p := range out.take() {
		_, _ = vt.Write([]byte(p))
	}
	for i, l := range vt.Lines()[:h] {
		require.Equal(t, strings.TrimRight(ansi.Truncate(ansi.Strip(frame[i]), 12, ""), " "), strings.TrimRight(l, " "), "line %d cut to the screen", i)
	}
}

// TestFittedWidthIsTrusted: a line said to be the screen's width is not
// measured: a short one claimed fitted gets no erase of its rest (so the
// screen reads the claim, and the model must keep it:
// tui's TestPlayFrameLinesAreExactlyWide).
func TestFittedWidthIsTrusted(t *testing.T) {
	s, out, _ := testScreen(20, 2)
	s.frameFitted([]string{"short", "also short"}, 20)
	require.NotContains(t, strings.Join(out.take(), ""), ansi.EraseLineRight, "not measured")
	s2, out2, _ := testScreen(20, 2)
	s2.frameLines([]string{"short", "also short"})
	require.Contains(t, strings.Join(out2.take(), ""), ansi.EraseLineRight, "measured: the rest erased")
}
