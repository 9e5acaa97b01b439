package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestR000_27_BudgetExtension is acceptance test 8 of 6.3, first part: on
// AI Transformation Programme (3.500€) the owner gets 1.750€ and repays
// 1.930€ (G000-15: the 10% rounded up to 10€).
func TestR000_27_BudgetExtension(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(0, pAI)
	x.Done()
	ev := x.Do(0, opoly.Mortgage{Cell: pAI})
	require.True(t, extended(x, pAI))
	require.Equal(t, int64(6750), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 received 1.750€ from FICO: budget extension of AI Transformation Programme; balance 6.750€.")
	ev = x.Do(0, opoly.Unmortgage{Cell: pAI})
	require.Equal(t, int64(6750-1930), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "paid 1.930€ to FICO: repaying the budget extension of AI Transformation Programme (+10%)")
	// A000-28: certifications and services too; the service's 825€ rounds up.
	x.E.Own(0, pDesk)
	x.Done()
	x.Do(0, opoly.Mortgage{Cell: pDesk})
	require.Equal(t, int64(830), projectopolyRules().LiftCost(pDesk))
}

// TestR000_28_SaleOfAnExtendedProject is acceptance test 8 of 6.3, second
// part: the buyer pays 180€ to FICO at once (then 1.930€ to clear it later)
// or 1.930€ to clear it at once.
func TestR000_28_SaleOfAnExtendedProject(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(1, pAI).Mortgaged(pAI)
	x.Done()
	x.Do(0, opoly.ProposeTrade{To: 1, Take: []int{pAI}, Money: 1000})
	ev := x.Do(1, opoly.AcceptTrade{})
	require.Equal(t, 0, x.Owner(pAI))
	require.True(t, extended(x, pAI))
	require.Equal(t, int64(10000-1000-180), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid 180€ to FICO: 10% of the budget extension of AI Transformation Programme, on receiving it")
	x.Do(0, opoly.Unmortgage{Cell: pAI})
	require.Equal(t, int64(10000-1000-180-1930), x.Cash(0))

	// Redeemed at once by the proposer.
	x = newPP(t, 2, 10000, nil)
	x.E.Own(1, pAI).Mortgaged(pAI)
	x.Done()
	x.Do(0, opoly.ProposeTrade{To: 1, Take: []int{pAI}, Money: 1000, Redeem: true})
	x.Do(1, opoly.AcceptTrade{})
	require.False(t, extended(x, pAI))
	require.Equal(t, int64(10000-1000-1930), x.Cash(0))

	// Redeemed at once by the accepting buyer, who is offered the choice.
	x = newPP(t, 2, 10000, nil)
	x.E.Own(0, pAI).Mortgaged(pAI)
	x.Done()
	x.Do(0, opoly.ProposeTrade{To: 1, Give: []int{pAI}, Money: -1000})
	require.True(t, x.HasAction(1, "accept_trade"))
	var redeem bool
	for _, a := range x.G.Legal(1) {
		if at, ok := a.(opoly.AcceptTrade); ok && at.Redeem {
			redeem = true
		}
	}
	require.True(t, redeem)
	x.Do(1, opoly.AcceptTrade{Redeem: true})
	require.False(t, extended(x, pAI))
	require.Equal(t, int64(10000-1000-1930), x.Cash(1))

	// A buyer who cannot pay the 10% cannot buy.
	x = newPP(t, 2, 10000, nil)
	x.E.Own(1, pAI).Mortgaged(pAI).Cash(0, 1100)
	x.Done()
	x.Refuse(0, opoly.ProposeTrade{To: 1, Take: []int{pAI}, Money: 1000}, engine.CodeIllegal)
	x.Do(0, opoly.ProposeTrade{To: 1, Take: []int{pAI}, Money: 920})
}

// TestR000_29_ExtensionReleasesTheGroupsStaff: an extension on a staffed
// group first releases every FTE/QM of the group at half price, in one
// action (A000-19); a plain extension is refused there.
func TestR000_29_ExtensionReleasesTheGroupsStaff(t *testing.T) {
	x := newPP(t, 2, 1000, nil)
	x.E.Own(0, pAI, pCoreBank).Level(2, pAI).Level(1, pCoreBank)
	x.Done()
	x.Refuse(0, opoly.Mortgage{Cell: pCoreBank}, engine.CodeIllegal)
	ev := x.Do(0, opoly.SellAndMortgage{Cell: pCoreBank})
	require.Equal(t, 0, x.Level(pAI))
	require.Equal(t, 0, x.Level(pCoreBank))
	require.True(t, extended(x, pCoreBank))
	require.Equal(t, int64(1000+3*1000+2000), x.Cash(0))
	u, _ := supply(x)
	require.Equal(t, 32, u, "the FTE are back with Project Planning")
	require.Contains(t, opolytest.Text(ev, 0), "half price for every FTE of Blue – Strategic Programmes")
}

// TestR000_30_NoFTEOnAnExtendedGroup.
func TestR000_30_NoFTEOnAnExtendedGroup(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(0, pAI, pCoreBank).Mortgaged(pAI)
	x.Done()
	require.False(t, x.HasAction(0, "build"))
	x.Refuse(0, opoly.Build{Cell: pCoreBank}, engine.CodeIllegal)
}

// TestR000_26_NoSaleWithFTEInTheGroup: a project of a staffed group cannot
// be sold (G000-12); certifications and services always can.
func TestR000_26_NoSaleWithFTEInTheGroup(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(0, pAI, pCoreBank, pAgile).Level(1, pAI)
	x.Done()
	x.Refuse(0, opoly.ProposeTrade{To: 1, Give: []int{pCoreBank}, Money: -500}, engine.CodeIllegal)
	for _, a := range x.G.Legal(0) {
		if p, ok := a.(opoly.ProposeTrade); ok {
			require.NotContains(t, p.Give, pCoreBank)
			require.NotContains(t, p.Give, pAI)
		}
	}
	x.Do(0, opoly.ProposeTrade{To: 1, Give: []int{pAgile}, Money: -500})
	x.Do(1, opoly.AcceptTrade{})
	require.Equal(t, 1, x.Owner(pAgile))
}

// TestR000_33_NoLoansOrGifts: a trade moves at least one asset and each
// side gives something: an asset, or money of at least 10€ (A000-23).
func TestR000_33_NoLoansOrGifts(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(0, pAgile).Own(1, pRisk)
	x.Done()
	x.Refuse(0, opoly.ProposeTrade{To: 1, Money: 500}, engine.CodeIllegal)                   // a loan
	x.Refuse(0, opoly.ProposeTrade{To: 1, Give: []int{pAgile}}, engine.CodeIllegal)          // a gift
	x.Refuse(0, opoly.ProposeTrade{To: 1, Take: []int{pRisk}}, engine.CodeIllegal)           // taken for nothing
	x.Refuse(0, opoly.ProposeTrade{To: 1, Take: []int{pRisk}, Money: 5}, engine.CodeIllegal) // not a multiple of 10€
	x.Do(0, opoly.ProposeTrade{To: 1, Give: []int{pAgile}, Take: []int{pRisk}})              // a swap
	x.Do(1, opoly.RejectTrade{})
	// Every listed template and counter applies at its bounds (the
	// conformance suite checks this at every step of its playouts).
	for _, a := range x.G.Legal(0) {
		if p, ok := a.(opoly.ProposeTrade); ok {
			pr := p.Param()
			require.Equal(t, int64(10), pr.Step)
			require.True(t, pr.Min >= 10 || pr.Max <= -10, "%+v", pr)
		}
	}
}
