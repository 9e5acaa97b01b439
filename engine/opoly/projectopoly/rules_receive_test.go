package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestG000_10_WinnerPlacesTheUnit: a shortage-auction winner other than
// the requester "must place the unit at once on one of their eligible
// projects": it chooses among them (even staffing), paying its bid; the
// default is its first eligible project. A winner with one eligible project
// has nothing to choose.
func TestG000_10_WinnerPlacesTheUnit(t *testing.T) {
	x := shortageBoard(t)
	x.Do(0, opoly.Build{Cell: pAI})
	x.Do(0, opoly.Bid{Amount: 2000})
	x.Do(1, opoly.Bid{Amount: 2200})
	ev := x.Do(2, opoly.Bid{Amount: 0})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 2 wins it and chooses the project to staff.")
	require.Equal(t, opoly.PhasePlace, x.Phase())
	p := x.G.Prompt()
	require.Equal(t, []engine.Wait{{Seat: 1, Default: opoly.PlaceUnit{Cell: pLegacy}}}, p.Waiting)
	pl := x.V(engine.Spectator).Placement
	require.NotNil(t, pl)
	require.Equal(t, 1, pl.Seat)
	require.Equal(t, []int{pLegacy, pHelpDesk}, pl.Cells)
	require.Equal(t, int64(2200), pl.Price)
	require.Equal(t, []engine.Action{opoly.Resign{}}, x.G.Legal(0), "only the winner acts; the others may only resign (C-8)")
	x.Refuse(1, opoly.PlaceUnit{Cell: pAI}, engine.CodeIllegal)
	x.Do(1, opoly.PlaceUnit{Cell: pHelpDesk})
	require.Equal(t, 1, x.Level(pHelpDesk))
	require.Equal(t, 0, x.Level(pLegacy))
	require.Equal(t, int64(20000-2200), x.Cash(1))
	require.Equal(t, opoly.PhaseRoll, x.Phase(), "back to the requester's turn")
	require.Nil(t, x.V(0).Placement)

	// Next unit: seat 2 wins again, and only Legacy may take it now (even
	// staffing), so it goes there at once.
	x.Do(0, opoly.Build{Cell: pAI})
	x.Do(0, opoly.Bid{Amount: 2000})
	x.Do(1, opoly.Bid{Amount: 2100})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, opoly.PhaseRoll, x.Phase())
	require.Equal(t, 1, x.Level(pLegacy))
}

// TestR000_28_CounterProposalMayRedeem: the counter-proposer who receives an
// extended project may redeem it at once, like a proposer or an accepting
// buyer.
func TestR000_28_CounterProposalMayRedeem(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(0, pAI).Mortgaged(pAI)
	x.Done()
	x.Do(0, opoly.ProposeTrade{To: 1, Give: []int{pAI}, Money: -1500})
	var plain, redeem *opoly.CounterTrade
	for _, a := range x.G.Legal(1) {
		if ct, ok := a.(opoly.CounterTrade); ok {
			if ct.Redeem {
				redeem = &ct
			} else {
				plain = &ct
			}
		}
	}
	require.NotNil(t, plain)
	require.NotNil(t, redeem, "a counter-proposal may ask to redeem")
	require.Equal(t, int64(10000-1930), redeem.Param().Max, "the money left after the redemption")
	require.Equal(t, int64(10000-180), plain.Param().Max)
	ev := x.Do(1, opoly.CounterTrade{Take: []int{pAI}, Money: 1000, Redeem: true})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 2 redeems what it receives under budget extension at once")
	x.Do(0, opoly.AcceptTrade{})
	require.Equal(t, 1, x.Owner(pAI))
	require.False(t, extended(x, pAI))
	require.Equal(t, int64(10000-1000-1930), x.Cash(1))
	require.Equal(t, int64(10000+1000), x.Cash(0))

	// One that cannot pay the redemption cannot ask for it.
	x = newPP(t, 2, 10000, nil)
	x.E.Own(0, pAI).Mortgaged(pAI).Cash(1, 1500)
	x.Done()
	x.Do(0, opoly.ProposeTrade{To: 1, Give: []int{pAI}, Money: -1000})
	x.Refuse(1, opoly.CounterTrade{Take: []int{pAI}, Money: 10, Redeem: true}, engine.CodeIllegal)
	x.Do(1, opoly.CounterTrade{Take: []int{pAI}, Money: 10})
}

