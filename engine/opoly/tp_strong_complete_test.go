package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// TestStrongTechnopolyNeverCompletesARivalsField: asked for a start-up
// that would complete the requester's field, the strong bot denies
// without a search; approving is no candidate (SearchBudget.NoCompleting).
// Its search used to approve such requests where the 20% mark-up showed
// in its twelve rounds of playouts before the field's fees did: in 40
// games of seed 31 it handed rivals the last start-up of a field seven
// times, and five of those rivals won the game
// (docs/decisions/2026-11-strong-technopoly-completes-no-rival.md). A
// request that gives the requester only a majority of the field is still
// searched.
func TestStrongTechnopolyNeverCompletesARivalsField(t *testing.T) {
	def := technopoly.Definition{}
	ask := func(rival ...int) *tg {
		x := newTP(t, 2, 150000, nil)
		x.e.Own(0, rival...).Own(1, tTutorNest, tLagan)
		x.done()
		x.do(0, opoly.RequestTakeover{Cell: tTutorNest})
		return x
	}
	candidates := func(x *tg, budget opoly.SearchBudget) []engine.Action {
		b := def.NewSearchBot(1, 1, budget)
		return opoly.Candidates(b, x.v(1), x.g.Legal(1), opoly.DenyTakeover{})
	}

	// LearnLoop and QuizForge held: TutorNest completes EdTech
	x := ask(tLearnLoop, tQuizForge)
	require.True(t, opoly.TakeoverSearchBudget.NoCompleting)
	require.Equal(t, []engine.Action{opoly.DenyTakeover{}}, candidates(x, opoly.TakeoverSearchBudget))
	was := opoly.TakeoverSearchBudget
	was.NoCompleting = false
	require.Contains(t, candidates(x, was), opoly.ApproveTakeover{},
		"without the rule the price pays for the start-up by the bot's valuation: approving is searched")
	for seed := uint64(1); seed <= 4; seed++ {
		require.Equal(t, opoly.DenyTakeover{}, def.NewBotLevel(engine.LevelStrong, 1, seed).Choose(x.g.View(1), x.g.Legal(1)), "bot seed %d", seed)
	}

	// LearnLoop alone: TutorNest gives a majority, not the field
	y := ask(tLearnLoop)
	require.Contains(t, candidates(y, opoly.TakeoverSearchBudget), opoly.ApproveTakeover{})
}
