package billionaire

import (
	"testing"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
)

// BenchmarkRender draws one frame of a mid-game state for a seated player
// at the play areas of 160x50 and 80x24 terminals.
func BenchmarkRender(b *testing.B) {
	f := newFixture(b, 4, 5, 0, false)
	bots := make([]engine.Bot, 4)
	for i := range bots {
		bots[i] = bill.Definition{}.NewBot(i, uint64(i+1))
	}
	for step := 0; step < 150 && !f.G.Outcome().Finished; step++ {
		w := f.G.Prompt().Waiting[0].Seat
		if _, err := f.G.Apply(w, bots[w].Choose(f.G.View(w), f.G.Legal(w))); err != nil {
			b.Fatal(err)
		}
	}
	f.Refresh()
	for _, s := range []struct {
		name string
		w, h int
	}{{"160x50", largeW2, largeH2}, {"80x24", smallW, smallH}} {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = f.r.View(s.w, s.h)
			}
		})
	}
}
