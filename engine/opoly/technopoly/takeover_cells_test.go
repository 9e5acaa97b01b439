package technopoly

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// TestRequestCellsShared checks that the one-cell lists a takeover request
// shares (oneCell, its offer's ToCells) are never written: bot games with
// takeovers requested, approved and denied leave every list as it was.
func TestRequestCellsShared(t *testing.T) {
	def := Definition{}
	requests := 0
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, seed*17+uint64(i))
		}
		for step := 0; step < 3000 && !g.Outcome().Finished; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			w := p.Waiting[0].Seat
			a := bots[w].Choose(g.View(w), g.Legal(w))
			if _, ok := a.(opoly.RequestTakeover); ok {
				requests++
			}
			if _, err := g.Apply(w, a); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			for c := range oneCell {
				if len(oneCell[c]) != 1 || oneCell[c][0] != c {
					t.Fatalf("seed %d step %d: the shared list of cell %d is %v", seed, step, c, oneCell[c])
				}
			}
		}
	}
	if requests == 0 {
		t.Fatal("no takeover was requested")
	}
	t.Logf("%d takeover requests", requests)
}
