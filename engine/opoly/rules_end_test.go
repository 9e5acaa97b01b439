package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// endRound plays out the round: every seat from the active one to the end
// of the order rolls 1+2 from Free Parking and ends its turn.
func (x *tg) endRound() {
	x.t.Helper()
	order := x.e.Order()
	for x.phase() != opoly.PhaseOver {
		seat := x.active()
		x.e.Pos(seat, cParking-3)
		x.done()
		x.roll(seat, 1, 2)
		x.do(seat, opoly.EndTurn{})
		if seat == order[len(order)-1] {
			return
		}
	}
}

func TestG004_12_RoundLimitHighestCapitalWins(t *testing.T) {
	x := newTG(t, 3, 1000, map[string]string{"endMode": "rounds:10"})
	order := x.e.Order()
	x.e.Turn(order[0]).Round(9)
	x.e.Own(order[0], cBikeShed).Own(order[1], cRector).Own(order[2], cEngineering)
	x.done()
	x.endRound()
	require.Equal(t, opoly.PhaseRoll, x.phase(), "round 9 ended, round 10 begins")
	require.Equal(t, 10, x.g.Round())
	x.endRound()
	out := x.g.Outcome()
	require.True(t, out.Finished)
	require.Contains(t, out.Reason, "round limit of 10")
	// capital: cash 1000 + mortgage value: Rector 175 > Engineering 130 > Bike Shed 30
	require.Equal(t, 1, out.Results[order[1]].Placement)
	require.Equal(t, 2, out.Results[order[2]].Placement)
	require.Equal(t, 3, out.Results[order[0]].Placement)
	require.Equal(t, int64(1175), out.Results[order[1]].Score)
	require.Equal(t, engine.StatusFinished, out.Results[order[0]].Status)
	v := x.v(engine.Spectator)
	require.True(t, v.Over)
	require.Equal(t, 10, v.MaxRounds)
	require.NotNil(t, v.Outcome)
	require.Empty(t, x.g.Prompt().Waiting)
	for s := 0; s < 3; s++ {
		require.Empty(t, x.g.Legal(s))
	}
}

func TestG004_12_TiesGoToCashThenShare(t *testing.T) {
	x := newTG(t, 3, 1000, map[string]string{"endMode": "rounds:10"})
	order := x.e.Order()
	x.e.Turn(order[0]).Round(10)
	// order[0]: 1000 cash + Rector (175) = 1175; order[1]: 1175 cash;
	// order[2]: 1175 cash too. Equal capital: higher cash first, then shared.
	x.e.Own(order[0], cRector).Cash(order[1], 1175).Cash(order[2], 1175)
	x.done()
	x.endRound()
	out := x.g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, 1, out.Results[order[1]].Placement)
	require.Equal(t, 1, out.Results[order[2]].Placement)
	require.Equal(t, 3, out.Results[order[0]].Placement)
}

func TestG004_12_LastStandingPlacementsReverseBankruptcyOrder(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	first := x.active()
	x.do(first, opoly.Resign{})
	second := x.active()
	x.do(second, opoly.Resign{})
	out := x.g.Outcome()
	require.True(t, out.Finished)
	winner := 3 - first - second
	require.Equal(t, 1, out.Results[winner].Placement)
	require.Equal(t, 2, out.Results[second].Placement)
	require.Equal(t, 3, out.Results[first].Placement)
	require.Equal(t, int64(0), out.Results[first].Score, "players out score 0")
	require.Equal(t, int64(1500), out.Results[winner].Score)
	require.Equal(t, engine.StatusResigned, out.Results[first].Status)
	require.Contains(t, out.Reason, "last player standing")
}
