package unipoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/rng"

	"github.com/stretchr/testify/require"
)

// TestConformance runs the shared suite on two set-ups: two players to
// the last one standing, and six players to a round limit. It is kept
// small: the suite replays every playout many times and the repository's
// tests must stay fast under -race. Perturb changes the random source, the
// order of both decks, the sealed bids of other bidders (within their
// bounds) and the contents of a pending trade that viewer is not a party to.
func TestConformance(t *testing.T) {
	opolytest.Conform(t, unipoly.Definition{}, []uint64{1}, opolytest.HiddenTradeTerms,
		opolytest.Case{Name: "2p_lastStanding", Seats: 2},
		opolytest.Case{Name: "6p_rounds10", Seats: 6, Options: map[string]string{"endMode": "rounds:10"}})
}

func TestPerturbKeepsSnapshotsRestorable(t *testing.T) {
	_, _, err := enginetest.CheckPerturb(unipoly.Definition{}, engine.Setup{Seats: 3, Seed: 5}, 0, rng.FromSeed(1),
		opolytest.Perturb(opolytest.HiddenTradeTerms))
	require.NoError(t, err)
}
