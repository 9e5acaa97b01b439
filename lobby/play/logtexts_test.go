package play

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

// TestNameSeatsEdges: a seat's number is replaced only when it is one of
// the table's, as a word of its own.
func TestNameSeatsEdges(t *testing.T) {
	names := []string{"ada", "bob", "Bot 3", "Seat 1"}
	for text, want := range map[string]string{
		"":                                "",
		"nothing to name":                 "nothing to name",
		"Seat 1 paid Seat 2.":             "ada paid bob.",
		"Seat 3 and Seat 4":               "Bot 3 and Seat 1", // a name is not named again
		"Seat 0 and Seat 5":               "Seat 0 and Seat 5",
		"Seat 01 bid":                     "ada bid",
		"Seat 1x, xSeat 1, Seat_1, Seat ": "Seat 1x, xSeat 1, Seat_1, Seat ",
		"Seat 12345678901234567890":       "Seat 12345678901234567890",
		"Seat 99999999999999999992":       "Seat 99999999999999999992",
		"(Seat 2)":                        "(bob)",
		"Seat 2Seat 2":                    "Seat 2Seat 2",
		"Seat 2 Seat 2 Seat":              "bob bob Seat",
		"Seat 4!":                         "Seat 1!",
	} {
		require.Equal(t, want, NameSeats(text, names), "%q", text)
		var a logTexts
		require.Equal(t, want, a.str(a.named(text, names)), "%q in a log's texts", text)
	}
}

// chunkOf is the address of the first byte of s (0 for "").
func chunkOf(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }

// TestLogTextsCarvedFromChunks: a table's log writes the texts its viewers
// read, named and private, into a few chunks instead of one string each
// (issue 32: a full log's strings were more than half of what a playing
// table kept), and a text read once is never written again while newer
// texts fill new chunks.
func TestLogTextsCarvedFromChunks(t *testing.T) {
	var l Log
	names := []string{"ada", "bob", "Bot 3", "Bot 4"}
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	event := func(i int) engine.Event {
		ev := engine.Event{Kind: "k", Text: "Seat " + strconv.Itoa(1+i%4) + " moved " + strconv.Itoa(i)}
		if i%3 == 0 {
			ev.To, ev.Redacted = []int{i % 4}, "Seat "+strconv.Itoa(1+i%4)+" drew a card"
		}
		return ev
	}
	type read struct{ text, copy string }
	var kept []read
	for i := range 5 * LogKeep {
		l.Add(event(i), at)
		for _, viewer := range []int{0, 1, engine.Spectator} {
			lines := l.Lines(viewer, names)
			last := lines.At(lines.Len() - 1)
			kept = append(kept, read{last.Text, strings.Clone(last.Text)})
		}
	}
	for _, r := range kept {
		require.Equal(t, r.copy, r.text, "a text read once stays as it was")
	}
	// The lines of the last LogKeep events, for each viewer: a few chunks.
	chunks := map[uintptr]bool{}
	lines := 0
	for _, viewer := range []int{0, 1, engine.Spectator} {
		for _, line := range l.Lines(viewer, names).All() {
			require.NotContains(t, line.Text, "Seat ", "named")
			lines++
			p := chunkOf(line.Text)
			for c := range chunks {
				if p >= c && p < c+textChunk {
					p = c
					break
				}
			}
			chunks[p] = true
		}
	}
	t.Logf("%d lines in %d chunks", lines, len(chunks))
	require.Equal(t, 3*LogKeep, lines)
	require.LessOrEqual(t, len(chunks), 12, "the lines' texts are carved from a few chunks")
}

