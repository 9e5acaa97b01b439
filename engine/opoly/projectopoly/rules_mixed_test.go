package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// mixedDebt puts seat 0 in a debt of 1.000€ (the fee on Core Banking
// Replacement with Blue complete) to seat 1 with 200€ in cash.
func mixedDebt(t *testing.T) *tg {
	x := newPP(t, 3, 10000, nil)
	x.E.Own(1, pAI, pCoreBank).Own(0, pAgile, pIntranet).Cash(0, 200)
	x.Done()
	x.LandOn(0, pCoreBank)
	require.Equal(t, opoly.PhaseDebt, x.Phase())
	return x
}

// TestA000_21_MixedPayment: the debtor offers properties to its creditor,
// who names a value V ≤ the debt; accepted, the properties pass and the
// debt drops by V (R000-32). Bundle and value are private to the two.
func TestA000_21_MixedPayment(t *testing.T) {
	x := mixedDebt(t)
	require.True(t, x.HasAction(0, "offer_assets"))
	x.Refuse(0, opoly.OfferAssets{Cells: []int{pAI}}, engine.CodeIllegal) // not its own
	ev := x.Do(0, opoly.OfferAssets{Cells: []int{pAgile}})
	require.Contains(t, opolytest.Text(ev, 1), "Seat 1 offers Seat 2 Agile Practitioner Certification against the debt of 1.000€.")
	require.NotContains(t, opolytest.Text(ev, 2), "Agile")
	p := x.G.Prompt()
	require.Equal(t, opoly.PhaseValue, p.Phase)
	require.Equal(t, engine.DecisionAnswer, p.DecisionKind())
	require.Equal(t, []engine.Wait{{Seat: 1, Default: opoly.RefuseAssets{}}}, p.Waiting)
	require.Equal(t, []int{pAgile}, x.V(1).Valuation.Cells)
	require.Nil(t, x.V(2).Valuation.Cells)
	x.Refuse(1, opoly.ValueAssets{Amount: 1010}, engine.CodeIllegal) // above the debt
	x.Do(1, opoly.ValueAssets{Amount: 600})
	require.Equal(t, int64(600), x.V(0).Valuation.Value)
	require.Equal(t, int64(-1), x.V(2).Valuation.Value)
	p = x.G.Prompt()
	require.Equal(t, []engine.Wait{{Seat: 0, Default: opoly.RejectValuation{}}}, p.Waiting)
	ev = x.Do(0, opoly.AcceptValuation{})
	require.Contains(t, opolytest.Text(ev, 2), "Seat 1 hands Seat 2 assets valued 600€; the debt is now 400€.")
	require.Equal(t, 1, x.Owner(pAgile))
	require.Equal(t, opoly.PhaseDebt, x.Phase(), "400€ left, 200€ in cash and an extension to take")
	require.Equal(t, int64(400), x.V(0).Debt.Amount)
	x.Do(0, opoly.Mortgage{Cell: pIntranet})
	require.Equal(t, opoly.PhasePostRoll, x.Phase(), "paid")
	require.Equal(t, int64(10000+400), x.Cash(1))
}

// TestR000_32_RejectedValuationThenAuction: a refused or rejected valuation
// goes back to the debt; the debtor may sell at auction to all instead,
// the best offer paying the debt.
func TestR000_32_RejectedValuationThenAuction(t *testing.T) {
	x := mixedDebt(t)
	x.Do(0, opoly.OfferAssets{Cells: []int{pIntranet}})
	x.Do(1, opoly.RefuseAssets{})
	require.Equal(t, opoly.PhaseDebt, x.Phase())
	x.Do(0, opoly.OfferAssets{Cells: []int{pAgile}})
	x.Do(1, opoly.ValueAssets{Amount: 100})
	x.Do(0, opoly.RejectValuation{})
	require.Equal(t, opoly.PhaseDebt, x.Phase())
	require.Equal(t, 0, x.Owner(pAgile))
	x.Do(0, opoly.OfferToAll{Cell: pAgile, Reserve: 800})
	require.Equal(t, []int{1, 2}, x.V(0).Auction.Bidders)
	x.Do(1, opoly.Bid{Amount: 0})
	x.Do(2, opoly.Bid{Amount: 1500})
	require.Equal(t, 2, x.Owner(pAgile))
	require.Equal(t, int64(10000+1000), x.Cash(1), "the debt is paid")
	require.Equal(t, int64(200+1500-1000), x.Cash(0))
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
}

// TestA000_21_OffersAreNotRepeated: R000-32 sets no limit on the offers
// against a debt, so there is no count; as for trades (MF-9), a bundle that
// was refused or rejected may not be offered again unchanged in the same
// debt. Every other bundle stays open, and the debt is no automatic
// bankruptcy while one is.
func TestA000_21_OffersAreNotRepeated(t *testing.T) {
	x := mixedDebt(t)
	bundles := [][]int{{pAgile}, {pIntranet}, {pAgile, pIntranet}}
	for i, b := range bundles {
		require.True(t, x.HasAction(0, "offer_assets"), "offer %d", i+1)
		x.Do(0, opoly.OfferAssets{Cells: b})
		x.Do(1, opoly.ValueAssets{Amount: 10})
		x.Do(0, opoly.RejectValuation{})
		x.Refuse(0, opoly.OfferAssets{Cells: b}, engine.CodeIllegal)
	}
	require.Len(t, x.V(0).Players, 3)
	require.False(t, x.HasAction(0, "offer_assets"), "every listed bundle was tried")
	require.Equal(t, opoly.PhaseDebt, x.Phase(), "the debt goes on: extensions can still raise it")
	x.Refuse(0, opoly.OfferAssets{Cells: []int{pIntranet, pAgile}}, engine.CodeIllegal) // the same bundle in another order
}
