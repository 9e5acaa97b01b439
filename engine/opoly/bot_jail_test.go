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
