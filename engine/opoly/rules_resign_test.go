package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// C-8: any player may resign at any time, not only in their own turn.

func TestC8_ResignOutsideYourTurnAuctionsTheEstateThenTheTurnGoesOn(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	o := x.next(0)
	third := x.next(o)
	x.e.Own(o, cBikeShed)
	x.done()
	require.Equal(t, []engine.Action{opoly.Resign{}}, x.g.Legal(o), "a seat not awaited may only resign")
	ev := x.do(o, opoly.Resign{})
	require.Contains(t, text(ev, 0), "resigned")
	require.True(t, x.v(0).Players[o].Out)
	require.Equal(t, engine.StatusResigned, x.v(0).Players[o].Status)
	require.Equal(t, opoly.PhaseAuction, x.phase(), "the estate is auctioned at once")
	x.do(0, opoly.Bid{Amount: 40})
	x.do(third, opoly.Bid{Amount: 10})
	require.Equal(t, 0, x.owner(cBikeShed))
	require.Equal(t, int64(1460), x.cash(0))
	require.Equal(t, opoly.PhaseRoll, x.phase(), "back to the roll it interrupted")
	require.Equal(t, 0, x.active())
	x.roll(0, 4, 6)
	x.do(0, opoly.EndTurn{})
	require.Equal(t, third, x.active(), "the turn order skips the resigned seat")
}

func TestC8_ResignDuringAnAuctionLeavesTheBidders(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	o := x.next(0)
	third := x.next(o)
	x.landOn(0, cOldCanteen)
	x.do(0, opoly.Decline{})
	x.do(0, opoly.Bid{Amount: 30})
	x.do(o, opoly.Resign{}) // before bidding
	require.Equal(t, opoly.PhaseAuction, x.phase())
	require.Equal(t, []engine.Wait{{Seat: third, Default: opoly.Bid{}}}, x.g.Prompt().Waiting)
	x.do(third, opoly.Bid{Amount: 20})
	require.Equal(t, 0, x.owner(cOldCanteen))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestC8_LastBidderResigningSettlesTheAuction(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	o := x.next(0)
	third := x.next(o)
	x.landOn(0, cOldCanteen)
	x.do(0, opoly.Decline{})
	x.do(0, opoly.Bid{Amount: 30})
	x.do(third, opoly.Bid{Amount: 20})
	x.do(o, opoly.Resign{})
	require.Equal(t, 0, x.owner(cOldCanteen))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestC8_ResignCallsOffATradeProposedToYou(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 80})
	ev := x.do(1, opoly.Resign{})
	require.Contains(t, text(ev, 2), "is off: Seat 2 resigned")
	require.Nil(t, x.v(0).Trade)
	require.Equal(t, opoly.PhaseAuction, x.phase(), "Old Canteen is auctioned")
	for _, w := range x.g.Prompt().Waiting {
		x.do(w.Seat, opoly.Bid{})
	}
	require.Equal(t, opoly.PhaseRoll, x.phase(), "back to the proposer's window")
	require.Equal(t, 0, x.active())
	require.Equal(t, int64(1500), x.cash(0))
}

func TestC8_DebtorOutsideTheirTurnMayResign(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	o := x.next(0)
	x.e.Cash(o, 5).Own(o, cBikeShed).Top(dP, "P7")
	x.done()
	x.landOn(0, cProb2) // collect $10 from every other player
	require.Equal(t, opoly.PhaseDebt, x.phase())
	x.do(o, opoly.Resign{})
	require.True(t, x.v(0).Players[o].Out)
	require.Equal(t, opoly.PhaseAuction, x.phase())
	for _, w := range x.g.Prompt().Waiting {
		x.do(w.Seat, opoly.Bid{})
	}
	require.Equal(t, opoly.PhasePostRoll, x.phase(), "the active player's turn goes on")
	require.Equal(t, int64(1510), x.cash(0), "a resignation is bankruptcy to the bank: the debt is not paid")
}

func TestC8_OutSeatCannotResignAgain(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	o := x.next(0)
	x.do(o, opoly.Resign{})
	require.Empty(t, x.g.Legal(o))
	x.refuse(o, opoly.Resign{}, engine.CodeNotYourTurn)
}
