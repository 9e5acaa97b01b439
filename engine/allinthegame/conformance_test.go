package allinthegame

import (
	"bytes"
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/rng"
)

// TestConformance runs the shared suite for every seat count with the
// default modules, and for four players with both modules off. It checks
// the expensive properties at a sample of steps (Short), as Unipoly does,
// so that the repository's tests stay fast under -race.
func TestConformance(t *testing.T) {
	for _, c := range []struct {
		name string
		opts map[string]string
		n    []int
	}{
		{"defaults", nil, []int{2, 3, 4}},
		{"basic", map[string]string{OptDeadlines: "off", OptInnovation: "off"}, []int{4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Run(t, Definition{}, enginetest.Config{
				Seats: c.n, Options: []map[string]string{c.opts}, Seeds: []uint64{1, 2},
				Perturb: perturb, Short: true,
			})
		})
	}
}

// perturb changes, in a snapshot, only what viewer may not see: the random
// source, the order of the International and event decks, and the
// contents of other seats' hands (a card swapped with one of the same rank
// and another colour from its deck, so hand sizes and deck sizes stay),
// except for the deck the viewer is searching right now.
func perturb(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
	var s state
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, err
	}
	s.RNG = rng.New(r.Uint64(), r.Uint64())
	r.Shuffle(len(s.Intl), func(i, j int) { s.Intl[i], s.Intl[j] = s.Intl[j], s.Intl[i] })
	r.Shuffle(len(s.Events), func(i, j int) { s.Events[i], s.Events[j] = s.Events[j], s.Events[i] })
	searching := -1
	if viewer == s.Turn && s.Phase == PhaseTrainPick {
		searching = senior
	}
	if viewer == s.Turn && s.Phase == PhaseRecruitPick {
		searching = principal
	}
	for p := range s.Hands {
		if p == viewer {
			continue
		}
		for k := 0; k < 3; k++ {
			rk := r.IntN(2)
			if rk == searching {
				continue
			}
			deck := &s.Seniors
			if rk == principal {
				deck = &s.Principals
			}
			from, to := r.IntN(NumColours), r.IntN(NumColours)
			if from == to || s.Hands[p][from][rk] == 0 || deck[to] == 0 {
				continue
			}
			s.Hands[p][from][rk]--
			deck[from]++
			deck[to]--
			s.Hands[p][to][rk]++
		}
	}
	return json.Marshal(&s)
}

func TestPerturbChangesOnlyHiddenThings(t *testing.T) {
	g, cp, err := enginetest.CheckPerturb(Definition{}, engine.Setup{Seats: 3, Seed: 7}, 0, rng.FromSeed(1), perturb)
	if err != nil {
		t.Fatal(err)
	}
	if err := cp.(engine.Checker).CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(g.View(0))
	b, _ := json.Marshal(cp.View(0))
	if !bytes.Equal(a, b) {
		t.Fatalf("view of seat 1 changed:\n%s\n%s", a, b)
	}
}
