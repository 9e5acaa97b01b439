package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// choose is seat's bot's choice now.
func choose(x *tg, seat int) engine.Action {
	return projectopolyDef().NewBot(seat, 1).Choose(x.G.View(seat), x.G.Legal(seat))
}

// TestG000_12_BotOffersABlockedProjectToAll: a bot that owns a group it
// cannot afford to staff sells, to the best offer with a reserve of the
// printed price, a project it cannot complete (a rival holds another of its
// group); once per project and turn.
func TestG000_12_BotOffersABlockedProjectToAll(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.E.Own(0, pAI, pCoreBank, pIntranet, pKPI).Own(1, pTimesheet).Cash(0, 1500)
	x.Done()
	bot := projectopolyDef().NewBot(0, 1)
	a := bot.Choose(x.G.View(0), x.G.Legal(0))
	require.Equal(t, opoly.OfferToAll{Cell: pIntranet, Reserve: 1000}, stripTemplate(a))
	x.Do(0, a)
	x.Do(1, opoly.Bid{Amount: 0})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 0, x.Owner(pIntranet), "no taker")
	a = bot.Choose(x.G.View(0), x.G.Legal(0))
	require.NotEqual(t, "offer_to_all", a.Kind(), "not offered again this turn; KPI is not blocked")

	// Cash enough to staff: nothing is sold.
	y := newPP(t, 3, 10000, nil)
	y.E.Own(0, pAI, pCoreBank, pIntranet).Own(1, pTimesheet)
	y.Done()
	require.NotEqual(t, "offer_to_all", choose(y, 0).Kind())
}

// stripTemplate drops a template's unexported bounds for comparison.
func stripTemplate(a engine.Action) engine.Action {
	if o, ok := a.(opoly.OfferToAll); ok {
		return opoly.OfferToAll{Cell: o.Cell, Reserve: o.Reserve}
	}
	return a
}

// TestA000_21_BotPaysWithABlockedAsset: in a debt to a PM, the bot offers
// its creditor a project it cannot complete before it takes any extension,
// and accepts a valuation worth at least what an extension would raise.
func TestA000_21_BotPaysWithABlockedAsset(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.E.Own(1, pAI, pCoreBank).Own(0, pIntranet, pWebsite, pPortal, pStore).Own(2, pTimesheet).Cash(0, 200)
	x.Done()
	x.LandOn(0, pCoreBank)
	require.Equal(t, opoly.PhaseDebt, x.Phase())
	bot := projectopolyDef().NewBot(0, 1)
	a := bot.Choose(x.G.View(0), x.G.Legal(0))
	require.Equal(t, opoly.OfferAssets{Cells: []int{pIntranet}}, a)
	x.Do(0, a)
	x.Do(1, opoly.ValueAssets{Amount: 400})
	require.Equal(t, opoly.RejectValuation{}, bot.Choose(x.G.View(0), x.G.Legal(0)), "400€ is less than the 500€ of an extension")
	x.Do(0, opoly.RejectValuation{})
	a = bot.Choose(x.G.View(0), x.G.Legal(0))
	require.Equal(t, "offer_to_all", a.Kind(), "then to all, at least what an extension raises")
	require.Equal(t, int64(500), a.(opoly.OfferToAll).Reserve)
	x.Do(0, a)
	x.Do(1, opoly.Bid{Amount: 0})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, "mortgage", bot.Choose(x.G.View(0), x.G.Legal(0)).Kind(), "no taker: an extension")

	y := newPP(t, 3, 10000, nil)
	y.E.Own(1, pAI, pCoreBank).Own(0, pIntranet).Own(2, pTimesheet).Cash(0, 200)
	y.Done()
	y.LandOn(0, pCoreBank)
	y.Do(0, opoly.OfferAssets{Cells: []int{pIntranet}})
	y.Do(1, opoly.ValueAssets{Amount: 600})
	require.Equal(t, opoly.AcceptValuation{}, choose(y, 0))
}

// TestG000_10_BotPlacesWhereTheFeeRisesMost: a bot that wins a shortage
// auction places the unit where the fee rises most.
func TestG000_10_BotPlacesWhereTheFeeRisesMost(t *testing.T) {
	x := shortageBoard(t)
	x.Do(0, opoly.Build{Cell: pAI})
	x.Do(0, opoly.Bid{Amount: 2000})
	x.Do(1, opoly.Bid{Amount: 2200})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, opoly.PlaceUnit{Cell: pHelpDesk}, choose(x, 1), "Help-Desk: 40€ → 200€; Legacy: 20€ → 100€")
}

// TestA000_25_BotRedeemsWhenRich: a bot creditor redeems an extended asset
// it receives when its cash stays well above its reserve, else pays 10%.
func TestA000_25_BotRedeemsWhenRich(t *testing.T) {
	for _, tc := range []struct {
		cash int64
		want engine.Action
	}{{20000, opoly.RedeemReceived{Cell: pAgile}}, {1000, opoly.PayTransferFees{}}} {
		x := newPP(t, 3, 10000, nil)
		x.E.Own(1, pAI, pCoreBank).Level(4, pAI, pCoreBank).Cash(1, tc.cash)
		x.E.Own(0, pAgile).Mortgaged(pAgile).Cash(0, 100)
		x.Done()
		x.LandOn(0, pCoreBank)
		x.Do(0, opoly.DeclareBankruptcy{})
		require.Equal(t, opoly.PhaseReceive, x.Phase())
		require.True(t, x.HasAction(1, "redeem_received"), "it could redeem")
		require.Equal(t, tc.want, choose(x, 1), "cash %d", tc.cash)
	}
}
