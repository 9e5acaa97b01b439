package projectopoly_test

import (
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestA000_25_BankruptcyToAPM: the creditor PM gets the cash, the assets
// (paying the 10% on each extended one) and the exit cards; FTE are sold to
// FICO at half price first.
func TestA000_25_BankruptcyToAPM(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.E.Own(1, pAI, pCoreBank).Level(4, pAI, pCoreBank)
	x.E.Own(0, pLegacy, pHelpDesk, pAgile).Mortgaged(pAgile).Level(1, pLegacy, pHelpDesk).Cash(0, 100).GiveCard(0, dChest)
	x.Done()
	x.LandOn(0, pCoreBank) // 17.000€, far more than seat 1 can raise
	require.Equal(t, opoly.PhaseDebt, x.Phase(), "A000-21: it may still offer the certification to its creditor")
	x.Do(0, opoly.DeclareBankruptcy{})
	v := x.V(engine.Spectator)
	require.True(t, v.Players[0].Out)
	require.Equal(t, engine.StatusBankrupt, v.Players[0].Status)
	for _, c := range []int{pLegacy, pHelpDesk, pAgile} {
		require.Equal(t, 1, x.Owner(c))
	}
	require.Equal(t, 0, x.Level(pLegacy), "FTE back to the pool")
	require.True(t, extended(x, pAgile))
	require.Equal(t, []int{dChest}, v.Players[1].JailCards)
	require.Equal(t, opoly.PhaseReceive, x.Phase(), "the creditor chooses: 10% or full redemption")
	x.Do(1, opoly.PayTransferFees{})
	v = x.V(engine.Spectator)
	// Cash: 100 + 2 × 250 (half FTE price) = 600 to seat 2, less 100 (10% of 1.000€).
	require.Equal(t, int64(10000+600-100), v.Players[1].Cash)
	require.Nil(t, v.Auction, "no auction of the estate")
}

// TestA000_20_SeveralCreditorsAreOneDebt: C15 (pay 500€ to every other PM)
// short of cash: a debt to FICO; the cash is split equally among the PM
// creditors in seat order, each share rounded down to a multiple of 10€
// and the rest to FICO (A000-20 as amended: 700€ over 3 is 230€ each, 10€
// to FICO); the assets become free with extensions cleared.
func TestA000_20_SeveralCreditorsAreOneDebt(t *testing.T) {
	x := newPP(t, 4, 10000, nil)
	x.E.Cash(0, 700).Own(0, pAgile).Mortgaged(pAgile).Pos(0, pChance1-3).Top(dChance, "C15")
	x.Done()
	ev := x.Roll(0, 1, 2) // 700€ and nothing to raise: bankrupt at once
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 is bankrupt")
	v := x.V(engine.Spectator)
	require.True(t, v.Players[0].Out)
	for s := 1; s < 4; s++ {
		require.Equal(t, int64(10000+230), v.Players[s].Cash, "seat %d", s+1)
	}
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid 10€ to FICO: the rest of Seat 1's cash, on bankruptcy")
	var order []string
	for _, e := range ev {
		if strings.Contains(e.Text, "230€") {
			order = append(order, e.Text[:strings.Index(e.Text, ":")])
		}
	}
	require.Equal(t, []string{"Seat 1 paid 230€ to Seat 2", "Seat 1 paid 230€ to Seat 3", "Seat 1 paid 230€ to Seat 4"}, order, "seat order")
	require.Equal(t, opoly.Bank, x.Owner(pAgile))
	require.False(t, extended(x, pAgile))
	require.Nil(t, v.Auction)
}

// TestR000_18_FICOCancelsAProject (C16, A000-14): the PM chooses one of its
// unstaffed, unextended projects; FICO pays half its value and it is free.
func TestR000_18_FICOCancelsAProject(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(0, pIntranet, pLoyalty, pAI, pCoreBank, pAgile, pField).Level(1, pAI, pCoreBank).Mortgaged(pField)
	x.E.Pos(0, pChance1-3).Top(dChance, "C16")
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, opoly.PhaseChoose, x.Phase())
	p := x.G.Prompt()
	require.Equal(t, engine.Action(opoly.ChooseProperty{Cell: pIntranet}), p.Waiting[0].Default, "default: the cheapest")
	var cells []int
	for _, a := range x.G.Legal(0) {
		if c, ok := a.(opoly.ChooseProperty); ok {
			cells = append(cells, c.Cell)
		}
	}
	require.True(t, x.HasAction(0, "resign"), "C-8: resign at any time")
	require.Equal(t, []int{pIntranet, pLoyalty}, cells)
	x.Refuse(0, opoly.ChooseProperty{Cell: pAI}, engine.CodeIllegal)
	ev := x.Do(0, opoly.ChooseProperty{Cell: pLoyalty})
	require.Equal(t, opoly.Bank, x.Owner(pLoyalty))
	require.Equal(t, int64(10900), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 received 900€ from FICO: cancellation of Loyalty Card App (half its value)")
	require.Equal(t, opoly.PhasePostRoll, x.Phase())

	// One candidate: automatic. None: no effect.
	x = newPP(t, 2, 10000, nil)
	x.E.Own(0, pIntranet).Pos(0, pChance1-3).Top(dChance, "C16")
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, opoly.Bank, x.Owner(pIntranet))
	require.Equal(t, int64(10500), x.Cash(0))
}

// TestR000_31_DeadlineNetWorth: at the round limit the highest net worth
// wins (G000-14: an extended asset counts price − repay); ties: more cash,
// then more assets; the score is the net worth, 0 when bankrupt.
func TestR000_31_DeadlineNetWorth(t *testing.T) {
	x := newPP(t, 3, 1000, map[string]string{"endMode": "rounds:10"})
	order := x.E.Order()
	x.E.Turn(order[0]).Round(10)
	x.E.Own(order[0], pAI).Mortgaged(pAI) // 3.500 - 1.930
	x.E.Own(order[1], pAgile, pRisk)      // 4.000, cash 1.000
	x.E.Own(order[2], pCoreBank)          // 4.000, cash 1.000: tie, fewer assets
	x.Done()
	endRoundPP(x)
	out := x.G.Outcome()
	require.True(t, out.Finished)
	require.Contains(t, out.Reason, "highest net worth wins")
	require.Equal(t, 1, out.Results[order[1]].Placement)
	require.Equal(t, 2, out.Results[order[2]].Placement)
	require.Equal(t, 3, out.Results[order[0]].Placement)
	require.Equal(t, int64(1000+3500-1930), out.Results[order[0]].Score)
	require.Equal(t, int64(5000), out.Results[order[1]].Score)
}

// TestR000_31_LastPMStanding: the game ends when one PM is left.
func TestR000_31_LastPMStanding(t *testing.T) {
	x := newPP(t, 2, 1000, nil)
	x.Do(0, opoly.Resign{})
	out := x.G.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, 1, out.Results[1].Placement)
	require.Equal(t, engine.StatusResigned, out.Results[0].Status)
	require.Equal(t, int64(0), out.Results[0].Score)
}

// endRoundPP plays out the round from Vacation (no effect) for every seat.
func endRoundPP(x *tg) {
	x.T.Helper()
	order := x.E.Order()
	for x.Phase() != opoly.PhaseOver {
		seat := x.Active()
		x.E.Pos(seat, pVacation-3)
		x.Done()
		x.Roll(seat, 1, 2)
		x.Do(seat, opoly.EndTurn{})
		if seat == order[len(order)-1] {
			return
		}
	}
}
