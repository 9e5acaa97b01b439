package loadgen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScreenReplaysRedraws(t *testing.T) {
	s := NewScreen(4, 10)
	s.Feed([]byte("\x1b[?1049h\x1b[2J\x1b[Hhello\x1b[K\r\nwörld╭─╮\x1b[K\r\n\x1b[31mred\x1b[0m"))
	require.Equal(t, "hello\nwörld╭─╮\nred\n", s.String())
	v := s.Version

	// A redraw that rewrites the same text changes nothing.
	s.Feed([]byte("\x1b[H\nwörld╭─╮"))
	require.Equal(t, v, s.Version)

	// Cursor positioning, erase to the end of the line and of the screen,
	// and a sequence split across two reads.
	s.Feed([]byte("\x1b[2;3Hx\x1b"))
	s.Feed([]byte("[K\x1b[4;1Hlast\x1b[1;1H\x1b[J"))
	require.Equal(t, "\n\n\n", s.String())
	require.Greater(t, s.Version, v)

	// Text wraps at the right margin; the alternate screen starts blank.
	s.Feed([]byte("\x1b[1;1H0123456789ab"))
	require.Equal(t, "0123456789", s.Line(0))
	require.Equal(t, "ab", s.Line(1))
	s.Feed([]byte("\x1b[?1049l"))
	require.Equal(t, "", strings.TrimSpace(s.String()))
	require.Equal(t, "", s.Line(99))
}

func TestScreenIgnoresOSCAndModes(t *testing.T) {
	s := NewScreen(2, 20)
	s.Feed([]byte("\x1b]11;?\x07\x1b[?25l\x1b[?2004hok\x1b]8;;x\x1b\\link"))
	require.Equal(t, "oklink", s.Line(0))
}
