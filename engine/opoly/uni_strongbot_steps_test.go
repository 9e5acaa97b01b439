package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// TestUnipolySearchStaysWithinItsDecisionSteps (issue 27: within 200 ms of
// one core per decision): the strong bot's step cap is a bound
// (SearchBudget.Whole): no search of a game spends more than DecisionSteps
// and the one playout that passes them. The cap was checked between
// rounds of playouts only, so a decision of many candidates passed it by
// up to a round (the slowest decision took 197 ms of one core under a cap
// that takes about 150 ms; docs/decisions/2026-11-strong-unipoly-win-above-lead.md).
//
// The game plays the default budget with short playouts (Steps 400) and a
// lower cap, so that many searches reach it and a round of playouts is
// longer than one playout.
func TestUnipolySearchStaysWithinItsDecisionSteps(t *testing.T) {
	require.True(t, opoly.DefaultSearchBudget.Whole)
	budget := opoly.DefaultSearchBudget
	budget.Steps, budget.DecisionSteps = 400, 20000
	const seed = 3
	def := unipoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
	require.NoError(t, err)
	engine.SetQuiet(g, true)
	bots := make([]engine.Bot, 4)
	for s := range bots {
		bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
	}
	bots[1] = def.NewSearchBot(1, sim.BotSeed(seed, 1), budget)
	capped := 0
	opoly.SearchTrace(bots[1], func(_ *opoly.View, cands []engine.Action, _ []float64, _ int) {
		used, spent := opoly.SearchSpent(bots[1])
		if used < budget.Playouts {
			capped++
		}
		require.LessOrEqual(t, spent, budget.DecisionSteps+budget.Steps, "seed %d: %d candidates, %d positions", seed, len(cands), used)
	})
	for step := 0; step < 20000 && !g.Outcome().Finished && capped < 40; step++ { // 40 capped searches are enough
		seat := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(seat, bots[seat].Choose(engine.PeekView(g, seat), g.Legal(seat)))
		require.NoError(t, err, "seed %d step %d", seed, step)
	}
	require.Positive(t, capped, "seed %d: no search reached its DecisionSteps", seed)
}
