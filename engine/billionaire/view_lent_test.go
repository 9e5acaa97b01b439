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

// TestLentViewRewritesEveryTouchedSeat: a lent view rewrites only the seats
// whose version moved (Game.touch), so everything that changes a seat must
// move it: a forced sale pays the other seats' upkeep, a resignation sells
// Labs and ends a seat, a round's end pays every seat. Over bot games with
// a resignation each, every viewer's lent view holds what View holds after
// every action, and the games went through forced sales and resignations.
func TestLentViewRewritesEveryTouchedSeat(t *testing.T) {
	forced, resigned := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		setup := engine.Setup{Seats: 2 + int(seed%3), Seed: seed, Options: map[string]string{OptRounds: "10"}}
		g, err := Definition{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		engine.SetQuiet(g, true)
		bots := enginetest.Bots(Definition{}, setup)
		quitter, quitAt := int(seed)%setup.Seats, 40+int(seed*37%300)
		for step := 0; step < 100000; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			w := p.Waiting[0].Seat
			a := bots[w].Choose(engine.PeekView(g, w), g.Legal(w))
			if step == quitAt && !g.(*Game).s.Players[quitter].Out {
				w, a = quitter, Resign{}
				resigned++
			}
			if _, ok := a.(ForcedSell); ok {
				forced++
			}
			if _, err := g.Apply(w, a); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, step, err)
			}
			for seat := range setup.Seats {
				lent, _ := json.Marshal(engine.PeekView(g, seat))
				want, _ := json.Marshal(g.View(seat))
				if string(lent) != string(want) {
					t.Fatalf("seed %d, step %d (seat %d played %T), viewer %d: the lent view differs from View:\n%s\n%s", seed, step, w, a, seat, lent, want)
				}
			}
		}
	}
	if forced == 0 || resigned == 0 {
		t.Fatalf("the games had %d forced sales and %d resignations: the test needs both", forced, resigned)
	}
	t.Logf("%d forced sales, %d resignations", forced, resigned)
}
