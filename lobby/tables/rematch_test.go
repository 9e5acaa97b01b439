package tables

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby/play"
)

// TestRematchSeatsBotsAcceptOpenSeatsHaveNoSay: a bot (on two seats) has
// accepted at once and counts once; an open seat is nobody's; a player is
// pending until they accept, and again after withdrawing.
func TestRematchSeatsBotsAcceptOpenSeatsHaveNoSay(t *testing.T) {
	seats := []play.Seat{{Account: 5}, {Account: 9, Bot: true}, {}, {Account: 9, Bot: true}, {Account: 6}}
	r := NewRematch()
	acc, pend := r.Seats(seats)
	require.Equal(t, []int64{9}, acc)
	require.Equal(t, []int64{5, 6}, pend)
	r.Answer(6, true)
	acc, pend = r.Seats(seats)
	require.Equal(t, []int64{9, 6}, acc)
	require.Equal(t, []int64{5}, pend)
	r.Answer(6, false)
	require.False(t, r.Accepted(6))
	require.False(t, r.Settled())
	r.Begin()
	require.True(t, r.Settled(), "answers change nothing while the new table is made")
	r.Made(0)
	require.False(t, r.Settled(), "a failed rematch takes answers again")
	r.Made(42)
	require.Equal(t, int64(42), Restore([]int64{5}, 42).NewID())
	require.True(t, Restore([]int64{5}, 0).Accepted(5))
}
