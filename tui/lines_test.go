package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomText is text of random lines with colours, wide runes, box
// drawing, empty and trailing lines.
func randomText(rng *rand.Rand, n int) string {
	parts := []string{"a", "bc", " ", "\n", "\n", "é", "…", "│", "界", "\x1b[1m", "\x1b[0m", "\x1b[38;5;196m"}
	var b strings.Builder
	for range rng.IntN(n) {
		b.WriteString(parts[rng.IntN(len(parts))])
	}
	return b.String()
}

// TestLinesAsStrings: the frame's lines are the lines of the strings the
// frame was joined from before: AppendBlock those of Block, HJoinLines
// those of HJoin, for random text.
func TestLinesAsStrings(t *testing.T) {
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 3))
	for i := range 5000 {
		s, w, h := randomText(rng, 30), rng.IntN(12), rng.IntN(6)
		want := []string{"keep"}
		if w > 0 && h > 0 {
			want = append(want, strings.Split(Block(s, w, h), "\n")...)
		}
		require.Equal(t, want, AppendBlock([]string{"keep"}, s, w, h), "case %d of seed %d: %q %dx%d", i, seed, s, w, h)

		blocks := make([]string, 1+rng.IntN(5))
		lines := make([][]string, len(blocks))
		for j := range blocks {
			blocks[j] = randomText(rng, 20)
			lines[j] = strings.Split(blocks[j], "\n")
		}
		joined := HJoin(blocks...)
		require.Equal(t, append([]string{"keep"}, strings.Split(joined, "\n")...), HJoinLines([]string{"keep"}, lines...),
			"case %d of seed %d: %q", i, seed, blocks)
	}
}
