package loadgen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/internal/vtscreen"
)

// feedEach feeds data in chunks of size n and returns the replies.
func feedEach(t *Terminal, data string, n int) string {
	var out []byte
	for i := 0; i < len(data); i += n {
		out = append(out, t.Feed([]byte(data[i:min(i+n, len(data))]))...)
	}
	return string(out)
}

func TestTerminalAnswersQueries(t *testing.T) {
	cases := []struct {
		name, in, reply string
		q               QueryCounts
	}{
		{"osc11 bel", "\x1b]11;?\x07", replyOSC11, QueryCounts{OSC11: 1}},
		{"osc11 st", "\x1b]11;?\x1b\\", replyOSC11, QueryCounts{OSC11: 1}},
		{"osc10", "\x1b]10;?\x07", replyOSC10, QueryCounts{OSC10: 1}},
		{"dsr", "\x1b[6n", "\x1b[24;80R", QueryCounts{DSR: 1}},
		{"da1", "\x1b[c", replyDA1, QueryCounts{DA1: 1}},
		{"da1 zero", "\x1b[0c", replyDA1, QueryCounts{DA1: 1}},
		{"da2 not answered", "\x1b[>c", "", QueryCounts{}},
		{"dsr status not answered", "\x1b[5n", "", QueryCounts{}},
		{"osc11 set colour not answered", "\x1b]11;#000000\x07", "", QueryCounts{}},
		{"termenv style", "\x1b]11;?\x1b\\\x1b[6n", replyOSC11 + "\x1b[24;80R", QueryCounts{OSC11: 1, DSR: 1}},
		{"wish style", "\x1b]11;?\x07\x1b[c", replyOSC11 + replyDA1, QueryCounts{OSC11: 1, DA1: 1}},
		{"inside text", "ab\x1b[1mc\x1b[6nd", "\x1b[24;80R", QueryCounts{DSR: 1}},
	}
	for _, c := range cases {
		for _, n := range []int{1, 2, 3, 5, len(c.in)} {
			term := NewTerminal(24, 80, true, 0)
			require.Equal(t, c.reply, feedEach(term, c.in, n), "%s in chunks of %d", c.name, n)
			require.Equal(t, c.q, term.Queries, "%s in chunks of %d", c.name, n)
		}
	}
}

func TestTerminalUsesItsSize(t *testing.T) {
	term := NewTerminal(50, 160, true, 0)
	require.Equal(t, "\x1b[50;160R", string(term.Feed([]byte("\x1b[6n"))))
}

func TestTerminalNoAnswerStillCounts(t *testing.T) {
	term := NewTerminal(24, 80, false, 0)
	require.Empty(t, term.Feed([]byte("\x1b]11;?\x07\x1b[6n\x1b[c")))
	require.Equal(t, QueryCounts{OSC11: 1, DSR: 1, DA1: 1}, term.Queries)
}

func TestTerminalOverlongSequencesAreIgnored(t *testing.T) {
	term := NewTerminal(24, 80, true, 0)
	long := "\x1b]11;?" + strings.Repeat("x", 2*vtscreen.MaxOSC) + "\x07"
	require.Empty(t, term.Feed([]byte(long)))
	require.Empty(t, term.Feed([]byte("\x1b["+strings.Repeat("1;", vtscreen.MaxCSI)+"6n")))
	// The parser is back in the ground state afterwards.
	require.Equal(t, "\x1b[24;80R", string(term.Feed([]byte("ok\x1b[6n"))))
	require.Equal(t, "ok", term.Text())
}

func TestTerminalStripsEscapes(t *testing.T) {
	in := "\x1b[?25l\x1b[2J\x1b[H\x1b[1;38;5;212mPick\x1b[0m a \x1b[4mhandle\x1b[0m:\x1b[K\r\n" +
		"\x1b]0;title\x07\x1bP1$r\x1b\\\x1b(B\x1b7  next\tline \x1b[3;1Hthird\x1b[2Cword\x07"
	for _, n := range []int{1, 4, len(in)} {
		term := NewTerminal(24, 80, true, 0)
		feedEach(term, in, n)
		require.Equal(t, "Pick a handle: next line third word", term.Text(), "chunks of %d", n)
	}
}

func TestTerminalSeenAcrossReads(t *testing.T) {
	term := NewTerminal(24, 80, true, 0)
	needle := NormalizeText("  Welcome   to\nthe lobby ")
	require.Equal(t, "Welcome to the lobby", string(needle))
	term.Feed([]byte("\x1b[1mWel"))
	require.False(t, term.Seen(needle))
	term.Feed([]byte("come\x1b[0m to\r\nthe "))
	require.False(t, term.Seen(needle))
	term.Feed([]byte("lob"))
	require.False(t, term.Seen(needle))
	term.Feed([]byte("by!"))
	require.True(t, term.Seen(needle))
}

func TestTerminalWindowRolls(t *testing.T) {
	term := NewTerminal(24, 80, true, 256)
	for range 100 {
		term.Feed([]byte(strings.Repeat("a", 50) + "\r\n"))
	}
	require.LessOrEqual(t, len(term.Text()), 2*256)
	term.Feed([]byte("the end"))
	require.True(t, strings.HasSuffix(term.Text(), "a the end"))
	require.True(t, term.Seen([]byte("the end")))
	// Text before the window is gone.
	require.False(t, term.Seen([]byte("the end")), "already reported")
}
