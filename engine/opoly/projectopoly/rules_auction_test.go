package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// shortageBoard leaves 5 FTE in the pool: 27 on Brown 4,4,4, Red 4,4,4 and
// Orange 1,1,1 (seat 2), seat 0 holds Blue unstaffed and seat 1 Grey.
func shortageBoard(t *testing.T) *tg {
	x := newPP(t, 3, 20000, nil)
	x.E.Own(2, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore, pField, pLoyalty, pBanking)
	x.E.Level(4, pIntranet, pTimesheet, pPrinter, pWebsite, pPortal, pStore).Level(1, pField, pLoyalty, pBanking)
	x.E.Own(0, pAI, pCoreBank).Own(1, pLegacy, pHelpDesk)
	x.Done()
	u, _ := supply(x)
	require.Equal(t, 5, u)
	return x
}

// TestG000_10_ShortageAuction is acceptance test 9 of 6.3 (R000-25,
// A000-18): with 5 FTE free and another eligible PM, a build request is a
// per-unit sealed auction with reserves; the best offer staffs.
func TestG000_10_ShortageAuction(t *testing.T) {
	x := shortageBoard(t)
	ev := x.Do(0, opoly.Build{Cell: pAI})
	require.Equal(t, opoly.PhaseAuction, x.Phase())
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 asks for one FTE (shortage auction)")
	p := x.G.Prompt()
	require.True(t, p.Simultaneous)
	require.Equal(t, engine.DecisionBid, p.DecisionKind())
	a := x.V(0).Auction
	require.Equal(t, "unit", a.Kind)
	require.Equal(t, []int{0, 1, 2}, a.Bidders, "seat 3 can add an FTE to Orange too")
	require.Equal(t, []int64{2000, 500, 1000}, a.Reserves)
	x.Do(0, opoly.Bid{Amount: 2100})
	x.Do(1, opoly.Bid{Amount: 2500})
	x.Do(2, opoly.Bid{Amount: 900}) // below its reserve: does not count
	require.Equal(t, opoly.PhasePlace, x.Phase(), "the winner chooses the project")
	x.Do(1, opoly.PlaceUnit{Cell: pLegacy})
	require.Equal(t, 1, x.Level(pLegacy), "the best offer places the FTE")
	require.Equal(t, 0, x.Level(pAI))
	require.Equal(t, int64(17500), x.Cash(1))
	require.Equal(t, opoly.PhaseRoll, x.Phase(), "back to the requester's turn")
	u, _ := supply(x)
	require.Equal(t, 4, u)

	// Only the requester bids: it buys at the printed price.
	x.Do(0, opoly.Build{Cell: pAI})
	x.Do(0, opoly.Bid{Amount: 3000})
	x.Do(1, opoly.Bid{Amount: 0})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 1, x.Level(pAI))
	require.Equal(t, int64(18000), x.Cash(0))

	// No other eligible PM: a plain build.
	y := shortageBoard(t)
	y.E.Cash(1, 100).Cash(2, 100)
	y.Done()
	y.Do(0, opoly.Build{Cell: pAI})
	require.Equal(t, 1, y.Level(pAI))
	require.Equal(t, opoly.PhaseRoll, y.Phase())
}

// TestG000_12_OfferToAll: a seller-run sealed auction among the other PMs
// with a reserve; the best qualifying bid buys, paying the seller.
func TestG000_12_OfferToAll(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.E.Own(0, pAgile, pAI).Mortgaged(pAI)
	x.Done()
	var offered []int
	for _, a := range x.G.Legal(0) {
		if o, ok := a.(opoly.OfferToAll); ok {
			offered = append(offered, o.Cell)
		}
	}
	require.Equal(t, []int{pAgile, pAI}, offered)
	x.Do(0, opoly.OfferToAll{Cell: pAgile, Reserve: 1500})
	require.Equal(t, opoly.PhaseAuction, x.Phase())
	require.Equal(t, []int{1, 2}, x.V(0).Auction.Bidders)
	require.Equal(t, "sale", x.V(0).Auction.Kind)
	x.Do(1, opoly.Bid{Amount: 1400})
	x.Do(2, opoly.Bid{Amount: 1600})
	require.Equal(t, 2, x.Owner(pAgile))
	require.Equal(t, int64(11600), x.Cash(0))
	require.Equal(t, int64(8400), x.Cash(2))
	require.Equal(t, opoly.PhaseRoll, x.Phase())

	// No qualifying bid: the asset stays. An extended asset: the buyer pays
	// the 10% too.
	x.Do(0, opoly.OfferToAll{Cell: pAI, Reserve: 0})
	x.Do(1, opoly.Bid{Amount: 0})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 0, x.Owner(pAI))
	x.Do(0, opoly.OfferToAll{Cell: pAI, Reserve: 0})
	x.Do(1, opoly.Bid{Amount: 300})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 1, x.Owner(pAI))
	require.Equal(t, int64(10000-300-180), x.Cash(1))
	require.False(t, x.HasAction(0, "offer_to_all"), "three offers this turn")
}

