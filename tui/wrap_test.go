package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// TestWrapFastPathAsAnsiWrap: Wrap, AppendWrapped and WrappedCount give
// what ansi.Wrap gives for random lines of words, spaces (leading,
// trailing, doubled), hyphens, colours, wide runes, tabs and line breaks,
// at widths around the line's own: the shortcut for a line that fits
// changes nothing.
func TestWrapFastPathAsAnsiWrap(t *testing.T) {
	seed := uint64(20261129)
	rng := rand.New(rand.NewPCG(seed, 1))
	pieces := []string{"a", "word", "Büro", " ", "  ", "-", "—", "\x1b[1m", "\x1b[0m", "\x1b[38;5;12m", "世界", "e\u0301", "\t", "\n", "│", "·", "€", "\u00a0"}
	fits := 0
	for i := range 20000 {
		var b strings.Builder
		for range rng.IntN(14) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		w := max(ansi.StringWidth(s)+rng.IntN(5)-2, 1)
		want := ansi.Wrap(s, w, "")
		if fitsLine(s, w) {
			fits++
		}
		require.Equal(t, want, Wrap(s, w), "case %d (seed %d): %q at %d", i, seed, s, w)
		require.Equal(t, strings.Split(want, "\n"), AppendWrapped(nil, s, w), "case %d (seed %d): %q at %d", i, seed, s, w)
		require.Equal(t, strings.Count(want, "\n")+1, WrappedCount(s, w), "case %d (seed %d): %q at %d", i, seed, s, w)
	}
	require.Greater(t, fits, 2000, "the shortcut must be exercised")
}
