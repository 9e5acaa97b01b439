package tui

import (
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestBoardCacheIsBounded: the cache keeps at most boardCacheEntries
// drawings and boardCacheBytes bytes, dropping the oldest first.
func TestBoardCacheIsBounded(t *testing.T) {
	c := newBoardCache()
	st := &lobby.GameState{}
	draws := 0
	draw := func(s string) func() []string { return func() []string { draws++; return []string{s} } }
	for i := range boardCacheEntries + 10 {
		c.get(boardKey{st: st, w: i, h: 1}, draw("x"))
	}
	require.Len(t, c.m, boardCacheEntries)
	require.Equal(t, boardCacheEntries, c.n)
	require.Len(t, c.order, boardCacheEntries)
	c.get(boardKey{st: st, w: boardCacheEntries + 9, h: 1}, draw("x"))
	require.Equal(t, boardCacheEntries+10, draws, "the newest is kept")
	c.get(boardKey{st: st, w: 0, h: 1}, draw("x"))
	require.Equal(t, boardCacheEntries+11, draws, "the oldest was dropped")

	big := strings.Repeat("y", boardCacheBytes/8-1) // with its line break, the most kept
	for i := range 20 {
		c.get(boardKey{st: st, w: i, h: 2}, draw(big))
	}
	require.LessOrEqual(t, c.bytes, boardCacheBytes)
	n := 0
	for _, s := range c.m {
		n += linesLen(s)
	}
	require.Equal(t, n, c.bytes)
	hits, misses := c.stats()
	require.Equal(t, int64(1), hits)
	require.Equal(t, int64(draws), misses)
}

// TestViewKeyIsAStringThatTellsFieldsApart (issue 26): a renderer's key is
// a string, so the cache's map compares it without panicking whatever
// fields the renderer keeps (a slice among them, which an interface key
// would panic on); KeyOf quotes strings, so fields that differ give keys
// that differ.
func TestViewKeyIsAStringThatTellsFieldsApart(t *testing.T) {
	type fields struct {
		bid, kind string
		held      []int
	}
	c := newBoardCache()
	st := &lobby.GameState{}
	a, b := KeyOf(fields{bid: "1 2", kind: ""}), KeyOf(fields{bid: "1", kind: "2"})
	require.NotEqual(t, a, b)
	require.NotEqual(t, KeyOf(fields{held: []int{1}}), KeyOf(fields{held: []int{1, 2}}))
	require.NotPanics(t, func() {
		c.get(boardKey{st: st, ui: KeyOf(fields{held: []int{1}})}, func() []string { return []string{"x"} })
		c.get(boardKey{st: st, ui: KeyOf(fields{held: []int{1}})}, func() []string { return []string{"x"} })
	})
	hits, _ := c.stats()
	require.Equal(t, int64(1), hits, "equal fields, one drawing")
}

// TestSharedCacheFullMakesNoSlice: a full cache's keys come and go in its
// ring (sharedcache.go): a drawing kept in place of the oldest makes no
// new slice of keys (cut at its front and appended to, the slice was made
// anew every few hundred drawings: 133 bytes a drawing in the strips'
// cache).
func TestSharedCacheFullMakesNoSlice(t *testing.T) {
	c := newStripShare()
	e := stripEntry{lines: []string{"x"}}
	i := 0
	put := func() {
		c.getIf(stripKey{log: logShareKey{w: 40, h: 7, sum: uint64(i)}, w: 80}, nil, func() stripEntry { return e })
		i++
	}
	for range 3 * stripShareEntries {
		put()
	}
	// The count is the process's: a goroutine an earlier test left (a
	// timer's) may allocate in the window (CI saw one object once, 2026-12-03).
	// A cache that made slices would allocate in every window; the fewest
	// of five is the cache's.
	fewest := uint64(math.MaxUint64)
	for range 5 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range 2 * stripShareEntries {
			put()
		}
		runtime.ReadMemStats(&after)
		fewest = min(fewest, after.Mallocs-before.Mallocs)
	}
	require.Zero(t, fewest) // testing.AllocsPerRun rounds down: a slice every 256 would read 0
	require.Equal(t, stripShareEntries, c.n)
	require.Len(t, c.m, stripShareEntries)
}
