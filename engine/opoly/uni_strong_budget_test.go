package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// TestDefaultSearchBudgetTurnsTheSpeedIntoPlayouts (issue 32): Unipoly's
// strong bot played 32 positions a candidate within 60,000 steps; once the
// engine ran a quarter faster it played up to 96 within 75,000, kept as a
// bound (docs/decisions/2026-11-strong-technopoly-turns-speed-into-playouts.md,
// its Unipoly section), and once it ran about four times faster up to 288
// within 225,000 (docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md);
// Projectopoly's budget, built from it, 128 within 180,000 (32 within
// 45,000 before, a threshold never reached). Over a game of seed 5 some
// search plays more than 96 positions a candidate and none spends more
// than its DecisionSteps and the one playout that passed them.
func TestDefaultSearchBudgetTurnsTheSpeedIntoPlayouts(t *testing.T) {
	budget := opoly.DefaultSearchBudget
	require.True(t, budget.Whole, "DecisionSteps is a bound, not a threshold")
	require.LessOrEqual(t, budget.DecisionSteps, 225000, "a decision stays within 200 ms of one core under load")
	supply := opoly.SupplySearchBudget
	require.True(t, supply.Whole, "Projectopoly's DecisionSteps is a bound too")
	require.Greater(t, supply.Playouts, 32, "Projectopoly's playouts grow with the speed")
	require.LessOrEqual(t, supply.DecisionSteps, 180000, "a Projectopoly decision stays within 200 ms of one core under load")
	const seed = 5
	def := unipoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
	require.NoError(t, err)
	engine.SetQuiet(g, true)
	bots := make([]engine.Bot, 4)
	for s := range bots {
		bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
	}
	bots[1] = def.NewBotLevel(engine.LevelStrong, 1, sim.BotSeed(seed, 1))
	more, searched := 0, 0
	opoly.SearchTrace(bots[1], func(_ *opoly.View, cands []engine.Action, _ []float64, _ int) {
		searched++
		used, spent := opoly.SearchSpent(bots[1])
		if used > 96 {
			more++
		}
		require.LessOrEqual(t, spent, budget.DecisionSteps+budget.Steps, "seed %d: %d candidates, %d positions", seed, len(cands), used)
	})
	for step := 0; step < 20000 && !g.Outcome().Finished && more < 5; step++ { // 5 such searches are enough
		seat := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(seat, bots[seat].Choose(engine.PeekView(g, seat), g.Legal(seat)))
		require.NoError(t, err, "seed %d step %d", seed, step)
	}
	require.Positive(t, searched, "seed %d", seed)
	require.Positive(t, more, "seed %d: no search played more than 96 positions a candidate", seed)
}
