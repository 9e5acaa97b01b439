package tables

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestGameStateStaysInItsSizeClass: every change at a table builds a
// GameState for each viewer class watching it, one allocation each (some
// 9% of what the server allocates at 4,000 players with bots; issue 32).
// At 480 bytes it is in the allocator's 480-byte class; past it the next
// is 512 bytes, for every state of every change.
func TestGameStateStaysInItsSizeClass(t *testing.T) {
	require.LessOrEqual(t, unsafe.Sizeof(GameState{}), uintptr(480))
}