// TestMF8_BidRefusalSaysEverythingWrong: a bid above the cash and off the
// 10€ steps is refused with both reasons in one sentence.
func TestMF8_BidRefusalSaysEverythingWrong(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Cash(1, 190).Pos(0, pWebsite-4)
	x.Done()
	x.Roll(0, 1, 3)
	x.Do(0, opoly.Decline{})
	x.Refuse(1, opoly.Bid{Amount: 195}, engine.CodeIllegal)
	_, err := x.G.Apply(1, opoly.Bid{Amount: 195})
	require.ErrorContains(t, err, "A bid of 195€ is more than your cash allows (190€) and not a multiple of 10€")
}

// TestG000_10_UnfilledRequestWaitsForTheNextTurn: a shortage auction
// nobody bids in staffs nobody, and the requester may not ask for another
// FTE in the same turn, so that a request nobody wants cannot be repeated
// without end, each one asking every eligible PM for a sealed bid (a bot
// did, 200,000 actions in one turn, seed 596922420529714527). The next
// turn it may ask again; the mark survives a snapshot.
func TestG000_10_UnfilledRequestWaitsForTheNextTurn(t *testing.T) {
	x := shortageBoard(t)
	x.Do(0, opoly.Build{Cell: pAI})
	for seat := range 3 {
		x.Do(seat, opoly.Bid{Amount: 0})
	}
	require.Equal(t, 0, x.Level(pAI), "nobody bid: nobody is staffed")
	require.Equal(t, opoly.PhaseRoll, x.Phase())
	require.False(t, x.HasAction(0, "build"), "no second request of an FTE this turn")
	_, err := x.G.Apply(0, opoly.Build{Cell: pAI})
	require.ErrorContains(t, err, "Nobody bid for the FTE you asked for this turn; ask again next turn.")

	snap, err := x.G.Snapshot()
	require.NoError(t, err)
	g, err := projectopoly.Definition{}.Restore(snap)
	require.NoError(t, err)
	_, err = g.Apply(0, opoly.Build{Cell: pAI})
	require.Error(t, err, "the restored game keeps the mark")

	// Another PM's request this turn is its own.
	x.Roll(0, 1, 2)
	x.Do(0, opoly.EndTurn{})
	require.Equal(t, 1, x.Active())
	require.True(t, x.HasAction(1, "build"), "seat 1 has not asked yet")
	// Seat 0's next turn: it may ask again.
	x.Roll(1, 1, 2)
	x.Do(1, opoly.EndTurn{})
	x.Roll(2, 1, 2)
	x.Do(2, opoly.EndTurn{})
	require.Equal(t, 0, x.Active())
	require.True(t, x.HasAction(0, "build"))
	x.Do(0, opoly.Build{Cell: pAI})
	require.Equal(t, opoly.PhaseAuction, x.Phase())
}

// TestUnfilledRequestCarriedIntoTheStrongBotsGame: every PM saw the
// shortage auction nobody bid in, so every PM's View says the request may
// not be made again this turn, and the game the strong bot rebuilds from
// any of them (FromView) refuses it too, as the real one does.
func TestUnfilledRequestCarriedIntoTheStrongBotsGame(t *testing.T) {
	x := shortageBoard(t)
	x.Do(0, opoly.Build{Cell: pAI})
	for seat := range 3 {
		x.Do(seat, opoly.Bid{Amount: 0})
	}
	require.False(t, x.HasAction(0, "build"))
	for viewer := range 3 {
		v := *engine.ViewOf[opoly.View](x.G.View(viewer))
		require.NotZero(t, v.Unfilled, "seat %d's view", viewer)
		lent := *engine.ViewOf[opoly.View](engine.PeekView(x.G, viewer))
		require.Equal(t, v.Unfilled, lent.Unfilled, "seat %d's lent view", viewer)
		g, err := projectopoly.Definition{}.FromView(v, 5)
		require.NoError(t, err)
		for _, a := range g.Legal(0) {
			require.NotEqual(t, "build", a.Kind(), "rebuilt from seat %d's view", viewer)
		}
		_, err = g.Apply(0, opoly.Build{Cell: pAI})
		require.Error(t, err, "rebuilt from seat %d's view", viewer)
	}
}
