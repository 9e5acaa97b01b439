package opoly

import (
	"testing"

	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// BenchmarkRender draws one frame of a mid-game board for a seated player
// at the play areas of 160x50 and 80x24 terminals.
func BenchmarkRender(b *testing.B) {
	f := newFixture(b, 4, 5, 0, false)
	f.PlayBots(300, unipoly.Definition{}.NewBot)
	f.BenchmarkView(b)
}

// BenchmarkRenderAfterUpdate is what a session pays per change of the
// game: a new state handed to the renderer, then one frame drawn (two
// states taken in turn, so no per-state cache holds the frame's work).
func BenchmarkRenderAfterUpdate(b *testing.B) {
	f := newFixture(b, 4, 5, 0, false)
	f.PlayBots(300, unipoly.Definition{}.NewBot)
	first := f.State(f.Viewer)
	f.PlayBots(1, unipoly.Definition{}.NewBot)
	states := []lobby.GameState{first, f.State(f.Viewer)}
	for _, s := range []struct {
		name string
		w, h int
	}{{"160x50", largeW, largeH}, {"80x24", smallW, smallH}} {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				f.r.SetState(states[i%2])
				_ = f.r.ViewLines(s.w, s.h) // what the play screen calls
			}
		})
	}
}

// BenchmarkRenderQuestionAfterUpdate is BenchmarkRenderAfterUpdate for a
// frame that asks the viewer something (the first two such states of the
// game: a trade proposal to answer; at 80x24 the question takes the whole
// width, modal).
func BenchmarkRenderQuestionAfterUpdate(b *testing.B) {
	f := newFixture(b, 4, 5, 0, false)
	states := modalStates(b, f)
	for _, s := range []struct {
		name string
		w, h int
	}{{"80x24", smallW, smallH}} {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				f.r.SetState(states[i%2])
				_ = f.r.ViewLines(s.w, s.h)
			}
		})
	}
}
