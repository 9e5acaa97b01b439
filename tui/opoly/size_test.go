package opoly

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
)

// TestRendererFitsItsSizeClass: a property game's renderer is one
// allocation of 1,408 bytes (the runtime's size class; the next is
// 1,536). It was 3,072 with its own styles, variant words, game state,
// render context and frame buffers (issue 32: every playing session has
// one); a field more may cost 128 bytes a session.
func TestRendererFitsItsSizeClass(t *testing.T) {
	require.LessOrEqual(t, unsafe.Sizeof(Renderer{}), uintptr(1408))
}

// TestRendererKeepsNoScratchBetweenFrames: the buffers a frame is drawn
// in go back to the free sets when it is drawn (scratch.go), at every
// layout; the next frame is the same.
func TestRendererKeepsNoScratchBetweenFrames(t *testing.T) {
	f := newFixture(t, 4, 7, 0, false)
	f.PlayBots(60, unipoly.Definition{}.NewBot)
	f.Refresh()
	for _, size := range [][2]int{{80, 21}, {160, 47}, {50, 12}} {
		first := f.r.ViewLines(size[0], size[1])
		require.Nil(t, f.r.s, "%v", size)
		require.Equal(t, first, f.r.ViewLines(size[0], size[1]))
	}
}
