package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNameSeats(t *testing.T) {
	names := []string{"ada", "Bot 2", "bob"}
	cases := map[string]string{
		"Seat 1 paid $22 rent to Seat 3 for Old Canteen.": "ada paid $22 rent to bob for Old Canteen.",
		"Seat 2 bid.":         "Bot 2 bid.",
		"Seat 4 is not here.": "Seat 4 is not here.",
		"Seat 12 and Seat 0.": "Seat 12 and Seat 0.",
		"BigSeat 1 stays.":    "BigSeat 1 stays.",
		"Seat 1x stays.":      "Seat 1x stays.",
		"no seats mentioned":  "no seats mentioned",
		"Seat ":               "Seat ",
		"ends with Seat 3":    "ends with bob",
	}
	for in, want := range cases {
		require.Equal(t, want, NameSeats(in, names), in)
	}
}
