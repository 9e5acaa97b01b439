package loadgen

import (
	"hash/maphash"
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

// TestMaskedSumIsTheMaskedTextsHash: the hash a reader compares screens by
// is the hash of maskCountdown's text, for the same random texts as above:
// two screens that differ only in their countdowns have the same sum, and
// the sum of a text is the sum of its masked text.
func TestMaskedSumIsTheMaskedTextsHash(t *testing.T) {
	seed := uint64(20261129)
	rng := rand.New(rand.NewPCG(seed, 3))
	pieces := []string{"0:42 left", "12:05 left", "1:2 left", " left", ":", "7", "Table · ", "your move!", "\n", "x0:00 left"}
	for i := range 5000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		require.Equal(t, maphash.String(maskSeed, maskCountdown(s)), maskedSum([]byte(s)), "case %d of seed %d: %q", i, seed, s)
	}
	require.Equal(t, maskedSum([]byte("Table · 0:42 left · your move!")), maskedSum([]byte("Table · 0:41 left · your move!")))
	require.NotEqual(t, maskedSum([]byte("Table · 0:42 left · your move!")), maskedSum([]byte("Table · 0:42 left · waiting")))
}
