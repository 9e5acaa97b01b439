package opoly_test

import (
	"testing"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestUnownedOverAsCounted: whether the bank holds more than n properties
// (unownedOver, which jail asks only from round 15 on and which stops
// counting past n) is the count of the bank's properties compared with n,
// for n from 0 to 8, at every step of bot games of the three property
// games. It fails with the count stopped one short.
func TestUnownedOverAsCounted(t *testing.T) {
	botSteps(t, 3, true, func(s opolytest.BotStep) {
		v := s.View
		unowned := 0
		for c := range v.Cells {
			if v.Board.Cells[c].Kind.Property() && v.Cells[c].Owner == opoly.Bank {
				unowned++
			}
		}
		for n := range 9 {
			require.Equal(t, unowned > n, opoly.UnownedOver(v, n), "%s: %d unowned, over %d", s.At(), unowned, n)
		}
	}, nil)
}

// TestUnownedOverOwnAsWalk: the bot's unownedOver on its seat's own view,
// read from the published owners' masks and the board's properties kept
// per board, is the walk's (unownedOver) for n from 0 to 8 at every step
// of bot games of the three property games, asked of one bot from game to
// game, on the view and on a copy whose board has half the properties:
// it fails when the board's properties outlive the board.
func TestUnownedOverOwnAsWalk(t *testing.T) {
	differ := 0
	botSteps(t, 3, true, func(s opolytest.BotStep) {
		for n := range 9 {
			own, ownWalk, fewer, fewerWalk, ok := opoly.UnownedOverOwn(s.G, s.Seat, n)
			if !ok {
				return
			}
			require.Equal(t, ownWalk, own, "%s: over %d", s.At(), n)
			require.Equal(t, fewerWalk, fewer, "%s: over %d, half the properties", s.At(), n)
			if ownWalk != fewerWalk {
				differ++
			}
		}
	}, nil)
	require.Positive(t, differ, "half the properties left fewer unowned")
}
