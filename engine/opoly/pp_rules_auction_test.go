package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// shortageBoard leaves 5 FTE in the pool: 27 on Brown 4,4,4, Red 4,4,4 and
// Orange 1,1,1 (seat 2), seat 0 holds Blue unstaffed and seat 1 Grey.
func shortageBoard(t *testing.T) *tg {
	x := newPP(t, 3, 20000, nil)
	x.e.Own(2, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking)
	x.e.Level(4, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore).Level(1, pField, pLoyalty, pBanking)
	x.e.Own(0, pAI, pCoreBank).Own(1, pLegacy, pHelpDesk)
	x.done()
	u, _ := x.supply()
	require.Equal(t, 5, u)
	return x
}

// TestG000_10_ShortageAuction is acceptance test 9 of 6.3 (R000-25,
// A000-18): with 5 FTE free and another eligible PM, a build request is a
// per-unit sealed auction with reserves; the best offer staffs.
func TestG000_10_ShortageAuction(t *testing.T) {
	x := shortageBoard(t)
	ev := x.do(0, opoly.Build{Cell: pAI})
	require.Equal(t, opoly.PhaseAuction, x.phase())
	require.Contains(t, text(ev, 0), "Seat 1 asks for one FTE (shortage auction)")
	p := x.g.Prompt()
	require.True(t, p.Simultaneous)
	require.Equal(t, engine.DecisionBid, p.DecisionKind())
	a := x.v(0).Auction
	require.Equal(t, "unit", a.Kind)
	require.Equal(t, []int{0, 1, 2}, a.Bidders, "seat 3 can add an FTE to Orange too")
	require.Equal(t, []int64{2000, 500, 1000}, a.Reserves)
	x.do(0, opoly.Bid{Amount: 2100})
	x.do(1, opoly.Bid{Amount: 2500})
	x.do(2, opoly.Bid{Amount: 900}) // below its reserve: does not count
	require.Equal(t, opoly.PhasePlace, x.phase(), "the winner chooses the project")
	x.do(1, opoly.PlaceUnit{Cell: pLegacy})
	require.Equal(t, 1, x.level(pLegacy), "the best offer places the FTE")
	require.Equal(t, 0, x.level(pAI))
	require.Equal(t, int64(17500), x.cash(1))
	require.Equal(t, opoly.PhaseRoll, x.phase(), "back to the requester's turn")
	u, _ := x.supply()
	require.Equal(t, 4, u)

	// Only the requester bids: it buys at the printed price.
	x.do(0, opoly.Build{Cell: pAI})
	x.do(0, opoly.Bid{Amount: 3000})
	x.do(1, opoly.Bid{Amount: 0})
	x.do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 1, x.level(pAI))
	require.Equal(t, int64(18000), x.cash(0))

	// No other eligible PM: a plain build.
	y := shortageBoard(t)
	y.e.Cash(1, 100).Cash(2, 100)
	y.done()
	y.do(0, opoly.Build{Cell: pAI})
	require.Equal(t, 1, y.level(pAI))
	require.Equal(t, opoly.PhaseRoll, y.phase())
}

// TestG000_12_OfferToAll: a seller-run sealed auction among the other PMs
// with a reserve; the best qualifying bid buys, paying the seller.
func TestG000_12_OfferToAll(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.e.Own(0, pAgile, pAI).Mortgaged(pAI)
	x.done()
	var offered []int
	for _, a := range x.g.Legal(0) {
		if o, ok := a.(opoly.OfferToAll); ok {
			offered = append(offered, o.Cell)
		}
	}
	require.Equal(t, []int{pAgile, pAI}, offered)
	x.do(0, opoly.OfferToAll{Cell: pAgile, Reserve: 1500})
	require.Equal(t, opoly.PhaseAuction, x.phase())
	require.Equal(t, []int{1, 2}, x.v(0).Auction.Bidders)
	require.Equal(t, "sale", x.v(0).Auction.Kind)
	x.do(1, opoly.Bid{Amount: 1400})
	x.do(2, opoly.Bid{Amount: 1600})
	require.Equal(t, 2, x.owner(pAgile))
	require.Equal(t, int64(11600), x.cash(0))
	require.Equal(t, int64(8400), x.cash(2))
	require.Equal(t, opoly.PhaseRoll, x.phase())

	// No qualifying bid: the asset stays. An extended asset: the buyer pays
	// the 10% too.
	x.do(0, opoly.OfferToAll{Cell: pAI, Reserve: 0})
	x.do(1, opoly.Bid{Amount: 0})
	x.do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 0, x.owner(pAI))
	x.do(0, opoly.OfferToAll{Cell: pAI, Reserve: 0})
	x.do(1, opoly.Bid{Amount: 300})
	x.do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 1, x.owner(pAI))
	require.Equal(t, int64(10000-300-180), x.cash(1))
	require.False(t, x.hasAction(0, "offer_to_all"), "three offers this turn")
}

// TestMF8_BidRefusalSaysEverythingWrong: a bid above the cash and off the
// 10€ steps is refused with both reasons in one sentence.
func TestMF8_BidRefusalSaysEverythingWrong(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.e.Cash(1, 190).Pos(0, pWebsite-4)
	x.done()
	x.roll(0, 1, 3)
	x.do(0, opoly.Decline{})
	x.refuse(1, opoly.Bid{Amount: 195}, engine.CodeIllegal)
	_, err := x.g.Apply(1, opoly.Bid{Amount: 195})
	require.ErrorContains(t, err, "A bid of 195€ is more than your cash allows (190€) and not a multiple of 10€")
}
