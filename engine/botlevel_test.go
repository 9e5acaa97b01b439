package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
)

// leveled is the test game with a second level of bot.
type leveled struct{ testgame.Definition }

type loudBot struct{ engine.Bot }

func (leveled) BotLevels() []engine.BotLevel {
	return []engine.BotLevel{engine.StandardLevel, {Name: engine.LevelStrong, Description: "louder"}}
}

func (d leveled) NewBotLevel(level string, seat int, seed uint64) engine.Bot {
	switch level {
	case engine.LevelStandard:
		return d.NewBot(seat, seed)
	case engine.LevelStrong:
		return loudBot{d.NewBot(seat, seed)}
	}
	return nil
}

func TestBotLevels(t *testing.T) {
	plain := testgame.Definition{}
	require.Equal(t, []engine.BotLevel{engine.StandardLevel}, engine.BotLevels(plain), "a game without levels offers the standard bot")
	require.True(t, engine.HasLevel(plain, ""))
	require.True(t, engine.HasLevel(plain, engine.LevelStandard))
	require.False(t, engine.HasLevel(plain, engine.LevelStrong))
	b, err := engine.NewLeveledBot(plain, "", 0, 1)
	require.NoError(t, err)
	require.IsType(t, plain.NewBot(0, 1), b)
	_, err = engine.NewLeveledBot(plain, engine.LevelStrong, 0, 1)
	require.ErrorIs(t, err, engine.ErrUnknownLevel)

	two := leveled{}
	require.Len(t, engine.BotLevels(two), 2)
	require.True(t, engine.HasLevel(two, engine.LevelStrong))
	require.False(t, engine.HasLevel(two, "genius"))
	b, err = engine.NewLeveledBot(two, engine.LevelStrong, 1, 2)
	require.NoError(t, err)
	require.IsType(t, loudBot{}, b)
	b, err = engine.NewLeveledBot(two, engine.LevelStandard, 1, 2)
	require.NoError(t, err)
	require.IsType(t, two.NewBot(1, 2), b)
	_, err = engine.NewLeveledBot(two, "genius", 0, 1)
	require.ErrorIs(t, err, engine.ErrUnknownLevel)
}
