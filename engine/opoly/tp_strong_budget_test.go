package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// TestTakeoverSearchBudgetTurnsTheSpeedIntoPlayouts (issue 32): Technopoly's
// strong bot played 96 positions a candidate within 135,000 steps, a
// threshold that never stopped a search (its searches spent at most about
// 67,000 steps, its slowest decision 99-154 ms of one core); once the
// engine ran faster it plays up to 256 within 80,000 steps kept as a
// bound (Whole), which stops the few searches of three or four candidates
// or long playouts
// (docs/decisions/2026-11-strong-technopoly-turns-speed-into-playouts.md);
// once it ran about four times faster up to 512 within 160,000
// (docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md).
// Over a game some search plays more than 256 positions a candidate, and no
// search spends more than its DecisionSteps and the one playout that
// passed them (that playout's round is dropped unfinished).
func TestTakeoverSearchBudgetTurnsTheSpeedIntoPlayouts(t *testing.T) {
	const seed = 5
	budget := opoly.TakeoverSearchBudget
	require.True(t, budget.Whole, "DecisionSteps is a bound, not a threshold")
	require.LessOrEqual(t, budget.DecisionSteps, 160000, "a decision stays within 200 ms of one core under load")
	def := technopoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
	require.NoError(t, err)
	bots := make([]engine.Bot, 4)
	for s := range bots {
		bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
	}
	bots[2] = def.NewBotLevel(engine.LevelStrong, 2, sim.BotSeed(seed, 2))
	more, searched, short, maxSpent := 0, 0, 0, 0
	opoly.SearchTrace(bots[2], func(_ *opoly.View, _ []engine.Action, _ []float64, _ int) {
		searched++
		used, spent := opoly.SearchSpent(bots[2])
		if used > 256 {
			more++
		}
		maxSpent = max(maxSpent, spent)
		if used < budget.Playouts {
			short++ // only the steps stop a search before its playouts
		}
		require.LessOrEqual(t, spent, budget.DecisionSteps+budget.Steps, "seed %d", seed)
	})
	for step := 0; step < 3000 && !g.Outcome().Finished && (more < 3 || short == 0); step++ {
		seat := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(seat, bots[seat].Choose(g.View(seat), g.Legal(seat)))
		require.NoError(t, err, "seed %d step %d", seed, step)
	}
	require.Positive(t, searched, "seed %d", seed)
	require.Positive(t, more, "seed %d: no search played more than 256 positions a candidate", seed)
	// the bound stops a search of this game: the cap is live, not only
	// the playouts
	require.Positive(t, short, "seed %d: DecisionSteps stopped no search (at most %d steps)", seed, maxSpent)
	t.Logf("seed %d: %d searches, %d past 256 positions a candidate, %d stopped by the steps, at most %d steps", seed, searched, more, short, maxSpent)
}
