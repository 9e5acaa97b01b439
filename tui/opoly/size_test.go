package opoly

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestRendererFitsItsSizeClass: a property game's renderer is one
// allocation of 1,792 bytes (the runtime's size class; the next is
// 2,048). It was 3,072 with its own styles, variant words, game state and
// render context (issue 32: every playing session has one); a field more
// may cost 256 bytes a session.
func TestRendererFitsItsSizeClass(t *testing.T) {
	require.LessOrEqual(t, unsafe.Sizeof(Renderer{}), uintptr(1792))
}
