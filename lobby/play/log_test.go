package play

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

// TestLogKeepsTheLastLogKeepAndNumbersOn: the log keeps the last LogKeep
// events, numbers them on from the first, and a replica's skip to the
// owner's numbering never goes back.
func TestLogKeepsTheLastLogKeepAndNumbersOn(t *testing.T) {
	var l Log
	at := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	for i := 1; i <= LogKeep+5; i++ {
		require.Equal(t, i, l.Add(engine.Event{Kind: "k", Text: "event " + strconv.Itoa(i)}, at))
	}
	lines := l.Lines(engine.Spectator, nil).All()
	require.Len(t, lines, LogKeep)
	require.Equal(t, 6, lines[0].Seq)
	require.Equal(t, "event 6", lines[0].Text)
	require.Equal(t, LogKeep+5, l.Seq())
	l.SkipTo(LogKeep + 10)
	require.Equal(t, LogKeep+10, l.Add(engine.Event{Text: "after a gap"}, at))
	l.SkipTo(3)
	require.Equal(t, LogKeep+11, l.Add(engine.Event{Text: "no going back"}, at))
}

// TestLogNamesSeatsAndHidesPrivateLines: "Seat N" reads as the seat's name;
// a line addressed to seat 0 is read by seat 0 only (others read its
// redacted sentence, or nothing).
func TestLogNamesSeatsAndHidesPrivateLines(t *testing.T) {
	var l Log
	l.Add(engine.Event{Kind: "move", Text: "Seat 1 passed to Seat 2; Seat 12 stays"}, time.Time{})
	l.Add(engine.Event{Kind: "deal", Text: "Seat 1 drew a DEV", To: []int{0}}, time.Time{})
	names := []string{"ada", "bob"}
	own := l.Lines(0, names).All()
	require.Len(t, own, 2)
	require.Equal(t, "ada passed to bob; Seat 12 stays", own[0].Text)
	require.Equal(t, "ada drew a DEV", own[1].Text)
	other := l.Lines(1, names).All()
	require.Len(t, other, 1, "seat 1 reads nothing of seat 0's private line")
	require.Equal(t, "ada passed to bob; Seat 12 stays", other[0].Text)
}

// TestBackoffDoublesToItsCapAndEndsOnce: a failing table waits RetryMin,
// doubling up to RetryMax; the first write that works ends it once.
func TestBackoffDoublesToItsCapAndEndsOnce(t *testing.T) {
	var b Backoff
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	n, retry := b.Failed(now)
	require.Equal(t, 1, n)
	require.Equal(t, RetryMin, retry)
	for range 10 {
		_, retry = b.Failed(now.Add(time.Hour))
	}
	require.Equal(t, RetryMax, retry)
	require.Equal(t, RetryMax, b.Retry())
	ended, failures, since := b.Worked()
	require.True(t, ended)
	require.Equal(t, 11, failures)
	require.Equal(t, now, since, "since is the first failure")
	require.Zero(t, b.Retry())
	ended, _, _ = b.Worked()
	require.False(t, ended, "said once")
}

// TestFrameBuildsOneStatePerWatchedClass: seated people get their seat's
// state (the first seat of an account that holds two), everyone else and
// guests share the spectators'; classes nobody watches are not built.
func TestFrameBuildsOneStatePerWatchedClass(t *testing.T) {
	seats := []Seat{{Account: 7}, {Account: 9, Bot: true}, {}, {Account: 7}}
	watchers := []int64{7, 0, 42, 43}
	builds := 0
	f := BuildFrame(seats, func(yield func(int64) bool) {
		for _, w := range watchers {
			if !yield(w) {
				return
			}
		}
	}, func(class int) int { builds++; return class })
	require.Equal(t, 2, builds, "seat 0 and the spectators")
	require.Equal(t, 0, *f.ForViewer(7))
	require.Equal(t, engine.Spectator, *f.ForViewer(0))
	require.Equal(t, engine.Spectator, *f.ForViewer(9), "a bot's account watching is a spectator")
	require.Nil(t, (*Frame[int])(nil).ForViewer(7))
}

