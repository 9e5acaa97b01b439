package opoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// TestFrameAfterMoveAllocations guards what a frame of the compact board
// allocates after a change of the game (BenchmarkRenderAfterUpdate's
// 80x24 case: a new state, then a frame; two states taken in turn): 160
// allocations before docs/decisions/2026-11-property-board-frame-allocations.md,
// 38 after. A change that brings back a string per cell, per row or per
// amount fails here.
func TestFrameAfterMoveAllocations(t *testing.T) {
	f := newFixture(t, 4, 5, 0, false)
	f.PlayBots(300, unipoly.Definition{}.NewBot)
	first := f.State(f.Viewer)
	f.PlayBots(1, unipoly.Definition{}.NewBot)
	states := []lobby.GameState{first, f.State(f.Viewer)}
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		f.r.SetState(states[i%2])
		_ = f.r.ViewLines(smallW, smallH)
		i++
	})
	t.Logf("%.1f allocations a frame", allocs)
	require.LessOrEqual(t, allocs, 42.0, "allocations of a frame after a move at 80x24")
}