// TestLogLinesOfANewEventAllocateLittle: an event added to a full log and
// read by two viewer classes, as a table's frame does at each move, makes
// no string of its own (a chunk every few dozen lines, a list's room every
// logGrow lines).
func TestLogLinesOfANewEventAllocateLittle(t *testing.T) {
	var l Log
	names := []string{"ada", "bob", "Bot 3", "Bot 4"}
	ev := engine.Event{Kind: "k", Text: "Seat 1 paid Seat 2 $200."}
	for range LogKeep {
		l.Add(ev, time.Time{})
		l.Lines(0, names)
		l.Lines(engine.Spectator, names)
	}
	allocs := testing.AllocsPerRun(200, func() {
		l.Add(ev, time.Time{})
		l.Lines(0, names)
		l.Lines(engine.Spectator, names)
	})
	require.Less(t, allocs, 0.2)
}

// TestLogLetsGoOfChunksNoLineReads: as a long game goes on, the log lets go
// of the chunks that hold texts of events it no longer keeps (its texts
// stay a few chunks, not one more every few dozen events), while a view of
// its lines handed out earlier still reads every line as it was.
func TestLogLetsGoOfChunksNoLineReads(t *testing.T) {
	var l Log
	names := []string{"ada", "bob", "Bot 3", "Bot 4"}
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	type handed struct {
		view LogLines
		copy []LogLine
	}
	var kept []handed
	for i := range 20 * LogKeep {
		ev := engine.Event{Kind: "k", Text: "Seat " + strconv.Itoa(1+i%4) + " moved " + strconv.Itoa(i)}
		if i%7 == 0 {
			ev.To, ev.Redacted = []int{i % 4}, "Seat "+strconv.Itoa(1+i%4)+" drew a card"
		}
		l.Add(ev, at)
		for _, viewer := range []int{0, engine.Spectator} {
			v := l.Lines(viewer, names)
			if i%(2*LogKeep) == LogKeep {
				kept = append(kept, handed{v, v.All()})
			}
		}
		require.LessOrEqual(t, len(l.txt.chunks), 12, "event %d: the log keeps a few chunks", i)
	}
	require.Greater(t, l.txt.base, uint32(20), "chunks were let go")
	require.NotEmpty(t, kept)
	for i, h := range kept {
		require.Equal(t, h.copy, h.view.All(), "view %d reads as it did", i)
	}
	// what the log reads now is what it would read afresh
	for _, viewer := range []int{0, 1, engine.Spectator} {
		require.Equal(t, naiveLines(&l, viewer, names), l.Lines(viewer, names).All())
	}
}

// TestLogViewsReadWhileTheLogWrites: a session reads the view of the log
// it was handed (GameState.Log) on its own goroutine, without the table's
// lock, while the table goes on adding events, naming lines for its
// viewers and letting go of chunks. Under the race detector (CI runs the
// tests with -race) any write to what a view reads is reported; every
// view reads what it read when it was made.
func TestLogViewsReadWhileTheLogWrites(t *testing.T) {
	var l Log
	names := []string{"ada", "bob", "Bot 3"}
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	type handed struct {
		view LogLines
		want []LogLine
	}
	views := make(chan handed, 64)
	done := make(chan error)
	go func() {
		var err error // the first; the views are read to the end, so the log never waits
		for h := range views {
			got := h.view.All()
			if err != nil {
				continue
			}
			if len(got) != len(h.want) {
				err = fmt.Errorf("a view of %d lines reads %d", len(h.want), len(got))
				continue
			}
			for i := range got {
				if got[i] != h.want[i] {
					err = fmt.Errorf("line %d reads %+v, was %+v", i, got[i], h.want[i])
					break
				}
			}
		}
		done <- err
	}()
	for i := range 6 * LogKeep {
		ev := engine.Event{Kind: "k" + strconv.Itoa(i%9), Text: "Seat " + strconv.Itoa(1+i%3) + " moved " + strconv.Itoa(i)}
		if i%5 == 0 {
			ev.To, ev.Redacted = []int{i % 3}, "Seat "+strconv.Itoa(1+i%3)+" drew a card"
		}
		l.Add(ev, at.Add(time.Duration(i)*time.Second))
		for _, viewer := range []int{i % 3, engine.Spectator} {
			v := l.Lines(viewer, names)
			views <- handed{v, v.All()}
		}
	}
	close(views)
	require.NoError(t, <-done)
}
