package opoly_test

import (
	"os"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// The auditor's reasons (bot_audit.go), in AuditWhy's order.
const (
	whyLoss = iota
	whyReserve
	whyBuyBack
	whyOverbidLot
	whyOverbidUnit
	whyRepeatTrade
	whyRepeatTakeover
)

// audited applies seat's action a (a bot's) through the auditor.
func audited(x *tg, au engine.Auditor, seat int, a engine.Action) {
	x.t.Helper()
	au.Before(x.g, seat, a, true)
	x.do(seat, a)
	au.After(x.g, seat, a, true)
}

// TestAuditCountsDealBelowValuation: a bot that gives a street away for
// nothing, accepted, is a deal below its own valuation; the side that
// gains is not counted.
func TestAuditCountsDealBelowValuation(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cArts)
	x.done()
	au := engine.NewAuditor(unipoly.Definition{}, 2)
	audited(x, au, 0, opoly.ProposeTrade{To: 1, Give: []int{cArts}})
	audited(x, au, 1, opoly.AcceptTrade{})
	require.Equal(t, 1, au.Audit().DealsBelowValuation)
	require.Equal(t, 1, opoly.AuditWhy(au)[whyLoss])
}

// TestAuditCountsDealOutOfReserve: a purchase worth its price to the bot
// that leaves it less cash than its reserve (a rival's hotels are near)
// counts: what it gives up of its reserve is part of the deal.
func TestAuditCountsDealOutOfReserve(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(1, cRector, cGreatHall, cArts).Level(5, cRector, cGreatHall)
	x.done()
	res := opoly.BotReserve(x.v(0), 0)
	require.Greater(t, res, int64(1000), "the reserve fits the rival's hotels")
	x.e.Cash(0, res+50)
	x.done()
	au := engine.NewAuditor(unipoly.Definition{}, 2)
	audited(x, au, 0, opoly.ProposeTrade{To: 1, Take: []int{cArts}, Money: 150})
	// seat 1 is a player: its own bad deal is its business
	au.Before(x.g, 1, opoly.AcceptTrade{}, false)
	x.do(1, opoly.AcceptTrade{})
	au.After(x.g, 1, opoly.AcceptTrade{}, false)
	require.Equal(t, 1, au.Audit().DealsBelowValuation)
	require.Equal(t, 1, opoly.AuditWhy(au)[whyReserve])
}

// TestAuditCountsOverbid: a bid above what the lot is worth paying for to
// the bot counts; one at its valuation does not.
func TestAuditCountsOverbid(t *testing.T) {
	x := newTG(t, 2, 5000, nil)
	x.e.Own(1, cNorthGate, cEastGate, cSouthGate).Pos(0, cGoToJail)
	x.done()
	x.roll(0, 2, 3)
	x.do(0, opoly.Decline{})
	au := engine.NewAuditor(unipoly.Definition{}, 2)
	audited(x, au, 0, opoly.Bid{Amount: 220})
	require.Zero(t, au.Audit().Overbids, "$220 of the $225 seat 0's valuation")
	audited(x, au, 1, opoly.Bid{Amount: 650})
	require.Equal(t, 1, au.Audit().Overbids, "$650 of seat 1's $600")
	require.Equal(t, 1, opoly.AuditWhy(au)[whyOverbidLot])
}

// TestAuditCountsBuyBackAtALoss: a project bought and offered to all in
// the same round with a reserve below its price counts; the next round
// it does not.
func TestAuditCountsBuyBackAtALoss(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 2, Seed: 7})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	x.e.Clean(20000).Turn(0).Pos(0, 0).Round(2)
	x.done()
	au := engine.NewAuditor(projectopoly.Definition{}, 2)
	au.Before(x.g, 0, opoly.Roll{}, true)
	x.roll(0, 1, 2) // to cell 3, a project
	au.After(x.g, 0, opoly.Roll{}, true)
	require.Equal(t, 3, x.pos(0))
	audited(x, au, 0, opoly.Buy{})
	require.Equal(t, 0, x.owner(3))
	price := x.v(0).Board.Cells[3].Price
	au.Before(x.g, 0, opoly.OfferToAll{Cell: 3, Reserve: price}, true)
	require.Zero(t, au.Audit().DealsBelowValuation, "offered at what it paid")
	au.Before(x.g, 0, opoly.OfferToAll{Cell: 3, Reserve: price - 100}, true)
	require.Equal(t, 1, au.Audit().DealsBelowValuation, "offered back for less in the round it was bought")
	require.Equal(t, 1, opoly.AuditWhy(au)[whyBuyBack])
	x.e.Round(3)
	x.done()
	au.Before(x.g, 0, opoly.OfferToAll{Cell: 3, Reserve: price - 100}, true)
	require.Equal(t, 1, au.Audit().DealsBelowValuation, "a later round: no longer the same round's buy-back")
}

