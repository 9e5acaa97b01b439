package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/rng"

	"github.com/stretchr/testify/require"
)

// TestConformance runs the shared suite on three set-ups, kept small: the
// suite replays every playout many times and the repository's tests must
// stay fast under -race. Perturb changes the random source, the order of
// both decks, the sealed bids of other bidders (within their bounds) and
// the contents of a pending trade that viewer is not a party to.
func TestConformance(t *testing.T) {
	opolytest.Conform(t, projectopoly.Definition{}, []uint64{1}, opolytest.HiddenTradeTerms,
		opolytest.Case{Name: "2p_lastStanding", Seats: 2},
		opolytest.Case{Name: "7p_rounds10_noAuction", Seats: 7, Options: map[string]string{"endMode": "rounds:10", "auctionOnDecline": "off"}},
		opolytest.Case{Name: "4p_rounds20", Seats: 4, Options: map[string]string{"endMode": "rounds:20"}})
}

func TestPerturbKeepsSnapshotsRestorable(t *testing.T) {
	_, _, err := enginetest.CheckPerturb(projectopoly.Definition{}, engine.Setup{Seats: 3, Seed: 5}, 0, rng.FromSeed(1),
		opolytest.Perturb(opolytest.HiddenTradeTerms))
	require.NoError(t, err)
}
