package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// TestTakeoverSearchBudgetPlaysOutMoreWithinItsSteps: Technopoly's strong
// bot searched with 8 playouts a candidate and at most 15,000 steps a
// decision, its slowest decision taking 14.5 ms of one core; with 32 and
// 45,000 it won 34.7% of 300 four-player games instead of 29.0% (issue 27,
// docs/decisions/2026-11-property-bots-not-farmable.md). Over a game its
// searches play more than 8 positions a candidate, and no search runs a
// round of playouts past its DecisionSteps.
func TestTakeoverSearchBudgetPlaysOutMoreWithinItsSteps(t *testing.T) {
	const seed = 5
	def := technopoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
	require.NoError(t, err)
	bots := make([]engine.Bot, 4)
	for s := range bots {
		bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
	}
	bots[2] = def.NewBotLevel(engine.LevelStrong, 2, sim.BotSeed(seed, 2))
	budget := opoly.TakeoverSearchBudget
	check := enginetest.SearchBudget{TB: t, DecisionSteps: budget.DecisionSteps, Steps: budget.Steps, Positions: 8}
	opoly.SearchTrace(bots[2], func(_ *opoly.View, cands []engine.Action, _ []float64, _ int) {
		used, spent := opoly.SearchSpent(bots[2])
		check.Saw(len(cands), used, spent)
	})
	check.Play(g, bots, 3000, "seed 5")
}

// TestUnipolySearchTakesAlternativesOneStandardErrorAhead: since the
// standard bots give no value away (issue 27), Unipoly's strong bot takes
// an alternative to the standard choice when its playouts gain one
// standard error (36-37% of 300-game runs against three standard bots,
// 32.4% with two); Projectopoly's keeps two, with which it wins 40.3%;
// Technopoly's takes one since its seat hires into half its reserve
// (docs/decisions/2026-11-strong-technopoly-hires-and-searches-wider.md).
func TestUnipolySearchTakesAlternativesOneStandardErrorAhead(t *testing.T) {
	require.Equal(t, 1.0, opoly.DefaultSearchBudget.Margin)
	require.Equal(t, 2.0, opoly.SupplySearchBudget.Margin)
	require.Equal(t, 1.0, opoly.TakeoverSearchBudget.Margin)
}
