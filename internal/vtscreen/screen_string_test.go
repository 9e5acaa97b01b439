package vtscreen

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStringIsLinesJoined: String is Lines joined by newlines, on screens
// of random text with wide runes, blanks and movements.
func TestStringIsLinesJoined(t *testing.T) {
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 4))
	parts := []string{"a", "bc ", "  ", "\r\n", "界", "é", "\x1b[2;5H", "\x1b[K", "\x1b[3C", "│", "\t"}
	for i := range 500 {
		s := New(1+rng.IntN(30), 1+rng.IntN(8))
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		_, _ = s.Write([]byte(b.String()))
		require.Equal(t, strings.Join(s.Lines(), "\n"), s.String(), "case %d of seed %d: %q", i, seed, b.String())
	}
}
