package loadgen

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSnapshotIntoReadsAsSnapshot: the play loop's read of its screen, the
// text copied into the session's own buffer and parsed into its own
// screen, is the screen snapshot and readScreen give; the copy costs no
// allocation once the buffer has grown, nor the lines once their list has;
// a text read earlier and cloned stays as it was.
func TestSnapshotIntoReadsAsSnapshot(t *testing.T) {
	cfg := DefaultConfig()
	r := newVTReader(&shared{cfg: &cfg, meter: &meter{}}, nil, io.Discard)
	var buf []byte
	var scr screen
	var kept []string
	for f, frame := range []string{
		"\x1b[H0:52 left · your move! · roll the dice\r\nA board line\r\nr roll  b buy  e end turn\r\n╭─ Log ─╮",
		"\x1b[H0:51 left · waiting on bob\r\nAnother line\r\nm mortgage · t trade\r\n╭─ Log ─╮\r\n",
		"\x1b[2J\x1b[H",
	} {
		r.consume([]byte(frame))
		want, wantVer := r.snapshot()
		got, ver := r.snapshotInto(&buf)
		require.Equal(t, want, got, "frame %d", f)
		require.Equal(t, wantVer, ver)
		scr.read(got)
		ws := readScreen(want)
		require.Equal(t, ws.lines, scr.lines)
		require.Equal(t, strings.Split(want, "\n"), scr.lines, "lines as strings.Split gives them")
		require.Equal(t, ws.yourMove, scr.yourMove)
		require.True(t, reflect.DeepEqual(ws.bar, scr.bar), "frame %d: %v against %v", f, scr.bar, ws.bar)
		kept = append(kept, strings.Clone(got))
		require.Equal(t, want, kept[f])
	}
	r.consume([]byte("\x1b[H0:50 left · your move! · roll the dice\r\n"))
	text, _ := r.snapshotInto(&buf)
	require.Zero(t, testing.AllocsPerRun(50, func() { text, _ = r.snapshotInto(&buf) }))
	scr.read(text)
	bar := testing.AllocsPerRun(50, func() { _ = parseBar(actionBar(scr.lines)) })
	require.Equal(t, bar, testing.AllocsPerRun(50, func() { scr.read(text) }),
		"the lines are read into the screen's own list: only the bar's parse allocates")
}
