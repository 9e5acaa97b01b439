package opoly

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
)

// TestRendererFitsItsSizeClass: a property game's renderer is one
// allocation of 1,792 bytes (the runtime's size class; the next is
// 2,048). It was 3,072 with its own styles, variant words, game state and
// render context (issue 32: every playing session has one); a field more
// may cost 256 bytes a session.
func TestRendererFitsItsSizeClass(t *testing.T) {
	require.LessOrEqual(t, unsafe.Sizeof(Renderer{}), uintptr(1792))
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
		r := f.r
		require.Nil(t, r.paneBuf, "%v", size)
		require.Nil(t, r.innerBuf)
		require.Nil(t, r.endsBuf)
		require.Nil(t, r.rowsBuf)
		require.Nil(t, r.text.b)
		require.Nil(t, r.cellBuf)
		require.Nil(t, r.wraps.buf)
		require.Nil(t, r.moneys.buf)
		require.Equal(t, first, f.r.ViewLines(size[0], size[1]))
	}
}
