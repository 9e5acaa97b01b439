package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

func TestR004_07_BuyWhereYouStand(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.roll(0, 1, 2)
	require.Equal(t, opoly.PhaseBuy, x.phase())
	require.Equal(t, engine.Action(opoly.Decline{}), x.g.Prompt().Waiting[0].Default)
	require.False(t, x.hasAction(0, "propose_trade"), "no trades while deciding to buy")
	ev := x.do(0, opoly.Buy{})
	require.Equal(t, 0, x.owner(cOldCanteen))
	require.Equal(t, int64(1440), x.cash(0))
	require.Contains(t, text(ev, 1), "Seat 1 paid $60 to the bank: purchase of Old Canteen; balance $1,440.")
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestR004_07_BuyNeedsCash(t *testing.T) {
	x := newTG(t, 2, 50, nil)
	x.roll(0, 1, 2)
	require.False(t, x.hasAction(0, "buy"))
	x.refuse(0, opoly.Buy{}, engine.CodeIllegal)
	require.True(t, x.hasAction(0, "decline"))
}

// bid places a bid and checks it stays sealed.
func (x *tg) bid(seat int, amount int64) []engine.Event {
	x.t.Helper()
	ev := x.do(seat, opoly.Bid{Amount: amount})
	return ev
}

func TestR004_08_DeclineStartsASealedAuction(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(2, 90)
	x.done()
	x.roll(0, 1, 2)
	x.do(0, opoly.Decline{})
	p := x.g.Prompt()
	require.Equal(t, opoly.PhaseAuction, p.Phase)
	require.True(t, p.Simultaneous)
	require.Equal(t, engine.DecisionBid, p.DecisionKind(), "C-7: a sealed bid")
	require.Len(t, p.Waiting, 3, "every player, the decliner included")
	for _, w := range p.Waiting {
		require.Equal(t, engine.Action(opoly.Bid{}), w.Default)
	}
	// Bids are capped at cash.
	tmpl := x.g.Legal(2)[0].(engine.Template)
	require.Equal(t, int64(0), tmpl.Param().Min)
	require.Equal(t, int64(90), tmpl.Param().Max)
	x.refuse(2, opoly.Bid{Amount: 91}, engine.CodeIllegal)
	x.refuse(2, opoly.Bid{Amount: -1}, engine.CodeIllegal)

	ev := x.bid(1, 70)
	require.Equal(t, []int{1}, ev[0].To)
	require.Contains(t, ev[0].TextFor(1), "$70")
	require.NotContains(t, ev[0].TextFor(0), "$70")
	require.NotContains(t, ev[0].TextFor(engine.Spectator), "$70")
	a := x.v(0).Auction
	require.Equal(t, cOldCanteen, a.Lot)
	require.Equal(t, int64(-1), a.MyBid)
	require.Equal(t, []bool{false, true, false}, a.Committed)
	require.Equal(t, int64(70), x.v(1).Auction.MyBid)
	x.refuse(1, opoly.Bid{Amount: 80}, engine.CodeNotYourTurn)

	x.bid(0, 65)
	ev = x.bid(2, 90)
	require.Contains(t, text(ev, 0), "Bids for Old Canteen: Seat 1 $65, Seat 2 $70, Seat 3 $90.")
	require.Equal(t, 2, x.owner(cOldCanteen))
	require.Equal(t, int64(0), x.cash(2))
	r := x.v(0).LastAuction
	require.Equal(t, 2, r.Winner)
	require.Equal(t, int64(90), r.Price)
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.Equal(t, 0, x.active())
}

func TestG004_14_NoBidLeavesItUnsold(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.roll(0, 1, 2)
	x.do(0, opoly.Decline{})
	x.bid(0, 0)
	x.bid(1, 0)
	require.Equal(t, opoly.Bank, x.owner(cOldCanteen))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestA004_04_TiesRebidAmongTheTied(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.roll(0, 1, 2)
	x.do(0, opoly.Decline{})
	x.bid(0, 100)
	x.bid(1, 50)
	ev := x.bid(2, 100)
	require.Contains(t, text(ev, 1), "A tie at $100")
	p := x.g.Prompt()
	require.Equal(t, opoly.PhaseAuction, p.Phase)
	require.ElementsMatch(t, []int{0, 2}, []int{p.Waiting[0].Seat, p.Waiting[1].Seat})
	require.Equal(t, engine.Action(opoly.Bid{Amount: 100}), p.Waiting[0].Default, "default: stay at the tied amount")
	require.Equal(t, []engine.Action{opoly.Resign{}}, x.g.Legal(1), "out of the re-bid: only resigning (C-8)")
	x.refuse(1, opoly.Bid{Amount: 200}, engine.CodeNotYourTurn)
	x.refuse(0, opoly.Bid{Amount: 99}, engine.CodeIllegal)
	require.Equal(t, int64(100), x.v(0).Auction.MinBid)
	require.Equal(t, 1, x.v(0).Auction.TieRound)
	x.bid(0, 130)
	x.bid(2, 120)
	require.Equal(t, 0, x.owner(cOldCanteen))
	require.Equal(t, int64(1370), x.cash(0))
	require.Equal(t, int64(1500), x.cash(2))
}

func TestA004_04_ThreeTiedRebidsDrawAtRandom(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.roll(0, 1, 2)
	x.do(0, opoly.Decline{})
	for round := 0; round <= 3; round++ {
		require.Equal(t, opoly.PhaseAuction, x.phase(), "round %d", round)
		x.bid(0, 80)
		x.bid(1, 80)
	}
	r := x.v(0).LastAuction
	require.True(t, r.Random)
	require.Contains(t, []int{0, 1}, r.Winner)
	require.Equal(t, r.Winner, x.owner(cOldCanteen))
	require.Equal(t, int64(1420), x.cash(r.Winner), "the winner pays the tied amount")
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestR004_08_AuctionThenTheDoubleStillRollsAgain(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Pos(0, cParking)
	x.done()
	x.roll(0, 2, 2)
	require.Equal(t, cBiology, x.pos(0))
	x.do(0, opoly.Decline{})
	x.bid(0, 0)
	x.bid(1, 250)
	require.Equal(t, 1, x.owner(cBiology))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.True(t, x.v(0).MustRoll)
	require.Equal(t, engine.Action(opoly.Roll{}), x.g.Prompt().Waiting[0].Default)
}
