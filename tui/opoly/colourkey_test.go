package opoly

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestColourKeyNormalises: spaces, hyphens, underscores and case do not
// matter (as strings.NewReplacer and ToLower did), and the names of every
// group colour map to themselves.
func TestColourKeyNormalises(t *testing.T) {
	old := func(name string) string {
		return strings.ToLower(strings.NewReplacer(" ", "", "-", "", "_", "").Replace(name))
	}
	for _, n := range []string{"Light blue", "light-blue", "LIGHT_BLUE", "lightblue", "Dark Blue", "dark_blue", "Orange", "", " - _ ", "Green"} {
		require.Equal(t, old(n), colourKey(n), n)
	}
	for k := range groupColours {
		require.Equal(t, k, colourKey(k))
	}
	require.Equal(t, "lightblue", colourKey("Light blue"))
}
