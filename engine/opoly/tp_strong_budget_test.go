package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// TestTakeoverSearchBudgetTriplesItsPlayouts: Technopoly's strong bot
// searched with 32 playouts a candidate over 12 rounds and at most 45,000
// steps a decision (its slowest decision 53 ms of one core); it now plays
// three times as many positions within 135,000 steps (its slowest decision
// 154 ms; docs/decisions/2026-11-strong-technopoly-plays-out-more.md).
// Over a game some search plays more than 32 positions a
// candidate, and no search runs a round of playouts past its
// DecisionSteps, which is what keeps a decision within 200 ms of one core.
func TestTakeoverSearchBudgetTriplesItsPlayouts(t *testing.T) {
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
	more, searched := 0, 0
	opoly.SearchTrace(bots[2], func(_ *opoly.View, cands []engine.Action, _ []float64, _ int) {
		searched++
		used, spent := opoly.SearchSpent(bots[2])
		if used > 32 {
			more++
		}
		require.LessOrEqual(t, spent, budget.DecisionSteps+len(cands)*budget.Steps, "seed %d", seed)
	})
	for step := 0; step < 3000 && !g.Outcome().Finished; step++ {
		seat := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(seat, bots[seat].Choose(g.View(seat), g.Legal(seat)))
		require.NoError(t, err, "seed %d step %d", seed, step)
	}
	require.Positive(t, searched, "seed %d", seed)
	require.Positive(t, more, "seed %d: no search played more than 32 positions a candidate", seed)
	require.LessOrEqual(t, budget.DecisionSteps, 135000, "a decision stays within 200 ms of one core")
}
