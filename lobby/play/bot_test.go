package play

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

// peekGame is a game that lends views and lists its legal actions,
// counting the lists; the rest of engine.Game is never called by Choose.
type peekGame struct {
	engine.Game
	legal []engine.Action
	lists *int
}

func (peekGame) PeekView(int) engine.View { return nil }

func (g peekGame) Legal(int) []engine.Action {
	*g.lists++
	return g.legal
}

// lazyBot reads one action of the legal list through the game (as a
// property game's bot reads the parts it considers).
type lazyBot struct{ firstBot }

func (lazyBot) ChooseFrom(_ engine.View, _ engine.LegalSource, _ int) engine.Action { return pass{} }

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
	lists := 0
	g := peekGame{legal: []engine.Action{pass{}}, lists: &lists}
	a, panicked := Choose(panicBot{}, g, 0)
	require.Nil(t, a)
	require.Equal(t, "lost the plot", panicked)
	a, panicked = Choose(firstBot{}, g, 0)
	require.Equal(t, pass{}, a)
	require.Nil(t, panicked)
	require.Equal(t, 2, lists, "a bot handed the whole list")
}

// TestChooseLetsALazyBotAskForParts: a bot that reads parts of the legal
// list (engine.LazyChooser) is not handed the whole of it: the lobby's
// bot moves made a property game's whole list (every build, mortgage and
// trade template) for each move.
func TestChooseLetsALazyBotAskForParts(t *testing.T) {
	lists := 0
	a, panicked := Choose(lazyBot{}, peekGame{legal: []engine.Action{pass{}}, lists: &lists}, 0)
	require.Equal(t, pass{}, a)
	require.Nil(t, panicked)
	require.Zero(t, lists, "no whole list made")
}

func TestLevelNameSaysStandardForTheDefault(t *testing.T) {
	require.Equal(t, engine.LevelStandard, LevelName(""))
	require.Equal(t, engine.LevelStrong, LevelName(engine.LevelStrong))
}
