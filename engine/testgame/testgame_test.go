package testgame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestPlayToEnd(t *testing.T) {
	g, err := Definition{}.New(engine.Setup{Seats: 3, Seed: 9})
	require.NoError(t, err)
	for _, seat := range []int{0, 1, 2} {
		_, err := g.Apply(seat, Bid{Amount: int64(seat)})
		require.NoError(t, err)
	}
	require.Equal(t, 2, g.View(0).(View).Turn)
	rounds := 0
	for !g.Outcome().Finished {
		p := g.Prompt()
		require.Len(t, p.Waiting, 1)
		_, err := g.Apply(p.Waiting[0].Seat, Add{N: 1})
		require.NoError(t, err)
		rounds = g.Round()
	}
	require.Equal(t, 5, rounds) // 15 adds of 1 by 3 seats: the 15th add is in round 5
	out := g.Outcome()
	require.Equal(t, 1, out.Results[1].Placement) // turns go 2,0,1,2,0,1,...: the 15th add is seat 1's
}

func TestSecretsHidden(t *testing.T) {
	g, _ := Definition{}.New(engine.Setup{Seats: 2, Seed: 1})
	_, _ = g.Apply(0, Bid{Amount: 2})
	v := g.View(1).(View)
	require.Nil(t, v.Bids)
	require.Nil(t, v.Secrets)
	require.Equal(t, []bool{true, false}, v.Committed)
}