// naiveLines is Lines as it was: every line built again.
func naiveLines(l *Log, viewer int, names []string) []LogLine {
	var refs []lineRef
	for i := range l.entries {
		if line, ok := l.line(l.at(i), viewer, names); ok {
			refs = append(refs, line)
		}
	}
	if len(refs) == 0 {
		return nil
	}
	return LogLines{src: &logSrc{texts: l.txt.snapshot(), kinds: l.kinds}, first: &refs[0], n: len(refs)}.All()
}

// TestLogLinesAppendsWhatANewListWouldHold: the lines each viewer reads,
// appended to since its last read, are the lines built afresh, through
// private lines, the log's window moving past LogKeep and a change of
// names; and no list handed out earlier changes afterwards.
func TestLogLinesAppendsWhatANewListWouldHold(t *testing.T) {
	// One private line in 4, always some in the log; and one in 150, so
	// that the log goes from a list for everyone to one list a viewer and
	// back (a private line enters, then leaves the window).
	for _, rate := range []int{4, 150} {
		t.Run(strconv.Itoa(rate), func(t *testing.T) { logLinesAsNew(t, rate) })
	}
}

func logLinesAsNew(t *testing.T, privateRate int) {
	const seed = 7
	r := rand.New(rand.NewPCG(seed, 1))
	var l Log
	at := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	names := []string{"ada", "bob", "cy"}
	type handed struct {
		got  LogLines
		copy []LogLine
	}
	var kept []handed
	for step := range 5 * LogKeep {
		switch k := r.IntN(10); {
		case k < 6:
			ev := engine.Event{Kind: "k", Text: "Seat " + strconv.Itoa(1+r.IntN(3)) + " did " + strconv.Itoa(step)}
			if r.IntN(privateRate) == 0 {
				ev.To = []int{r.IntN(3)}
				if r.IntN(2) == 0 {
					ev.Redacted = "someone did something"
				}
			}
			l.Add(ev, at)
		case k < 9:
			viewer := r.IntN(4) - 1 // a spectator or a seat
			if r.IntN(50) == 0 {
				names = []string{"ada", "bob", "dee"} // a seat handed over
			}
			got := l.Lines(viewer, names)
			want := naiveLines(&l, viewer, names)
			require.Equal(t, want, got.All(), "seed %d step %d viewer %d", seed, step, viewer)
			kept = append(kept, handed{got, got.All()})
		default:
			l.Add(engine.Event{Kind: "k", Text: "a public line " + strconv.Itoa(step)}, at)
		}
	}
	require.NotEmpty(t, kept)
	for i, h := range kept {
		require.Equal(t, h.copy, h.got.All(), "seed %d: list %d changed after it was handed out", seed, i)
	}
}

// TestLogListsAreSharedWhileNoLineIsPrivate: without a private line every
// viewer reads the same list, not a copy each; with one, each its own.
func TestLogListsAreSharedWhileNoLineIsPrivate(t *testing.T) {
	var l Log
	names := []string{"ada", "bob"}
	for i := range LogKeep {
		l.Add(engine.Event{Kind: "k", Text: "Seat 1 paid Seat 2 " + strconv.Itoa(i)}, time.Time{})
	}
	a, b := l.Lines(0, names), l.Lines(engine.Spectator, names)
	require.Equal(t, LogKeep, a.Len())
	require.Same(t, a.first, b.first, "one list for everyone")
	require.Equal(t, "ada paid bob 0", a.At(0).Text)
	l.Add(engine.Event{Kind: "bid", Text: "you bid 40", To: []int{0}, Redacted: "Seat 1 bid"}, time.Time{})
	a, b = l.Lines(0, names), l.Lines(engine.Spectator, names)
	require.NotSame(t, a.first, b.first, "a private line: a list each")
	require.Equal(t, "you bid 40", a.At(a.Len()-1).Text)
	require.Equal(t, "ada bid", b.At(b.Len()-1).Text)
	require.Equal(t, 2, len(l.views), "the list for everyone is dropped")
	for i := range LogKeep { // the private line leaves the log
		l.Add(engine.Event{Kind: "k", Text: "move " + strconv.Itoa(i)}, time.Time{})
	}
	a, b = l.Lines(0, names), l.Lines(engine.Spectator, names)
	require.Same(t, a.first, b.first, "one list for everyone again")
	require.Equal(t, 1, len(l.views), "the viewers' own lists are dropped")
	require.Equal(t, "move 0", a.At(0).Text)
}

