package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// blockAsBefore is Block as it was before it returned shaped blocks
// uncopied: split, cut, pad, one line at a time.
func blockAsBefore(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	var b strings.Builder
	for i := 0; i < h; i++ {
		line, lw := "", 0
		if i < len(lines) {
			line, lw = lines[i], ansi.StringWidth(lines[i])
			if lw > w {
				line = ansi.Truncate(line, w, "")
				lw = ansi.StringWidth(line)
			}
		}
		b.WriteString(line)
		b.WriteString(strings.Repeat(" ", max(w-lw, 0)))
		if i < h-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestBlockAsBefore: Block gives what it gave before for random text with
// colours, wide runes, box drawing, empty and trailing lines.
func TestBlockAsBefore(t *testing.T) {
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 2))
	parts := []string{"a", "bc", " ", "\n", "\n", "é", "…", "│", "界", "\x1b[1m", "\x1b[0m", "\x1b[38;5;196m"}
	for i := range 5000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s, w, h := b.String(), rng.IntN(12), rng.IntN(6)
		if w == 0 || h == 0 {
			require.Empty(t, Block(s, w, h))
			continue
		}
		require.Equal(t, blockAsBefore(s, w, h), Block(s, w, h), "case %d of seed %d: %q %dx%d", i, seed, s, w, h)
		shaped := Block(s, w, h)
		require.Equal(t, shaped, Block(shaped, w, h), "a block is its own block")
	}
}
