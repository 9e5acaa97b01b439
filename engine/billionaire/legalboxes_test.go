package billionaire

import (
	"fmt"
	"slices"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// TestQuietLegalKeepsDoWorkBoxes: a quiet game boxes its Do Work
// candidates once and gives the same boxes while they stay candidates
// (boxWork): asked again at a position, Legal lists Do Work actions whose
// Labs are the very lists of the first answer, not new copies.
func TestQuietLegalKeepsDoWorkBoxes(t *testing.T) {
	setup := engine.Setup{Seats: 4, Seed: 3}
	steps := enginetest.RecordSteps(t, Definition{}, setup, 100000)
	checked := 0
	for k, st := range steps {
		first := st.Game.Legal(st.Seat)
		var labs []*int
		for _, a := range first {
			if dw, ok := a.(DoWork); ok {
				labs = append(labs, &dw.Labs[0])
			}
		}
		if len(labs) == 0 {
			continue
		}
		n := 0
		for _, a := range st.Game.Legal(st.Seat) {
			if dw, ok := a.(DoWork); ok {
				if n >= len(labs) || &dw.Labs[0] != labs[n] {
					t.Fatalf("seed %d, step %d: Do Work candidate %d was boxed anew", setup.Seed, k, n)
				}
				n++
			}
		}
		if checked++; checked == 20 {
			break
		}
	}
	if checked == 0 {
		t.Fatalf("seed %d: no position with a Do Work candidate", setup.Seed)
	}
}

// TestSelectionChoicesBoxedOnce: the selections a seat may choose are
// boxed once for all games (boxedChoices), not once per game: a new quiet
// game's first Legal in the selection allocates only its list.
func TestSelectionChoicesBoxedOnce(t *testing.T) {
	setup := engine.Setup{Seats: 4, Seed: 5}
	newGame := func() *Game {
		g, err := Definition{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		engine.SetQuiet(g, true)
		return g.(*Game)
	}
	g := newGame()
	if g.s.Phase != PhaseSelect {
		t.Skipf("seed %d: the game starts in phase %q", setup.Seed, g.s.Phase)
	}
	seat := g.Prompt().Waiting[0].Seat
	games := make([]*Game, 8)
	for i := range games {
		games[i] = newGame()
	}
	i := 0
	per := testing.AllocsPerRun(len(games)-1, func() {
		games[i].Legal(seat)
		i++
	})
	if per > 5 { // its list; boxing the selections per game made it 13 (seed 5)
		t.Fatalf("seed %d: a new game's first Legal in the selection allocates %.0f times, want at most 5", setup.Seed, per)
	}
}

// TestWorkCandidatesAreWhatVerdictAllows: workCandidates no longer asks
// workVerdict for each candidate it makes; at every step of bot games, the
// acting seat's candidates are exactly the Do Work actions over every
// container, subset of its Labs and host that check accepts (the order is
// workCandidates' loops', which did not change).
func TestWorkCandidatesAreWhatVerdictAllows(t *testing.T) {
	compared := 0
	for seed := uint64(1); seed <= 12; seed++ {
		setup := engine.Setup{Seats: 2 + int(seed%3), Seed: seed, Options: map[string]string{OptRounds: "10"}}
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
			w := p.Waiting[0].Seat
			var got, want []string
			g.workCandidates(w, func(dw DoWork) bool { got = append(got, fmt.Sprint(dw)); return true })
			pl := &g.s.Players[w]
			for c := range pl.Containers {
				for mask := 1; mask < 1<<len(pl.Labs); mask++ {
					var set []int
					for k, l := range pl.Labs {
						if mask&(1<<k) != 0 {
							set = append(set, l.Loc)
						}
					}
					slices.Sort(set)
					for _, h := range set {
						if g.check(w, DoWork{Container: c, Labs: set, Host: h}) == nil {
							want = append(want, fmt.Sprint(DoWork{Container: c, Labs: set, Host: h}))
						}
					}
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d, step %d, seat %d: candidates %v, check accepts %v", seed, step, w, got, want)
			}
			compared += len(want)
			if _, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w))); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, step, err)
			}
		}
	}
	if compared == 0 {
		t.Fatal("no Do Work candidate was compared")
	}
}
