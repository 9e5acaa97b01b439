package opoly_test

import (
	"testing"

	"github.com/stretchr/testify/require"

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
//
// Under the race detector it plays half the seeds, rounded up: the engine
// runs no goroutine (DESIGN.md), so the detector finds nothing in these
// games and only multiplies their cost (these step-by-step comparisons
// were most of CI's longest package); `go test ./...` plays them all.
func botSteps(t *testing.T, seeds uint64, lazy bool, look func(s opolytest.BotStep), end func(def engine.Definition, seed uint64)) {
	t.Helper()
	if raceOn {
		seeds = (seeds + 1) / 2
	}
	opolytest.PlayBotGames(t, propertyGames, opolytest.BotGames{Seeds: seeds, Lazy: lazy, Look: look, End: end})
}

// keptAsFresh plays botSteps' games and, at every step where both reports
// ok, requires what the game or its bots keep from step to step to equal
// the same worked out afresh; it returns the steps compared. The kept
// against fresh tests of this package share it.
func keptAsFresh[T any](t *testing.T, seeds uint64, both func(s opolytest.BotStep) (kept, fresh T, ok bool)) int {
	t.Helper()
	steps := 0
	botSteps(t, seeds, true, func(s opolytest.BotStep) {
		kept, fresh, ok := both(s)
		if !ok {
			return
		}
		require.Equal(t, fresh, kept, s.At())
		steps++
	}, nil)
	return steps
}
