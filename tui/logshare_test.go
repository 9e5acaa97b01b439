package tui

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLogShareDrawsOncePerLines: sessions showing the same lines at the
// same size take one drawing; other lines under the same key (a hash
// collision, forced here) are drawn again, never shown another log's
// panel; the theme keeps at most logShareEntries panels.
func TestLogShareDrawsOncePerLines(t *testing.T) {
	c := newLogShare()
	draws := 0
	draw := func(s string) func() string { return func() string { draws++; return s } }
	a := []string{"alice rolls 3 + 4", "alice buys Boardwalk"}
	k := sharedLogKey(a, 40, 8)
	require.Equal(t, "A", sharedLog(c, k, a, draw("A")))
	own := append([]string(nil), a...) // another session's slice, same lines
	require.Equal(t, "A", sharedLog(c, sharedLogKey(own, 40, 8), own, draw("X")))
	require.Equal(t, 1, draws)
	a[1] = "changed in the session's reused slice"
	require.Equal(t, "A", sharedLog(c, k, own, draw("X")), "the kept lines are the cache's own copy")

	b := []string{"bob pays rent"}
	require.Equal(t, "B", sharedLog(c, k, b, draw("B")), "same key, other lines: drawn again")
	require.NotEqual(t, sharedLogKey(a, 40, 8), sharedLogKey(a, 41, 8))
	require.NotEqual(t, sharedLogKey([]string{"ab", "c"}, 40, 8), sharedLogKey([]string{"a", "bc"}, 40, 8))

	for i := range logShareEntries + 10 {
		l := []string{fmt.Sprint(i)}
		sharedLog(c, sharedLogKey(l, 40, 8), l, draw("x"))
	}
	require.Len(t, c.m, logShareEntries)
	require.Equal(t, logShareEntries, c.n)
	require.Len(t, c.order, logShareEntries)
}
