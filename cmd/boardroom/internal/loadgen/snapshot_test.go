package loadgen

import (
	"io"
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
		if want := splitBar(actionBar(ws.lines)); len(want) > 0 || len(scr.bar) > 0 {
			require.Equal(t, want, scr.bar, "frame %d", f)
		}
		kept = append(kept, strings.Clone(got))
		require.Equal(t, want, kept[f])
	}
	r.consume([]byte("\x1b[H0:50 left · your move! · roll the dice\r\n"))
	text, _ := r.snapshotInto(&buf)
	require.Zero(t, testing.AllocsPerRun(50, func() { text, _ = r.snapshotInto(&buf) }))
	r.consume([]byte("\x1b[2J\x1b[H0:49 left · your move!\r\nr roll · b buy | e end turn  x resign\r\n╭─ Log ─╮"))
	text, _ = r.snapshotInto(&buf)
	scr.read(text)
	require.Len(t, scr.bar, 4)
	require.Zero(t, testing.AllocsPerRun(50, func() { scr.read(text) }),
		"the lines and the bar are read into the screen's own lists")
}

// splitBar is how the tool split an action bar before readBar: the
// bullets replaced by double spaces in a new string, split on them.
func splitBar(bar string) []barEntry {
	bar = strings.NewReplacer(" · ", "  ", " | ", "  ").Replace(bar)
	var es []barEntry
	for _, e := range strings.Split(bar, "  ") {
		e = strings.TrimSpace(e)
		if k, rest, ok := strings.Cut(e, " "); ok {
			es = append(es, barEntry{k, strings.TrimSpace(rest)})
		}
	}
	return es
}

// TestReadBarSplitsAsBefore: an action bar's entries are the same as the
// replace-and-split gave, for the bars of every game and odd spacings.
func TestReadBarSplitsAsBefore(t *testing.T) {
	var s screen
	for _, bar := range []string{
		"",
		"r roll  m mortgage  t trade  x resign",
		"y/enter yes · n/esc no",
		"enter buy | esc cancel",
		"  r roll   b buy  ",
		"a  · b c",
		"x ·  y z · ",
		"k label with words  · j other | q",
		"r roll · · b buy",
		" · ",
		"single",
		"a b  c d  e f  g h  i j  k l  m n",
	} {
		s.readBar(bar)
		want := splitBar(bar)
		if len(want) == 0 {
			require.Empty(t, s.bar, "%q", bar)
			continue
		}
		require.Equal(t, want, s.bar, "%q", bar)
	}
}
