package billionaire

import (
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// TestLentViewKeepsOnlyUnchangedContainers: a lent view leaves a seat's
// containers as they are only while they show what the seat holds
// (sameContainers); at every step of a bot game, each seat's lent view of
// the quiet game holds what View holds, containers included.
func TestLentViewKeepsOnlyUnchangedContainers(t *testing.T) {
	setup := engine.Setup{Seats: 4, Seed: 21}
	g, err := Definition{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	engine.SetQuiet(g, true)
	bots := enginetest.Bots(Definition{}, setup)
	kept := 0
	for step := 0; step < 100000; step++ {
		p := g.Prompt()
		if len(p.Waiting) == 0 {
			break
		}
		for seat := range setup.Seats {
			before := len(g.(*Game).lent)
			lent := engine.PeekView(g, seat).(*View)
			if before > 0 && sameContainers(lent.Players[seat].Containers, g.(*Game).s.Players[seat].Containers) {
				kept++
			}
			a, _ := json.Marshal(lent)
			b, _ := json.Marshal(g.View(seat))
			if string(a) != string(b) {
				t.Fatalf("seed %d, step %d, seat %d: the lent view differs from View:\n%s\n%s", setup.Seed, step, seat, a, b)
			}
		}
		w := p.Waiting[0].Seat
		if _, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w))); err != nil {
			t.Fatalf("seed %d, step %d: %v", setup.Seed, step, err)
		}
	}
	if kept == 0 {
		t.Fatalf("seed %d: no lent view kept its containers", setup.Seed)
	}
}
