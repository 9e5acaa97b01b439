package sim

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/testgame"

	"github.com/stretchr/testify/require"
)

func TestLengthsAreMeanAndNinetiethPercentile(t *testing.T) {
	var results []GameResult
	for i := 1; i <= 10; i++ { // rounds 1..10, turns 3 per round
		results = append(results, GameResult{Finished: true, Placements: []int{1, 2}, Rounds: i, Turns: 3 * i})
	}
	results = append(results, GameResult{Err: ErrStuck, Rounds: 999, Turns: 999}) // errors are not lengths
	s := Summarize(Config{Players: 2}, results)
	require.Equal(t, 5.5, s.MeanRounds)
	require.Equal(t, 9, s.P90Rounds)
	require.Equal(t, 16.5, s.MeanTurns)
	require.Equal(t, 27, s.P90Turns)
	require.Zero(t, s.CappedShare)
}

func TestCappedShareCountsGamesEndedByTheGamesOwnCap(t *testing.T) {
	results := []GameResult{
		{Finished: true, Placements: []int{1, 2}, Rounds: 10},
		{Finished: true, Capped: true, Placements: []int{2, 1}, Rounds: 500}, // the game's own cap: it has a winner
		{Capped: true, Rounds: 1000},                                         // stopped by the simulator
		{Finished: true, Placements: []int{1, 2}, Rounds: 20},
	}
	s := Summarize(Config{Players: 2}, results)
	require.Equal(t, 3, s.Finished)
	require.Equal(t, 2, s.Capped)
	require.Equal(t, 0.5, s.CappedShare)
	require.Equal(t, []int{2, 1}, s.WinsBySeat, "a game ended by its cap still has a winner")
}

// cappedGame reports that it ended at its own round cap.
type cappedGame struct{ engine.Game }

func (cappedGame) StoppedAtCap() bool { return true }

type cappedDef struct{ testgame.Definition }

func (d cappedDef) New(s engine.Setup) (engine.Game, error) {
	g, err := d.Definition.New(s)
	return cappedGame{g}, err
}

func TestPlayMarksGamesEndedAtTheirCapAndCountsTurns(t *testing.T) {
	r := Play(Config{Def: cappedDef{}, Players: 2, Seed: 3, Options: map[string]string{"target": "15"}}, 0)
	require.NoError(t, r.Err)
	require.True(t, r.Finished)
	require.True(t, r.Capped)
	// testgame: seats take turns, one action each, with sealed bids between.
	require.Positive(t, r.Turns)
	require.LessOrEqual(t, r.Turns, r.Actions)
	require.GreaterOrEqual(t, r.Turns, r.Rounds*2-1, "each of the two seats plays at least once a round")
}

func TestTurnCounterSkipsSimultaneousAndAnswers(t *testing.T) {
	var c engine.TurnCount
	w := func(seats ...int) []engine.Wait {
		var out []engine.Wait
		for _, s := range seats {
			out = append(out, engine.Wait{Seat: s})
		}
		return out
	}
	seeTurn(&c, &engine.Prompt{Waiting: w(0)})                                  // seat 0's turn
	seeTurn(&c, &engine.Prompt{Waiting: w(0)})                                  // still
	seeTurn(&c, &engine.Prompt{Waiting: w(0, 1, 2), Simultaneous: true})        // an auction
	seeTurn(&c, &engine.Prompt{Waiting: w(1), Decision: engine.DecisionAnswer}) // seat 1 answers a trade
	seeTurn(&c, &engine.Prompt{Waiting: w(0)})                                  // back to seat 0
	require.Equal(t, 1, c.N)
	seeTurn(&c, &engine.Prompt{Waiting: w(1)})
	seeTurn(&c, &engine.Prompt{Waiting: w(2)})
	require.Equal(t, 3, c.N)
}
