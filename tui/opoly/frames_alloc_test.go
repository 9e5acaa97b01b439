package opoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// TestFrameAfterMoveAllocations guards what a frame of the compact board
// allocates after a change of the game, as BenchmarkRenderAfterUpdate and
// BenchmarkRenderQuestionAfterUpdate draw it at 80x24 (a new state, then
// a frame; two states taken in turn): before
// docs/decisions/2026-11-property-board-frame-allocations.md 160
// allocations for the board and 69 for a question, after it 35 and 26
// (30 for the question under -race, which keeps fewer temporaries on the
// stack). A change that brings back a string per cell, per row or per
// amount fails here.
func TestFrameAfterMoveAllocations(t *testing.T) {
	f := newFixture(t, 4, 5, 0, false)
	f.PlayBots(300, unipoly.Definition{}.NewBot)
	first := f.State(f.Viewer)
	f.PlayBots(1, unipoly.Definition{}.NewBot)
	board := []lobby.GameState{first, f.State(f.Viewer)}
	require.False(t, f.r.modal())

	q := newFixture(t, 4, 5, 0, false)
	question := modalStates(t, q)

	for _, c := range []struct {
		name   string
		f      *fixture
		states []lobby.GameState
		most   float64
	}{{"board", f, board, 39}, {"question", q, question, 33}} {
		i := 0
		allocs := testing.AllocsPerRun(200, func() {
			c.f.r.SetState(c.states[i%2])
			_ = c.f.r.ViewLines(smallW, smallH)
			i++
		})
		t.Logf("%s: %.1f allocations a frame", c.name, allocs)
		require.LessOrEqual(t, allocs, c.most, "allocations of a frame after a move at 80x24: %s", c.name)
	}
}

// modalStates plays f's game with bots until two states ask f's viewer a
// question (modal at 80x24), and returns them.
func modalStates(t testing.TB, f *fixture) []lobby.GameState {
	t.Helper()
	bots := make([]engine.Bot, f.G.Setup().Seats)
	for i := range bots {
		bots[i] = unipoly.Definition{}.NewBot(i, uint64(i+1))
	}
	var states []lobby.GameState
	for step := 0; step < 3000 && len(states) < 2; step++ {
		w := f.G.Prompt().Waiting[0].Seat
		_, err := f.G.Apply(w, bots[w].Choose(f.G.View(w), f.G.Legal(w)))
		require.NoError(t, err)
		if f.Refresh(); f.r.modal() {
			states = append(states, f.State(f.Viewer))
		}
	}
	require.Len(t, states, 2, "two states asking the viewer")
	return states
}
