package opoly_test

import (
	"testing"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestStrongUnipolyPlayoutCountsLeading: a Unipoly game is won by being
// first, not by a share of the worth, so the strong bot's playout score
// adds DefaultSearchBudget.Lead to its share when its worth is the greatest
// at the playout's end (docs/decisions/2026-11-strong-unipoly-leads.md),
// and nothing when it is not; Projectopoly's budget adds nothing.
func TestStrongUnipolyPlayoutCountsLeading(t *testing.T) {
	require.Equal(t, 0.5, opoly.DefaultSearchBudget.Lead)
	require.Zero(t, opoly.SupplySearchBudget.Lead)
	x := newTG(t, 4, 1000, nil)
	x.e.Cash(0, 1000).Cash(1, 1000).Cash(2, 1000).Cash(3, 1000)
	x.done()
	strong := unipoly.Definition{}.NewSearchBot(0, 5, opoly.DefaultSearchBudget)
	plain := opoly.DefaultSearchBudget
	plain.Lead = 0
	share := unipoly.Definition{}.NewSearchBot(0, 5, plain)

	// equal: nobody leads, the share is a quarter either way
	require.InDelta(t, 0.25, opoly.SearchResult(strong, x.g), 1e-9)
	require.InDelta(t, 0.25, opoly.SearchResult(share, x.g), 1e-9)

	// seat 0 richest: its share of 1500+3000, plus the lead
	x.e.Cash(0, 1500)
	x.done()
	require.InDelta(t, 1500.0/4500, opoly.SearchResult(share, x.g), 1e-9)
	require.InDelta(t, 1500.0/4500+0.5, opoly.SearchResult(strong, x.g), 1e-9)

	// seat 2 richer still: the share alone
	x.e.Cash(2, 2000)
	x.done()
	require.InDelta(t, 1500.0/5500, opoly.SearchResult(strong, x.g), 1e-9)
}