// TestAuditCountsRepeatedRequest: a trade refused and proposed again
// within 10 rounds with no better offer counts; a better one does not,
// nor the same one after 10 rounds.
func TestAuditCountsRepeatedRequest(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cRector).Own(1, cGreatHall, cBikeShed, cOldCanteen)
	x.done()
	au := engine.NewAuditor(unipoly.Definition{}, 2)
	ask := func(round int, money int64) {
		x.e.NewTurn(0, round)
		x.done()
		audited(x, au, 0, opoly.ProposeTrade{To: 1, Take: []int{cGreatHall}, Money: money})
		audited(x, au, 1, opoly.RejectTrade{})
	}
	// (the game itself refuses the very same proposal again in a turn)
	ask(1, 400)
	ask(2, 390)
	require.Equal(t, 1, au.Audit().RepeatedRequests, "a lower offer the next round")
	ask(3, 300)
	require.Equal(t, 2, au.Audit().RepeatedRequests, "lower still")
	ask(4, 500)
	require.Equal(t, 2, au.Audit().RepeatedRequests, "a better one is no nagging")
	ask(14, 490)
	require.Equal(t, 2, au.Audit().RepeatedRequests, "10 rounds later")
	require.Equal(t, 2, opoly.AuditWhy(au)[whyRepeatTrade])
}

// TestAuditCountsRepeatedTakeover: a takeover denied and requested again
// within 10 rounds counts (its price is fixed: it cannot improve).
func TestAuditCountsRepeatedTakeover(t *testing.T) {
	g, err := technopoly.Definition{}.New(engine.Setup{Seats: 2, Seed: 7})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	x.e.Clean(150000).Turn(0)
	x.e.Own(1, tSperrin)
	x.done()
	au := engine.NewAuditor(technopoly.Definition{}, 2)
	ask := func(round int) {
		x.e.NewTurn(0, round)
		x.done()
		audited(x, au, 0, opoly.RequestTakeover{Cell: tSperrin})
		audited(x, au, 1, opoly.DenyTakeover{})
	}
	ask(3)
	ask(5)
	require.Equal(t, 1, au.Audit().RepeatedRequests)
	require.Equal(t, 1, opoly.AuditWhy(au)[whyRepeatTakeover])
	ask(15)
	require.Equal(t, 1, au.Audit().RepeatedRequests, "10 rounds after the last refusal")
}

// TestAuditBuyBackReadsThePricePaid: the bid that ends a player's sale may
// settle other debts of the winner in the same step (here the rest of a
// card's collection, 100€, queued behind the seller's debt: the game of
// seed 15872862403994350886, round 20, by `boardroom sim --seed 11`). What
// the winner paid for the property is its price, not all the cash the
// step took: offering it back at that price is no loss.
func TestAuditBuyBackReadsThePricePaid(t *testing.T) {
	snap, err := os.ReadFile("testdata/audit-sale-pays-a-card.json")
	require.NoError(t, err)
	g, err := projectopoly.Definition{}.Restore(snap)
	require.NoError(t, err)
	au := engine.NewAuditor(projectopoly.Definition{}, 4)
	au.Before(g, 3, opoly.Bid{Amount: 0}, true)
	_, err = g.Apply(3, opoly.Bid{Amount: 0})
	require.NoError(t, err)
	au.After(g, 3, opoly.Bid{Amount: 0}, true)
	v := engine.ViewOf[opoly.View](g.View(engine.Spectator))
	require.Equal(t, 2, v.Cells[5].Owner, "seat 2 bought it for 2.480€")
	require.Equal(t, int64(8280-2480-100), v.Players[2].Cash, "and paid the card's 100€ in the same step")
	au.Before(g, 2, opoly.OfferToAll{Cell: 5, Reserve: 2480}, true)
	require.Zero(t, au.Audit().DealsBelowValuation, "offered back at its price")
	au.Before(g, 2, opoly.OfferToAll{Cell: 5, Reserve: 2470}, true)
	require.Equal(t, 1, opoly.AuditWhy(au)[whyBuyBack], "below its price")
}

// TestBotNotesTheTransferFeeItPays: bidding for a mortgaged property a
// player sells to all, the bot notes that winning costs its bid and the
// transfer fee (R000-28), so that it never offers the property back in the
// same round for less than both (Advice.Paid, the auditor's buy-back); nor
// in the next, where the auction may have ended (its last bid can end the
// round too). Two rounds later the note is no longer read.
func TestBotNotesTheTransferFeeItPays(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 2, Seed: 7})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	const agile = 5 // a certification, price 2.000€, mortgage 1.000€
	x.e.Clean(20000).Turn(1).Own(1, agile).Mortgaged(agile)
	x.done()
	x.do(1, opoly.OfferToAll{Cell: agile, Reserve: 0})
	bid, paid, ok := opoly.BotBidPaid(g, 0)
	require.True(t, ok)
	require.Positive(t, bid)
	fee := x.v(0).Rules.TransferFee(agile)
	require.Positive(t, fee)
	require.Equal(t, [3]int64{bid + fee, bid + fee, 0}, paid)
}
