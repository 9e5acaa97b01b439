package play

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

// peekGame is a game that only lends views; the rest of engine.Game is
// never called by Choose.
type peekGame struct{ engine.Game }

func (peekGame) PeekView(int) engine.View { return nil }

type panicBot struct{}

func (panicBot) Choose(engine.View, []engine.Action) engine.Action { panic("lost the plot") }

type firstBot struct{}

func (firstBot) Choose(_ engine.View, legal []engine.Action) engine.Action { return legal[0] }

type pass struct{}

func (pass) Kind() string { return "pass" }

// TestChooseAPanickingBotChoosesNothing: a bot that panics chooses no
// action (the table then applies the default) and says why; a bot that
// does not panic chooses from the legal actions.
func TestChooseAPanickingBotChoosesNothing(t *testing.T) {
	legal := []engine.Action{pass{}}
	a, panicked := Choose(panicBot{}, peekGame{}, 0, legal)
	require.Nil(t, a)
	require.Equal(t, "lost the plot", panicked)
	a, panicked = Choose(firstBot{}, peekGame{}, 0, legal)
	require.Equal(t, pass{}, a)
	require.Nil(t, panicked)
}

func TestLevelNameSaysStandardForTheDefault(t *testing.T) {
	require.Equal(t, engine.LevelStandard, LevelName(""))
	require.Equal(t, engine.LevelStrong, LevelName(engine.LevelStrong))
}
