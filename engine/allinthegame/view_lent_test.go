package allinthegame

import (
	"encoding/json"
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// TestLentViewRewritesChangedSlots: a lent slot that shows the same card
// gets only its marker and consultants written (fillProjects); over
// bot games of two to four seats, with the deadlines module on and off,
// every viewer's lent view of the quiet game holds what View holds after
// every action, and some slots were left as they were.
func TestLentViewRewritesChangedSlots(t *testing.T) {
	kept := 0
	for seed := uint64(1); seed <= 24; seed++ {
		var opts map[string]string
		if seed%2 == 0 {
			opts = map[string]string{OptDeadlines: "off", OptInnovation: "off"}
		}
		setup := engine.Setup{Seats: 2 + int(seed%3), Seed: seed, Options: opts}
		g, err := Definition{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		engine.SetQuiet(g, true)
		bots := enginetest.Bots(Definition{}, setup)
		for step := 0; step < 100000; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			w := p.Waiting[0].Seat
			if _, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w))); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, step, err)
			}
			for seat := range setup.Seats {
				before := append([]ProjectView(nil), g.(*Game).lent[seat+1].v.Projects...)
				lent := engine.PeekView(g, seat).(*View)
				for i := range before {
					if i < len(lent.Projects) && len(before[i].Desks) > 0 && len(lent.Projects[i].Desks) > 0 &&
						&before[i].Desks[0] == &lent.Projects[i].Desks[0] && before[i].Desks[0] == lent.Projects[i].Desks[0] {
						kept++
					}
				}
				a, _ := json.Marshal(lent)
				b, _ := json.Marshal(g.View(seat))
				if string(a) != string(b) {
					t.Fatalf("seed %d, step %d, viewer %d: the lent view differs from View:\n%s\n%s", seed, step, seat, a, b)
				}
			}
		}
	}
	if kept == 0 {
		t.Fatal("no lent view kept a slot")
	}
}

// TestDeskMasksAreLegalDesks: Legal reads each slot's legal desks from
// legalDeskMasks, worked out once per slot for every consultant; at every
// step of bot games they are the desks legalDesks lists, for every slot,
// colour and rank.
func TestDeskMasksAreLegalDesks(t *testing.T) {
	compared := 0
	for seed := uint64(1); seed <= 12; seed++ {
		setup := engine.Setup{Seats: 2 + int(seed%3), Seed: seed}
		gm, err := Definition{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		g := gm.(*Game)
		bots := enginetest.Bots(Definition{}, setup)
		for step := 0; step < 100000; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			for i := range g.s.Slots {
				m := g.s.legalDeskMasks(i)
				for c := range NumColours {
					for _, isP := range []bool{false, true} {
						want := g.s.legalDesks(nil, i, c, isP)
						var got []int
						for d := range 8 {
							if m.of[c][rank(isP)]&(1<<d) != 0 {
								got = append(got, d)
							}
						}
						if !m.ok || len(got) != len(want) || fmt.Sprint(got) != fmt.Sprint(want) {
							t.Fatalf("seed %d, step %d, slot %d, colour %d, principal %v: masks %v (ok %v), legalDesks %v", seed, step, i, c, isP, got, m.ok, want)
						}
						compared += len(want)
					}
				}
			}
			w := p.Waiting[0].Seat
			if _, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w))); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, step, err)
			}
		}
	}
	if compared == 0 {
		t.Fatal("no legal desk was compared")
	}
}
