package billionaire

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"

	"github.com/stretchr/testify/require"
)

// TestDefaultSearchBudgetTurnsTheSpeedIntoPlayouts (issue 32): the strong
// bot compared its candidates on 12 positions within 2,500 steps a
// decision, its slowest decision 11-19 ms of one core once the engine ran
// several times faster; it now plays up to 128 within 30,000 steps
// (docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md).
// Over a game of seed 5 some search plays more than 12 positions a
// candidate (fails with the budget before), and none spends more than its
// DecisionSteps and the round of playouts that passed them.
func TestDefaultSearchBudgetTurnsTheSpeedIntoPlayouts(t *testing.T) {
	b := DefaultSearchBudget
	require.LessOrEqual(t, b.DecisionSteps, 30000, "a decision stays within 200 ms of one core under load")
	g := newGame(t, 4, 5)
	strong := newStrongBot(1, 5, b)
	check := enginetest.SearchBudget{TB: t, DecisionSteps: b.DecisionSteps, Steps: b.Steps, Positions: 12, Enough: 3} // three such searches are enough
	strong.trace = func(cands []engine.Action, _ int) { check.Saw(len(cands), strong.s.Used, strong.s.Spent) }
	bots := []engine.Bot{newBot(0, 1), strong, newBot(2, 2), newBot(3, 3)}
	check.Play(g, bots, 5000, "seed 5")
}
