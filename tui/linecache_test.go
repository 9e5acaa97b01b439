package tui

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHintLinesDrawnOncePerTheme: sessions of one theme with the same
// width and keys take the same drawn hints line; another width or key set
// is drawn anew; a full cache starts again.
func TestHintLinesDrawnOncePerTheme(t *testing.T) {
	c := newLineCache()
	th := &Theme{}
	draws := 0
	draw := func() string { draws++; return "r roll · e end turn" }
	k := hintsKey{w: 80, th: th, keys: "r\x00roll\x01"}
	require.Equal(t, "r roll · e end turn", c.get(k, draw))
	require.Equal(t, "r roll · e end turn", c.get(k, draw))
	require.Equal(t, 1, draws)
	c.get(hintsKey{w: 120, th: th, keys: k.keys}, draw)
	c.get(hintsKey{w: 80, th: th, keys: "e\x00end turn\x01"}, draw)
	require.Equal(t, 3, draws)
	for i := range maxHintLines {
		c.get(hintsKey{w: i, th: th}, draw)
	}
	require.LessOrEqual(t, len(c.m), maxHintLines)
}
