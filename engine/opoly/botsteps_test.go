package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// propertyGames are the three property games, as the step-by-step tests
// play them.
var propertyGames = []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}}

// botSteps plays quiet four-player bot games of the three property games,
// seeds 1..seeds (bot i of a game seeded seed*7+i), and calls look at every
// step before the awaited seat's bot moves (opolytest.PlayBotGames).
func botSteps(t *testing.T, seeds uint64, lazy bool, look func(s opolytest.BotStep), end func(def engine.Definition, seed uint64)) {
	t.Helper()
	opolytest.PlayBotGames(t, propertyGames, opolytest.BotGames{Seeds: seeds, Lazy: lazy, Look: look, End: end})
}
