package billionaire

import (
	"encoding/json"
	"testing"

	"boardroom/engine/enginetest"
	"boardroom/engine/rng"
)

// TestConformance runs the shared suite for 2, 3 and 4 players with a short
// round limit, and the full 25 rounds for 2 players.
func TestConformance(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats []int
		opts  map[string]string
	}{{"2-4p_rounds5", []int{2, 3, 4}, map[string]string{OptRounds: "5"}}, {"2p_rounds25", []int{2}, nil}} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Run(t, Definition{}, enginetest.Config{
				Seats: c.seats, Options: []map[string]string{c.opts}, Seeds: []uint64{1}, Perturb: perturb, Short: true,
			})
		})
	}
}

// perturb changes, in a snapshot, only what viewer may not see (4.d): the
// random source, the order of both stacks and their discards (face down),
// the Work Items drawn by another seat (swapped with cards of the same
// stack), and other seats' unplayed selected cards (any other legal
// selection before everyone has chosen; the same number of cards after).
func perturb(snapshot []byte, viewer int, r *rng.PCG) ([]byte, error) {
	var s state
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, err
	}
	s.RNG = rng.New(r.Uint64(), r.Uint64())
	for st := 0; st < 2; st++ {
		for _, pile := range [][]int{s.Stacks[st], s.Discards[st]} {
			r.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
		}
	}
	if viewer < 0 || viewer != s.current() {
		for k, id := range s.Drawn {
			st := item(id).Stack
			if n := len(s.Stacks[st]); n > 0 {
				j := r.IntN(n)
				s.Drawn[k], s.Stacks[st][j] = s.Stacks[st][j], s.Drawn[k]
			}
		}
	}
	for i := range s.Players {
		p := &s.Players[i]
		if i == viewer || p.Out || !p.Chosen {
			continue
		}
		n := handSize(p)
		if s.Phase == PhaseSelect {
			n = r.IntN(p.Limit + 1)
		}
		p.Hand = [numCardTypes]int{}
		for k := 0; k < n; k++ {
			for tries := 0; tries < 20; tries++ {
				t := r.IntN(numCardTypes)
				if p.Hand[t]+p.Played[t] < CardCopies(t) {
					p.Hand[t]++
					break
				}
			}
		}
	}
	return json.Marshal(&s)
}