// TestLogRingKeepsTheLastInOrder: past LogKeep the log overwrites its
// oldest entry in place; a fresh reader still reads the last LogKeep events
// oldest first, whichever way the ring has turned.
func TestLogRingKeepsTheLastInOrder(t *testing.T) {
	at := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	for _, n := range []int{1, 15, 16, 17, LogKeep - 1, LogKeep, LogKeep + 1, 2*LogKeep - 1, 2 * LogKeep, 3*LogKeep + 7} {
		var l Log
		for i := 1; i <= n; i++ {
			l.Add(engine.Event{Kind: "k", Text: "event " + strconv.Itoa(i)}, at.Add(time.Duration(i)*time.Second))
		}
		lines := l.Lines(engine.Spectator, nil).All()
		want := min(n, LogKeep)
		require.Len(t, lines, want, "after %d events", n)
		for j, line := range lines {
			seq := n - want + 1 + j
			require.Equal(t, seq, line.Seq, "after %d events, line %d", n, j)
			require.Equal(t, "event "+strconv.Itoa(seq), line.Text)
			require.Equal(t, at.Add(time.Duration(seq)*time.Second), line.At)
		}
		require.LessOrEqual(t, cap(l.entries), LogKeep, "the log never holds room past LogKeep")
	}
}

// TestLogAddToAFullLogAllocatesNothing: an event added to a full log takes
// the oldest entry's place; it copied the other LogKeep-1 into a new array
// before, about 35 KB an event for the rest of a long game.
func TestLogAddToAFullLogAllocatesNothing(t *testing.T) {
	var l Log
	ev := engine.Event{Kind: "k", Text: "a move"}
	for range LogKeep {
		l.Add(ev, time.Time{})
	}
	require.Zero(t, testing.AllocsPerRun(100, func() { l.Add(ev, time.Time{}) }))
}

// BenchmarkLogAddFull is one event added to a full log, read by one seat
// and the spectators as a table's frame does.
func BenchmarkLogAddFull(b *testing.B) {
	var l Log
	names := []string{"ada", "bob", "Bot 3", "Bot 4"}
	for i := range LogKeep {
		l.Add(engine.Event{Kind: "k", Text: "Seat 1 paid Seat 2 " + strconv.Itoa(i)}, time.Time{})
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		l.Add(engine.Event{Kind: "k", Text: "Seat 1 paid Seat 2"}, time.Time{})
		l.Lines(0, names)
		l.Lines(engine.Spectator, names)
	}
}

// TestLogEntriesAndLinesHoldNoPointer: a log entry and a viewer's line
// are numbers only (their texts are in the log's chunks), so that the
// collector scans neither a full log's 200 entries nor the viewers' lists
// of lines at every cycle for every table (issue 32).
func TestLogEntriesAndLinesHoldNoPointer(t *testing.T) {
	var check func(path string, ty reflect.Type)
	check = func(path string, ty reflect.Type) {
		switch ty.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint32:
		case reflect.Struct:
			for i := range ty.NumField() {
				check(path+"."+ty.Field(i).Name, ty.Field(i).Type)
			}
		default:
			t.Errorf("%s is a %s", path, ty)
		}
	}
	check("entry", reflect.TypeOf(entry{}))
	check("lineRef", reflect.TypeOf(lineRef{}))
}

