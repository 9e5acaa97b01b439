package sim_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/sim"
	"boardroom/engine/testgame"
)

// leveledGame is the test game whose "strong" bot always bids the most.
type leveledGame struct{ testgame.Definition }

func (leveledGame) BotLevels() []engine.BotLevel {
	return []engine.BotLevel{engine.StandardLevel, {Name: engine.LevelStrong, Description: "bids high"}}
}

func (d leveledGame) NewBotLevel(level string, seat int, seed uint64) engine.Bot {
	switch level {
	case engine.LevelStandard:
		return d.NewBot(seat, seed)
	case engine.LevelStrong:
		return maxBidder{}
	}
	return nil
}

// maxBidder bids the most it may.
type maxBidder struct{}

func (maxBidder) Choose(_ engine.View, legal []engine.Action) engine.Action {
	if t, ok := legal[0].(engine.Template); ok {
		return t.With(t.Param().Max)
	}
	return legal[0]
}

func TestLevelRotatesAndIsCounted(t *testing.T) {
	cfg := sim.Config{Levels: []string{engine.LevelStrong, ""}, Rotate: true}
	require.Equal(t, engine.LevelStrong, cfg.Level(0, 0))
	require.Equal(t, "", cfg.Level(0, 1))
	require.Equal(t, "", cfg.Level(1, 0))
	require.Equal(t, engine.LevelStrong, cfg.Level(1, 1))
	require.Equal(t, engine.LevelStrong, cfg.Level(2, 0))
	cfg.Rotate = false
	require.Equal(t, engine.LevelStrong, cfg.Level(1, 0))
	require.Equal(t, "", (sim.Config{}).Level(3, 1))

	run := sim.Config{Def: leveledGame{}, Games: 40, Players: 2, Seed: 3, Levels: []string{engine.LevelStrong, ""},
		Rotate: true, Options: map[string]string{"target": "21"}}
	s, err := sim.Run(run)
	require.NoError(t, err)
	require.Zero(t, s.Errors, s.FirstError)
	require.Equal(t, s.Finished, s.SeatsByLevel[engine.LevelStrong])
	require.Equal(t, s.Finished, s.SeatsByLevel["standard"])
	require.Equal(t, s.WinsBySeat[0]+s.WinsBySeat[1], s.WinsByLevel[engine.LevelStrong]+s.WinsByLevel["standard"])
	// the strong seat's wins are listed game by game (one strong seat a
	// game, so as many as it won), in order; standard's are not
	won := s.GamesWonByLevel[engine.LevelStrong]
	require.Len(t, won, s.WinsByLevel[engine.LevelStrong])
	require.Positive(t, len(won))
	require.True(t, slices.IsSorted(won) && won[0] >= 0 && won[len(won)-1] < run.Games, "%v", won)
	require.NotContains(t, s.GamesWonByLevel, "standard")
	again, err := sim.Run(run)
	require.NoError(t, err)
	require.Equal(t, won, again.GamesWonByLevel[engine.LevelStrong], "the same seed wins the same games")

	run.Levels = []string{"genius"}
	_, err = sim.Run(run)
	require.ErrorIs(t, err, engine.ErrUnknownLevel)
}
