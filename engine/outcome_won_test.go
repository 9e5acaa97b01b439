package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

func TestOutcomeWon(t *testing.T) {
	o := engine.Outcome{Finished: true, Results: []engine.SeatResult{{Seat: 0, Placement: 2}, {Seat: 1, Placement: 1}, {Seat: 2, Placement: 1}}}
	require.False(t, o.Won(0))
	require.True(t, o.Won(1))
	require.True(t, o.Won(2), "a tie for first is a win")
	require.False(t, o.Won(3), "no such seat")
}