// TestLogLinesReadWhatWasAdded: every part of an event comes back as it was
// added, whichever way it is kept: the time (in any location or with a
// monotonic reading, read as the same instant in UTC), the kind past the
// kept ones, the seats of a private line (any int), an empty text or
// redacted text, a redacted text on a public line (never read).
func TestLogLinesReadWhatWasAdded(t *testing.T) {
	zone := time.FixedZone("X", 3600)
	now := time.Now() // local, with a monotonic reading
	ats := []time.Time{{}, time.Date(2026, 11, 29, 1, 2, 3, 4, time.UTC), now, now.In(zone), now.UTC(),
		time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)}
	var l Log
	var evs []engine.Event
	for i := range maxKinds + 10 {
		kind := "kind " + strconv.Itoa(i%(maxKinds+5))
		ev := engine.Event{Kind: kind, Text: "Seat 1 did " + strconv.Itoa(i), Redacted: "never read"}
		switch i % 5 {
		case 1:
			ev.To, ev.Redacted = []int{0, math.MaxInt, -3}, "Seat 2 did something"
		case 2:
			ev.To, ev.Redacted = []int{}, ""
		case 3:
			ev.Text = ""
		}
		evs = append(evs, ev)
		l.Add(ev, ats[i%len(ats)])
	}
	names := []string{"ada", "bob"}
	for _, viewer := range []int{0, 1, math.MaxInt, -3, engine.Spectator} {
		var want []LogLine
		for i, ev := range evs[len(evs)-LogKeep:] {
			seq := len(evs) - LogKeep + i + 1
			if line, ok := EventLine(seq, ev, ats[(seq-1)%len(ats)], viewer, names); ok {
				want = append(want, line)
			}
		}
		got := l.Lines(viewer, names).All()
		require.Equal(t, len(want), len(got), "viewer %d", viewer)
		for i := range want {
			require.Equal(t, want[i].Seq, got[i].Seq)
			require.Equal(t, want[i].Kind, got[i].Kind)
			require.Equal(t, want[i].Text, got[i].Text)
			require.True(t, want[i].At.Equal(got[i].At), "viewer %d line %d: %v, want %v", viewer, i, got[i].At, want[i].At)
			require.True(t, got[i].At == got[i].At.UTC(), "viewer %d line %d: %v reads in UTC, with no monotonic reading", viewer, i, got[i].At)
		}
		for i := range want {
			want[i].At = want[i].At.UTC()
		}
		require.Equal(t, want, LinesOf(want).All(), "LinesOf reads what it was given")
	}
}

// TestLogLinesJSONIsAListOfLines: a view of the log writes and reads as
// the list of its lines, as GameState's log always has (null when empty).
func TestLogLinesJSONIsAListOfLines(t *testing.T) {
	var l Log
	at := time.Date(2026, 12, 3, 1, 2, 3, 4, time.UTC)
	l.Add(engine.Event{Kind: "move", Text: "Seat 1 moved"}, at)
	l.Add(engine.Event{Kind: "deal", Text: "Seat 2 drew a card", To: []int{1}, Redacted: "Seat 2 drew"}, at)
	v := l.Lines(0, []string{"ada", "bob"})
	got, err := json.Marshal(v)
	require.NoError(t, err)
	want, err := json.Marshal(v.All())
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got))
	require.Contains(t, string(got), `"text":"bob drew"`)
	var back LogLines
	require.NoError(t, json.Unmarshal(got, &back))
	require.Equal(t, v.All(), back.All())
	empty, err := json.Marshal(LogLines{})
	require.NoError(t, err)
	require.Equal(t, "null", string(empty))
}
