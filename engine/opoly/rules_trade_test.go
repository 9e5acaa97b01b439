package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

func TestA004_09_TradeMovesAtLeastOneAsset(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	x.refuse(0, opoly.ProposeTrade{To: 1, Money: 100}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 1, Take: []int{cBikeShed}}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed, cBikeShed}}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 0, Give: []int{cBikeShed}}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: 1501}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: -1501}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 1, GiveCards: []int{dU}}, engine.CodeIllegal)
	x.refuse(0, opoly.ProposeTrade{To: 9, Give: []int{cBikeShed}}, engine.CodeIllegal)
	x.do(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Take: []int{cOldCanteen}, Money: 25})
	require.Equal(t, opoly.PhaseTrade, x.phase())
	x.do(1, opoly.AcceptTrade{})
	require.Equal(t, 1, x.owner(cBikeShed))
	require.Equal(t, 0, x.owner(cOldCanteen))
	require.Equal(t, int64(1475), x.cash(0))
	require.Equal(t, int64(1525), x.cash(1))
	require.Equal(t, opoly.PhaseRoll, x.phase(), "back to the proposer's window")
	require.Equal(t, 0, x.active())
}

func TestA004_08_TradesOnlyInYourOwnTurn(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	require.True(t, x.hasAction(0, "propose_trade"))
	require.False(t, x.hasAction(1, "propose_trade"))
	x.refuse(1, opoly.ProposeTrade{To: 0, Give: []int{cOldCanteen}}, engine.CodeNotYourTurn)
	x.roll(0, 1, 4) // 5: North Gate, unowned
	require.Equal(t, opoly.PhaseBuy, x.phase())
	x.refuse(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}}, engine.CodeIllegal)
	x.do(0, opoly.Decline{})
	x.do(0, opoly.Bid{})
	x.do(1, opoly.Bid{})
	require.True(t, x.hasAction(0, "propose_trade"), "post-roll trades are allowed")
}

func TestA004_03_TradeSellsEveryBuildingOfTheGroup(t *testing.T) {
	// 6.3 #5: trading one street of a built-up group sells every building
	// of that group at half price, to its owner, before the trade.
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cNorthDorm, cSouthDorm, cIntlHouse).Level(3, cNorthDorm, cSouthDorm, cIntlHouse).Own(1, cBikeShed)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Give: []int{cIntlHouse}, Take: []int{cBikeShed}})
	ev := x.do(1, opoly.AcceptTrade{})
	require.Contains(t, text(ev, 1), "Seat 1 received $225 from the bank: half price for every building of Light blue")
	v := x.v(0)
	for _, c := range []int{cNorthDorm, cSouthDorm, cIntlHouse} {
		require.Equal(t, 0, v.Cells[c].Level)
	}
	require.Equal(t, int64(1725), v.Players[0].Cash)
	require.Equal(t, 1, v.Cells[cIntlHouse].Owner)
}

func TestA004_06_MortgagedPropertyChangesHandsWithoutFee(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cBikeShed).Mortgaged(cBikeShed).Own(1, cOldCanteen)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: -40})
	x.do(1, opoly.AcceptTrade{})
	require.Equal(t, int64(1540), x.cash(0))
	require.Equal(t, int64(1460), x.cash(1), "no transfer fee")
	v := x.v(1)
	require.True(t, v.Cells[cBikeShed].Mortgaged)
	require.Equal(t, 1, v.Cells[cBikeShed].Owner)
	x.e.Turn(1)
	x.done()
	x.do(1, opoly.Unmortgage{Cell: cBikeShed})
	require.Equal(t, int64(1460-33), x.cash(1), "the new owner lifts at +10%")
}

func TestMF9_TradeIsPrivateUntilAnswered(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	ev := x.do(0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Money: 77})
	require.ElementsMatch(t, []int{0, 1}, ev[0].To)
	require.Contains(t, ev[0].TextFor(1), "$77")
	require.NotContains(t, ev[0].TextFor(2), "$77")
	require.NotContains(t, ev[0].TextFor(engine.Spectator), "Bike Shed")
	require.NotNil(t, x.v(0).Trade.Offer)
	require.NotNil(t, x.v(1).Trade.Offer)
	require.Nil(t, x.v(2).Trade.Offer)
	require.Nil(t, x.v(engine.Spectator).Trade.Offer)
	require.Equal(t, 1, x.v(2).Trade.To)
	p := x.g.Prompt()
	require.Equal(t, []engine.Wait{{Seat: 1, Default: opoly.RejectTrade{}}}, p.Waiting)
	require.Equal(t, engine.DecisionAnswer, p.DecisionKind(), "C-7: answering a trade has its own timer")
	x.refuse(0, opoly.AcceptTrade{}, engine.CodeNotYourTurn)
	x.refuse(2, opoly.AcceptTrade{}, engine.CodeNotYourTurn)
	ev = x.do(1, opoly.RejectTrade{})
	require.Nil(t, ev[0].To)
	require.Equal(t, 0, x.owner(cBikeShed))
}

func TestMF9_CounterProposal(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cOldCanteen}, Money: 50})
	var counter engine.Template
	for _, a := range x.g.Legal(1) {
		if t, ok := a.(engine.Template); ok && a.Kind() == "counter_trade" {
			counter = t
		}
	}
	require.NotNil(t, counter, "the counter is listed as a template over money")
	x.do(1, opoly.CounterTrade{Give: []int{cOldCanteen}, Money: -90})
	v := x.v(0)
	require.True(t, v.Trade.Counter)
	require.Equal(t, 1, v.Trade.From)
	require.Equal(t, 0, v.Trade.To)
	require.Equal(t, []engine.Wait{{Seat: 0, Default: opoly.RejectTrade{}}}, x.g.Prompt().Waiting)
	x.refuse(0, opoly.CounterTrade{Take: []int{cOldCanteen}, Money: 50}, engine.CodeIllegal) // rejected just now (MF-9)
	x.do(0, opoly.AcceptTrade{})
	require.Equal(t, 0, x.owner(cOldCanteen))
	require.Equal(t, int64(1410), x.cash(0))
	require.Equal(t, opoly.PhaseRoll, x.phase())
}

func TestA004_09_JailCardsAreTradable(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.GiveCard(1, dU)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, TakeCards: []int{dU}, Money: 40})
	x.do(1, opoly.AcceptTrade{})
	require.Equal(t, []int{dU}, x.v(0).Players[0].JailCards)
	require.Empty(t, x.v(0).Players[1].JailCards)
}

func TestMF9_LegalTradeTemplatesApply(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Own(1, cBikeShed).Own(2, cOldCanteen)
	x.done()
	n := 0
	for _, a := range x.g.Legal(0) {
		tp, ok := a.(opoly.ProposeTrade)
		if !ok {
			continue
		}
		n++
		p := tp.Param()
		require.Equal(t, int64(1500), p.Max)
		require.Equal(t, int64(-1500), p.Min)
		_, err := x.g.Apply(0, tp.With(p.Max))
		require.NoError(t, err)
		x.do(tp.To, opoly.RejectTrade{})
	}
	require.Equal(t, 2, n, "one template per partner")
}