// TestA000_25_CreditorRedeemsWhatItReceives: a PM who takes over a
// bankrupt's extended assets pays the 10% "or repays fully", asset by
// asset; a redemption it cannot pay is not offered.
func TestA000_25_CreditorRedeemsWhatItReceives(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.E.Own(1, pAI, pCoreBank).Level(4, pAI, pCoreBank)
	x.E.Own(0, pAgile, pRisk).Mortgaged(pAgile, pRisk).Cash(0, 100)
	x.Done()
	x.LandOn(0, pCoreBank)
	x.Do(0, opoly.DeclareBankruptcy{})
	require.Equal(t, opoly.PhaseReceive, x.Phase())
	require.Equal(t, []engine.Wait{{Seat: 1, Default: opoly.PayTransferFees{}}}, x.G.Prompt().Waiting)
	r := x.V(2).Received
	require.NotNil(t, r)
	require.Equal(t, 1, r.Seat)
	require.Equal(t, []int{pAgile, pRisk}, r.Cells)
	require.True(t, x.HasAction(1, "redeem_received"))
	x.Do(1, opoly.RedeemReceived{Cell: pRisk})
	require.False(t, extended(x, pRisk))
	require.Equal(t, int64(10000+100-1100), x.Cash(1))
	require.Equal(t, opoly.PhaseReceive, x.Phase(), "Agile is still to decide")
	x.Refuse(1, opoly.RedeemReceived{Cell: pRisk}, engine.CodeIllegal)
	x.Do(1, opoly.PayTransferFees{})
	require.True(t, extended(x, pAgile))
	require.Equal(t, int64(10000+100-1100-100), x.Cash(1))
	require.NotEqual(t, opoly.PhaseReceive, x.Phase())

	// Short of the redemption: only the 10% is offered.
	x = newPP(t, 3, 10000, nil)
	x.E.Own(1, pAI, pCoreBank).Level(4, pAI, pCoreBank).Cash(1, 500)
	x.E.Own(0, pAgile).Mortgaged(pAgile).Cash(0, 100)
	x.Done()
	x.LandOn(0, pCoreBank)
	x.Do(0, opoly.DeclareBankruptcy{})
	require.Equal(t, opoly.PhaseReceive, x.Phase())
	require.False(t, x.HasAction(1, "redeem_received"))
	x.Refuse(1, opoly.RedeemReceived{Cell: pAgile}, engine.CodeIllegal)
}

// TestR000_28_MixedPaymentReceiverRedeems: a creditor who accepts an
// extended asset in a mixed payment chooses, like a buyer, between the 10%
// and full redemption.
func TestR000_28_MixedPaymentReceiverRedeems(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.E.Own(1, pAI, pCoreBank).Own(0, pAgile, pIntranet).Mortgaged(pAgile).Cash(0, 200)
	x.Done()
	x.LandOn(0, pCoreBank)
	x.Do(0, opoly.OfferAssets{Cells: []int{pAgile}})
	x.Do(1, opoly.ValueAssets{Amount: 500})
	x.Do(0, opoly.AcceptValuation{})
	require.Equal(t, opoly.PhaseReceive, x.Phase())
	x.Do(1, opoly.RedeemReceived{Cell: pAgile})
	require.False(t, extended(x, pAgile))
	require.Equal(t, int64(10000-1100), x.Cash(1))
	require.Equal(t, opoly.PhaseDebt, x.Phase(), "back to the debtor's 500€")
	require.Equal(t, int64(500), x.V(0).Debt.Amount)
}
