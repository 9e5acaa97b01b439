package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// TestG004_12_StalemateEndsAtTheRoundCap: a last-standing game in which
// nobody goes bankrupt (two players with built-up groups, each earning
// more from the salary than they pay in rent) ends after round
// opoly.StallRoundCap by the limit rule: the highest capital wins.
func TestG004_12_StalemateEndsAtTheRoundCap(t *testing.T) {
	x := newTG(t, 3, 1000, nil) // default end mode: last standing
	order := x.e.Order()
	x.e.Turn(order[0]).Round(opoly.StallRoundCap - 1)
	x.e.Own(order[0], cNorthDorm, cSouthDorm, cIntlHouse).Level(5, cNorthDorm, cSouthDorm, cIntlHouse).
		Own(order[1], cRector, cGreatHall).Level(5, cRector, cGreatHall).Own(order[2], cBikeShed)
	x.done()
	var ev []engine.Event
	for _, seat := range order {
		x.e.Pos(seat, cParking-3)
		x.done()
		x.roll(seat, 1, 2)
		ev = x.do(seat, opoly.EndTurn{})
	}
	require.Contains(t, text(ev, engine.Spectator), "Round 500 begins. It is the last: a game without a round limit ends after it")
	require.Equal(t, opoly.PhaseRoll, x.phase(), "the game goes on up to the cap")
	require.Equal(t, opoly.StallRoundCap, x.g.Round())
	require.False(t, x.g.(engine.RoundCapped).StoppedAtCap())
	x.endRound()
	out := x.g.Outcome()
	require.True(t, out.Finished)
	require.Contains(t, out.Reason, "after 500 rounds")
	require.Contains(t, out.Reason, "highest capital wins")
	require.True(t, x.g.(engine.RoundCapped).StoppedAtCap())
	// capital: 1000 + mortgage values + half the building prices.
	require.Equal(t, 1, out.Results[order[1]].Placement, "Rector and Great Hall with hotels")
	require.Equal(t, 2, out.Results[order[0]].Placement)
	require.Equal(t, 3, out.Results[order[2]].Placement)
	for _, r := range out.Results {
		require.Equal(t, engine.StatusFinished, r.Status)
	}
}

func TestG004_12_RoundLimitIsNotTheStalemateCap(t *testing.T) {
	x := newTG(t, 2, 1000, map[string]string{"endMode": "rounds:100"})
	x.e.Turn(x.e.Order()[0]).Round(opoly.StallRoundCap)
	x.done()
	x.endRound()
	require.Contains(t, x.g.Outcome().Reason, "round limit of 100")
	require.False(t, x.g.(engine.RoundCapped).StoppedAtCap())
}

func TestG004_12_TimeLimitedGameAlsoEndsAtTheCap(t *testing.T) {
	x := newTG(t, 2, 1000, map[string]string{"endMode": "minutes:90"})
	x.e.Turn(x.e.Order()[0]).Round(opoly.StallRoundCap)
	x.done()
	x.endRound()
	require.True(t, x.g.(engine.RoundCapped).StoppedAtCap())
}
