package opoly_test

import (
	"testing"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestStrongUnipolyWinLeadScoresAWinAboveAnyLead: a playout still running
// scores the strong bot's share of the worth plus Lead when it leads, up to
// 1 + Lead, so with WinLead a playout that ends in its win scores 1 + Lead,
// never less than leading a game still going; without it (the default,
// which won more of the 1,000 games of seed 11) a win scores 1, below a bot
// far ahead late in a game (share 0.9 + 0.5)
// (docs/decisions/2026-11-strong-unipoly-win-above-lead.md).
func TestStrongUnipolyWinLeadScoresAWinAboveAnyLead(t *testing.T) {
	require.False(t, opoly.DefaultSearchBudget.WinLead, "measured and not taken")
	wl := opoly.DefaultSearchBudget
	wl.WinLead = true
	strong := unipoly.Definition{}.NewSearchBot(0, 5, wl)
	def := unipoly.Definition{}.NewSearchBot(0, 5, opoly.DefaultSearchBudget)
	plain := wl
	plain.Lead = 0
	share := unipoly.Definition{}.NewSearchBot(0, 5, plain)

	// running, far ahead of the only rival left
	x := newTG(t, 2, 1000, nil)
	x.e.Cash(0, 9000).Cash(1, 1000)
	x.done()
	running := opoly.SearchResult(strong, x.g)
	require.InDelta(t, 0.9+0.5, running, 1e-9)

	// the rival resigns: the game is over and won
	x.do(1, opoly.Resign{})
	require.Equal(t, opoly.PhaseOver, x.phase())
	won := opoly.SearchResult(strong, x.g)
	require.InDelta(t, 1+opoly.DefaultSearchBudget.Lead, won, 1e-9)
	require.Greater(t, won, running, "winning scores above leading")
	require.InDelta(t, 1.0, opoly.SearchResult(share, x.g), 1e-9, "without a lead bonus a win is 1")
	require.InDelta(t, 1.0, opoly.SearchResult(def, x.g), 1e-9, "without WinLead a win is 1")
	require.Less(t, opoly.SearchResult(def, x.g), running, "the flaw WinLead mends")

	// lost: 0 whatever the budget
	y := newTG(t, 2, 1000, nil)
	y.e.Cash(0, 9000).Cash(1, 1000)
	y.done()
	y.do(0, opoly.Resign{})
	require.Equal(t, opoly.PhaseOver, y.phase())
	require.Zero(t, opoly.SearchResult(strong, y.g))
	require.Zero(t, opoly.SearchResult(def, y.g))
}
