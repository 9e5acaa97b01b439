package lobby_test

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// What a playing table keeps for the collector. At 4,000 players with two
// humans and two bots a table, a collection's mark takes about a second on
// two cores and is what makes the slow seconds (issue 32,
// docs/capacity.md); its work follows the objects and pointers the server
// keeps. The tables' part (the game and its bots, the table's log, the
// states each viewer class was last sent) is about a quarter of the
// objects and half the bytes there (2,000 tables of about 200 objects and
// 89 KiB, of 1.56 million objects and 363 MB, the twenty-eighth session;
// 143 objects and 83 KiB since the log's texts are carved from chunks and
// the lent views made one by one). As a game goes on, its log fills: a
// table 80 moves a human in kept 417 objects, 224 of them its log's
// texts, and keeps 162 now.
// The sessions' own (ssh, the screen) are measured over ssh with
// `boardroom load`; the tables' are measured here, without ssh.

// tableHeap is what n playing Unipoly tables of two humans (each
// watching it, holding the last state sent) and two bots keep, per table,
// after each human made moves actions: live heap objects and bytes, the
// bytes of them the collector scans for pointers, and a whole
// collection's wall time.
type tableHeap struct {
	objects, bytes, scan float64
	gc                   time.Duration
}

// scannable is the heap the collector scans for pointers, as of the last
// collection (runtime/metrics).
func scannable() uint64 {
	s := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func measureTableHeap(t testing.TB, n, moves int) tableHeap {
	e := newEnvWith(t, lobby.Config{}, unipoly.Definition{})
	players := make([]*lobby.Account, 2*n)
	for i := range players {
		players[i] = e.player(fmt.Sprintf("heap%d", i))
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	scanBefore := scannable()

	ids := make([]int64, n)
	ws := make([]watcher, 0, 2*n)
	for i := range ids {
		host, guest := players[2*i], players[2*i+1]
		tb, err := e.svc.CreateTable(e.ctx, host, lobby.PublicLobbyID, unipoly.ID, 4, nil)
		require.NoError(t, err)
		_, err = e.svc.Sit(e.ctx, guest, tb.ID, -1)
		require.NoError(t, err)
		require.NoError(t, e.svc.SetReady(e.ctx, guest, tb.ID, true))
		for range 2 {
			require.NoError(t, e.svc.AddBot(e.ctx, host, tb.ID))
		}
		require.NoError(t, e.svc.Start(e.ctx, host, tb.ID))
		ids[i] = tb.ID
		ws = append(ws, e.watchTable(tb.ID, host, guest)...)
	}
	// Each session holds the last state it was sent, as its screen does.
	held := make([]*lobby.GameState, len(ws))
	take := func() {
		for i, w := range ws {
			for _, u := range drain(w.sub) {
				if u.State != nil {
					held[i] = u.State
				}
			}
		}
	}
	for range moves {
		for i, id := range ids {
			for _, p := range players[2*i : 2*i+2] {
				st := e.state(p, id)
				for _, w := range st.Prompt.Waiting {
					if w.Seat == st.Seat && w.Default != nil {
						_ = e.svc.Act(e.ctx, p, id, st.Version, w.Default) // refused when a bot moved first: fine
						break
					}
				}
			}
		}
		take()
	}
	take()
	runtime.GC()
	runtime.GC()
	start := time.Now()
	runtime.GC()
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	scanAfter := scannable()
	runtime.KeepAlive(held)
	runtime.KeepAlive(ws)
	return tableHeap{
		objects: float64(int64(after.HeapObjects)-int64(before.HeapObjects)) / float64(n),
		bytes:   float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n),
		scan:    float64(int64(scanAfter)-int64(scanBefore)) / float64(n),
		gc:      took,
	}
}

// TestPlayingTableHeapStaysSmall keeps what a playing table keeps under
// a bound about a fifth above what it kept when the bound was set, so
// that a change that makes every table keep much more fails here before a
// capacity run shows it: 143 objects and 83 KiB a table after twelve
// moves a human (60 tables), 162 objects and 144 KiB after eighty (30
// tables), its log by then near full (twenty-ninth session: the log's
// texts carved from chunks and the game's lent views made one by one;
// before, 203 objects and 89 KiB, 417 objects and 152 KiB). Of those
// bytes, the collector scans 46 KiB for pointers after twelve moves and
// 49 KiB after eighty (thirtieth session: the log's entries and its
// viewers' lines without pointers; before, 57 and 85 KiB). The figures
// log each run.
func TestPlayingTableHeapStaysSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 90 tables")
	}
	for _, c := range []struct {
		tables, moves         int
		objects, kib, scanKiB float64
	}{
		{60, 12, 170, 108, 56},
		{30, 80, 190, 180, 60},
	} {
		h := measureTableHeap(t, c.tables, c.moves)
		t.Logf("after %d moves a human, a playing table keeps %.0f objects and %.1f KiB, %.1f KiB of it scanned for pointers; a whole collection took %v",
			c.moves, h.objects, h.bytes/1024, h.scan/1024, h.gc)
		require.Less(t, h.objects, c.objects, "objects kept a table after %d moves", c.moves)
		require.Less(t, h.bytes, c.kib*1024, "bytes kept a table after %d moves", c.moves)
		require.Less(t, h.scan, c.scanKiB*1024, "bytes scanned for pointers a table after %d moves", c.moves)
	}
}

// BenchmarkPlayingTableHeap reports what a playing table keeps
// (objects/table, B/table, scan-B/table: the bytes of it the collector
// scans for pointers) and a collection's wall time a table (gc-ns/table),
// for 200 tables twelve moves a human in and 100 tables eighty moves in.
func BenchmarkPlayingTableHeap(b *testing.B) {
	for _, c := range []struct{ tables, moves int }{{200, 12}, {100, 80}} {
		b.Run(fmt.Sprintf("moves=%d", c.moves), func(b *testing.B) {
			for range b.N {
				h := measureTableHeap(b, c.tables, c.moves)
				b.ReportMetric(h.objects, "objects/table")
				b.ReportMetric(h.bytes, "B/table")
				b.ReportMetric(h.scan, "scan-B/table")
				b.ReportMetric(float64(h.gc.Nanoseconds())/float64(c.tables), "gc-ns/table")
			}
		})
	}
}
