package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBoxedActionsHoldTheirValues: a shared box holds exactly the action
// it stands for, inside the tables and out of them.
func TestBoxedActionsHoldTheirValues(t *testing.T) {
	for _, a := range []Assign{{0, false, 0, 0}, {3, true, 6, 5}, {2, true, boxSlots, 1}, {1, false, 2, boxDesks}} {
		require.Equal(t, a, boxAssign(a))
	}
	for _, c := range []int{0, 3, NumColours, -1} {
		for _, pr := range []bool{false, true} {
			require.Equal(t, Train{Colour: c, Principal: pr}, boxCard(0, c, pr))
			require.Equal(t, Promote{Colour: c, Principal: pr}, boxCard(1, c, pr))
			require.Equal(t, Recruit{Colour: c, Principal: pr}, boxCard(2, c, pr))
		}
	}
	for _, m := range []Move{{0, 0, 1, 2}, {6, 5, 0, 3}, {boxSlots, 0, 1, 1}, {1, 1, 2, -1}} {
		require.Equal(t, m, boxMove(m))
	}
}
