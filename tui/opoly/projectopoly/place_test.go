package projectopoly

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
)

// TestPPPlacementIsExplained (G000-10): the winner of a shortage auction
// who did not ask for the unit reads what it won and for how much, picks
// the project from a list that says what stands on each, and confirms
// paying its bid; the others read who places it where.
func TestPPPlacementIsExplained(t *testing.T) {
	s := newPPState(t, 3, 20000).
		Own(0, ppField, ppLoyalty, ppBanking).Level(4, ppField, ppLoyalty, ppBanking).
		Own(0, ppKPI, ppWarehouse, ppCDP).Level(4, ppKPI, ppWarehouse, ppCDP).
		Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(1, ppIntranet, ppTimesheet, ppPrinter).
		Own(1, ppLegacy, ppHelpDesk).TurnTo(0)
	f := s.Fixture(0, true)
	f.Apply(0, opoly.Build{Cell: ppIntranet}) // 5 FTE left and bob could staff: the shortage auction
	require.Equal(t, opoly.PhaseAuction, f.G.Prompt().Phase)
	f.Apply(0, opoly.Bid{Amount: 600})
	f.Apply(1, opoly.Bid{Amount: 700})
	require.Equal(t, opoly.PhasePlace, f.G.Prompt().Phase)

	f.As(1)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "Placing the FTE won: bob")
		// (a name with a hyphen may wrap after it)
		assert.Contains(t, out, "You won one FTE for 700€, paid when it is placed. Choose the project it staffs: Legacy Bug-Fix Contract,")
		assert.Contains(t, out, "+ place the FTE")
	}
	f.Key("+")
	f.pickCell(ppHelpDesk)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "Help-Desk Backlog Clean-up (no FTE now)")
		assert.Contains(t, out, "Place the FTE won on Help-Desk Backlog Clean")
		assert.Contains(t, out, "and pay your bid of 700€? cash 20.000€ → 19.300€")
	}
	f.As(0)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "bob won one FTE in the shortage auction for 700€ and chooses the project it staffs")
	}
}
