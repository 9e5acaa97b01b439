package opoly_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
)

// TestAdviceBlockedAsWalk: the blocked properties the core tells an
// advisor from the published owners' masks and its groups' masks, kept by
// the game until the owners change (Advice.Blocked), are a walk's over
// the cells, for every seat at every step of bot games of the three
// property games, asked of one bot from game to game, and a view of
// another board is told nothing: it fails when the sets are kept past a
// change of the owners.
func TestAdviceBlockedAsWalk(t *testing.T) {
	blocked := 0
	steps := keptAsFresh(t, 4, func(s opolytest.BotStep) ([]uint64, []uint64, bool) {
		told, walked, ok := opoly.BlockedBoth(s.G)
		for _, w := range walked {
			if w != 0 {
				blocked++
			}
		}
		return told, walked, ok
	})
	require.Positive(t, steps)
	require.Positive(t, blocked, "some seat held a blocked property")
}

// TestAdviceWholeStreetsAsWalk: the street groups a seat owns whole as
// the advice reads them from the published groups (Advice.WholeStreets)
// are a walk's over the groups, for every seat at every step of bot games
// of the three property games.
func TestAdviceWholeStreetsAsWalk(t *testing.T) {
	whole := 0
	steps := keptAsFresh(t, 4, func(s opolytest.BotStep) ([]uint64, []uint64, bool) {
		read, walked, ok := opoly.WholeBoth(s.G)
		for _, w := range walked {
			if w != 0 {
				whole++
			}
		}
		return read, walked, ok
	})
	require.Positive(t, steps)
	require.Positive(t, whole, "some seat owned a street group whole")
}
