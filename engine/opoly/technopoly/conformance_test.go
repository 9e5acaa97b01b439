package technopoly_test

import (
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/rng"

	"github.com/stretchr/testify/require"
)

// TestConformance runs the shared suite on three set-ups, kept small: the
// suite replays every playout many times and the repository's tests must
// stay fast under -race. Perturb changes the random source, the order of
// the Tech News deck, and the money of a pending takeover request that
// viewer is not a party to. (The sealed-bid part never fires: Technopoly
// has no auctions.)
func TestConformance(t *testing.T) {
	opolytest.Conform(t, technopoly.Definition{}, []uint64{1, 2}, otherTakeover,
		opolytest.Case{Name: "2p", Seats: 2},
		opolytest.Case{Name: "4p_rounds20_news", Seats: 4, Options: map[string]string{"roundLimit": "20", "techNewsDeck": "on"}},
		opolytest.Case{Name: "3p_rounds40_finish", Seats: 3, Options: map[string]string{"roundLimit": "40", technopoly.OptFinishRound: "on"}})
}

// otherTakeover makes a pending takeover request ask for another start-up
// of the owner that could be asked for, at its price.
func otherTakeover(s opolytest.Snapshot, o map[string]json.RawMessage, from, to int, cash []int64, r *rng.PCG) (bool, error) {
	var cells []opoly.CellState
	if err := json.Unmarshal(s["cells"], &cells); err != nil {
		return false, err
	}
	rs := technopoly.Rules()
	var can []int
	for c, st := range cells {
		if st.Owner != to || rs.TakeoverPrice(c) > cash[from] {
			continue
		}
		staffed := false
		for _, x := range rs.Board.Groups[rs.Board.Cells[c].Group].Cells {
			staffed = staffed || cells[x].Level > 0
		}
		if !staffed {
			can = append(can, c)
		}
	}
	if len(can) == 0 {
		return false, nil
	}
	c := can[r.IntN(len(can))]
	opolytest.Set(o, "to_cells", []int{c})
	opolytest.Set(o, "money", rs.TakeoverPrice(c))
	return true, nil
}

func TestPerturbKeepsSnapshotsRestorable(t *testing.T) {
	_, _, err := enginetest.CheckPerturb(technopoly.Definition{}, engine.Setup{Seats: 3, Seed: 5}, 0, rng.FromSeed(1),
		opolytest.Perturb(otherTakeover))
	require.NoError(t, err)
}
