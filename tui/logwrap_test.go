package tui

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// naiveLog is what the log panel showed before logWrap: every entry
// sanitised and wrapped on every frame.
func naiveLog(log []lobby.LogLine, w int) []string {
	var lines []string
	for _, l := range log {
		lines = append(lines, strings.Split(Wrap(lobby.Sanitize(l.Text, 2000), w), "\n")...)
	}
	return lines
}

func TestLogWrapMatchesAndReuses(t *testing.T) {
	var log []lobby.LogLine
	for i := range 30 {
		log = append(log, lobby.LogLine{Seq: i + 1, Text: strings.Repeat("word ", i%7+1) + "\x1b[31mred\x1b[0m done"})
	}
	var c logWrap
	require.Equal(t, naiveLog(log, 20), c.lines(lobby.LinesOf(log), 20, -1))
	first := c.entries[10].lines.s

	// The window slides: old entries drop off, new ones arrive.
	log = append(log[5:], lobby.LogLine{Seq: 31, Text: "a new line that is long enough to wrap twice at twenty"})
	require.Equal(t, naiveLog(log, 20), c.lines(lobby.LinesOf(log), 20, -1))
	require.Same(t, unsafe.StringData(first), unsafe.StringData(c.entries[5].lines.s), "an entry seen before is not wrapped again")

	// A changed text under a known seq is wrapped again; so is every entry
	// at a new width.
	log[0].Text = "changed"
	require.Equal(t, naiveLog(log, 20), c.lines(lobby.LinesOf(log), 20, -1))
	require.Equal(t, naiveLog(log, 33), c.lines(lobby.LinesOf(log), 33, -1))
	require.Empty(t, c.lines(lobby.LogLines{}, 33, -1))

	// Following the end, only the last entries that fill the panel.
	all := naiveLog(log, 20)
	tail := c.lines(lobby.LinesOf(log), 20, 5)
	require.GreaterOrEqual(t, len(tail), 5)
	require.Equal(t, all[len(all)-len(tail):], tail)
	require.Less(t, len(c.entries), len(log), "entries off screen are not kept")

	// The window grows at its start (the log scrolled up): every entry as
	// the naive wrapping makes it, those on show not wrapped again.
	shown := c.entries[len(c.entries)-1].lines.s
	require.Equal(t, all, c.lines(lobby.LinesOf(log), 20, -1))
	require.Same(t, unsafe.StringData(shown), unsafe.StringData(c.entries[len(c.entries)-1].lines.s))

	// Following the end as the log moves on, the entries are written over
	// the last frame's: no new slice each frame.
	c.lines(lobby.LinesOf(log), 20, 5)
	at := &c.entries[0]
	log = append(log[1:], lobby.LogLine{Seq: 32, Text: "one more"})
	all = naiveLog(log, 20)
	tail = c.lines(lobby.LinesOf(log), 20, 5)
	require.Equal(t, all[len(all)-len(tail):], tail)
	require.Same(t, at, &c.entries[0], "the entries are written in place")
}

func TestLogEntriesWrappedOnceForATheme(t *testing.T) {
	var log []lobby.LogLine
	for i := range 12 {
		log = append(log, lobby.LogLine{Seq: i + 1, Text: strings.Repeat("word ", i%5+1) + "\x1b[31mred\x1b[0m \u202eflip done"})
	}
	shared := newEntryShare()
	a, b := logWrap{shared: shared}, logWrap{shared: shared}
	require.Equal(t, naiveLog(log, 20), a.lines(lobby.LinesOf(log), 20, -1))
	require.Equal(t, naiveLog(log, 20), b.lines(lobby.LinesOf(log), 20, -1))
	for i := range log {
		require.Same(t, unsafe.StringData(a.entries[i].lines.s), unsafe.StringData(b.entries[i].lines.s), "entry %d wrapped by the first session only", i)
	}
	// Another width, a changed text: wrapped afresh, still as the panel
	// wraps them alone; the width kept for the next frame's entries.
	require.Equal(t, naiveLog(log, 33), b.lines(lobby.LinesOf(log), 33, -1))
	require.Same(t, shared, b.shared, "a new width keeps the theme's entries")
	log[3].Text = "changed"
	require.Equal(t, naiveLog(log, 20), a.lines(lobby.LinesOf(log), 20, -1))
	require.Equal(t, naiveLog(log, 20), b.lines(lobby.LinesOf(log), 20, -1))
	require.Same(t, unsafe.StringData(a.entries[3].lines.s), unsafe.StringData(b.entries[3].lines.s))
}
