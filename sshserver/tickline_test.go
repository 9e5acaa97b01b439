package sshserver

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/internal/vtscreen"
)

// TestScreenLineRewritesOneRow: a frame that differs from the last in one
// row alone (the countdown's tick) is written as that row: the client's
// screen then shows what the whole frame would have, the cursor where a
// frame leaves it, and the next whole frame draws over it correctly.
func TestScreenLineRewritesOneRow(t *testing.T) {
	s, out, _ := testScreen(20, 5)
	vt := vtscreen.New(20, 5)
	feed := func() string {
		w := out.take()
		for _, p := range w {
			_, _ = vt.Write([]byte(p))
		}
		return strings.Join(w, "")
	}
	s.frame("title\nheading\n0:59 left\nboard\nhints")
	feed()
	require.True(t, s.line(2, "0:58 left"))
	wrote := feed()
	require.NotContains(t, wrote, "board", "only the row is written")
	require.Equal(t, []string{"title", "heading", "0:58 left", "board", "hints"}, trimmed(vt.Lines()))

	require.True(t, s.line(2, "0:58 left"), "the same row again")
	require.Empty(t, feed(), "writes nothing")

	s.frame("title\nheading\n0:57 left\nBOARD\nhints")
	feed()
	require.Equal(t, []string{"title", "heading", "0:57 left", "BOARD", "hints"}, trimmed(vt.Lines()))

	s.frame("title\nheading\n0:59 left\nboard\nhints") // the first frame again: not taken for unchanged
	feed()
	require.Equal(t, []string{"title", "heading", "0:59 left", "board", "hints"}, trimmed(vt.Lines()))

	require.False(t, s.line(7, "x"), "a row beyond the frame")
	s.resize(30, 5)
	require.False(t, s.line(2, "0:56 left"), "after a resize the whole frame is drawn")
}

// TestScreenLineWaitsForAFrameToken: a row is a frame for the frame rate;
// without a token it is refused and the whole frame waits as any frame.
func TestScreenLineWaitsForAFrameToken(t *testing.T) {
	s, out, clk := testScreen(20, 5)
	s.frame("a\nb\nc")
	for i := range frameBurst * 2 {
		if !s.line(1, "b"+itoa(i)) {
			require.GreaterOrEqual(t, i, frameBurst-1, "the burst first")
			out.take()
			clk.advance(s.every)
			require.True(t, s.line(1, "b again"), "a token later")
			return
		}
	}
	t.Fatal("the frame rate never applied")
}

func trimmed(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " ")
	}
	return out
}
