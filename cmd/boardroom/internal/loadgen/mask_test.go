package loadgen

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMaskCountdownAsTheRegexp: maskCountdown removes what the pattern
// `\d+:\d\d left` matches, on random screens of digits, colons and words.
func TestMaskCountdownAsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`\d+:\d\d left`)
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 3))
	parts := []string{"0", "1", "59", ":", " left", "left", " ", "x", "\n", "1:00 left", "12:34 left", "·"}
	for i := range 20000 {
		var b strings.Builder
		for range rng.IntN(20) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s := b.String()
		require.Equal(t, re.ReplaceAllLiteralString(s, ""), maskCountdown(s), "case %d of seed %d: %q", i, seed, s)
	}
	require.Equal(t, "Table ·  · your move!", maskCountdown("Table · 0:42 left · your move!"))
}

func BenchmarkMaskCountdown(b *testing.B) {
	screen := strings.Repeat(strings.Repeat("x", 79)+"\n", 10) + "0:42 left · your move! · roll the dice\n" + strings.Repeat(strings.Repeat("y", 79)+"\n", 13)
	b.Run("scan", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_ = maskCountdown(screen)
		}
	})
	b.Run("regexp", func(b *testing.B) {
		re := regexp.MustCompile(`\d+:\d\d left`)
		b.ReportAllocs()
		for range b.N {
			_ = re.ReplaceAllLiteralString(screen, "")
		}
	})
}
