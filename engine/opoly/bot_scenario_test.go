package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// The scenarios of issue 15 that the bot once got wrong.

// TestBotRefusesExploitTrade: the bot sold a street of its all-hotel group
// for $1,500, counting only that street's hotel, not the whole group's
// buildings sold at half price nor the full group lost.
func TestBotRefusesExploitTrade(t *testing.T) {
	offer := func(money int64) engine.Action {
		x := newTG(t, 2, 30000, nil)
		x.e.Own(1, cRector, cGreatHall).Level(5, cRector, cGreatHall).Own(0, cArts)
		x.done()
		x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cGreatHall}, Money: money})
		return x.botChoice(1)
	}
	require.Equal(t, opoly.RejectTrade{}, offer(1500), "the exploit: $1,500 for a street of an all-hotel group")
	require.Equal(t, opoly.RejectTrade{}, offer(3000), "still less than the group's hotels and rents are worth")
	require.IsType(t, opoly.AcceptTrade{}, offer(8000), "a price above its valuation is accepted")
}

// TestBotDoesNotGiveAwayTheFirstMonopoly: money barely above the street's
// price does not buy the street that completes a group, least of all the
// first group of the game (which the first player to move used to buy).
func TestBotDoesNotGiveAwayTheFirstMonopoly(t *testing.T) {
	offer := func(money int64) engine.Action {
		x := newTG(t, 4, 8000, nil)
		x.e.Own(0, cRector).Own(1, cGreatHall)
		x.done()
		x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cGreatHall}, Money: money})
		return x.botChoice(1)
	}
	require.Equal(t, opoly.RejectTrade{}, offer(1000), "2.5× the price")
	require.Equal(t, opoly.RejectTrade{}, offer(4500), "half the buyer's gain, but the first monopoly")
	require.IsType(t, opoly.AcceptTrade{}, offer(6000))

	// Not the first monopoly (seat 2 holds Brown): still not cheap.
	later := func(money int64) engine.Action {
		x := newTG(t, 4, 8000, nil)
		x.e.Own(0, cRector).Own(1, cGreatHall).Own(2, cBikeShed, cOldCanteen)
		x.done()
		x.do(0, opoly.ProposeTrade{To: 1, Take: []int{cGreatHall}, Money: money})
		return x.botChoice(1)
	}
	require.Equal(t, opoly.RejectTrade{}, later(1000), "2.5× the price")
	require.Equal(t, opoly.RejectTrade{}, later(3000))
	require.Equal(t, opoly.RejectTrade{}, later(4000), "it gains at least as much as the proposer (answerWeight, issue 27)")
	require.IsType(t, opoly.AcceptTrade{}, later(5000))
}

// TestBotDoesNotRepeatRejectedOffer: a refused proposal is not made again
// in the same turn; the next turns bring higher offers up to the bot's
// limit, then it waits, and offers again when the group changes or after
// the wait. (Seat 1 owns a full group, so that Great Hall would not be the
// first monopoly, which seat 1 sells only dear.)
func TestBotDoesNotRepeatRejectedOffer(t *testing.T) {
	x := newTG(t, 2, 6000, nil)
	x.e.Own(0, cRector).Own(1, cGreatHall, cBikeShed, cOldCanteen)
	x.done()
	b := unipoly.Definition{}.NewBot(0, 42)
	choose := func() engine.Action { return b.Choose(x.g.View(0), x.g.Legal(0)) }
	turn := func(round int) {
		x.e.NewTurn(0, round)
		x.done()
	}
	var last int64
	for round := 1; round <= 3; round++ {
		turn(round)
		p, ok := choose().(opoly.ProposeTrade)
		require.True(t, ok, "round %d: an offer", round)
		require.Equal(t, []int{cGreatHall}, p.Take)
		require.Greater(t, p.Money, last, "each new offer is higher")
		require.Less(t, p.Money, int64(6000))
		last = p.Money
		x.do(0, p)
		x.do(1, opoly.RejectTrade{})
		require.Equal(t, opoly.Roll{}, choose(), "round %d: not again in the same turn", round)
	}
	for round := 4; round < 3+10; round++ {
		turn(round)
		require.Equal(t, opoly.Roll{}, choose(), "round %d: no nagging", round)
	}
	turn(3 + 10)
	require.IsType(t, opoly.ProposeTrade{}, choose(), "after the wait, an offer again")

	y := newTG(t, 2, 6000, nil)
	y.e.Own(0, cRector).Own(1, cGreatHall, cBikeShed, cOldCanteen)
	y.done()
	b = unipoly.Definition{}.NewBot(0, 42)
	for round := 1; round <= 4; round++ {
		y.e.NewTurn(0, round)
		y.done()
		if p, ok := b.Choose(y.g.View(0), y.g.Legal(0)).(opoly.ProposeTrade); ok {
			y.do(0, p)
			y.do(1, opoly.RejectTrade{})
		}
	}
	y.e.NewTurn(0, 5).Mortgaged(cGreatHall)
	y.done()
	require.IsType(t, opoly.ProposeTrade{}, b.Choose(y.g.View(0), y.g.Legal(0)), "the group changed: a new offer")
}

// TestBotReserveFitsRents: the reserve follows the rents the bot may have
// to pay, not a flat cap of $900: with a $2,000 hotel within one roll it
// does not build with $1,500; with the hotel out of reach it keeps half of
// that rent, and builds.
func TestBotReserveFitsRents(t *testing.T) {
	build := func(pos int) engine.Action {
		x := newTG(t, 2, 1500, nil)
		x.e.Own(0, cBikeShed, cOldCanteen).Own(1, cRector, cGreatHall).Level(5, cRector, cGreatHall).Pos(0, pos)
		x.done()
		return x.botChoice(0)
	}
	require.Equal(t, opoly.Roll{}, build(cGoToJail), "Great Hall is 9 away: keep $2,000")
	require.IsType(t, opoly.Build{}, build(cGO), "out of reach: keep $1,100, build")
	for cash, built := range map[int64]bool{1150: true, 1140: false} {
		x := newTG(t, 2, cash, nil)
		x.e.Own(0, cBikeShed, cOldCanteen).Own(1, cRector, cGreatHall).Level(5, cRector, cGreatHall)
		x.done()
		_, ok := x.botChoice(0).(opoly.Build)
		require.Equal(t, built, ok, "with %d: a $50 house leaves %d for a reserve of $1,100", cash, cash-50)
	}
}

// TestBotValuesGatesByCount: a Campus Gate is worth its price plus the
// rent it earns at the number of gates its owner would hold, a utility
// likewise at an average roll, and no street formula.
func TestBotValuesGatesByCount(t *testing.T) {
	gates := []int{cNorthGate, cEastGate, cSouthGate, cWestGate}
	rents := []int64{25, 50, 100, 200}
	// In a two-player game a cell is landed on about once in the horizon
	// (landings = 1.00), so a holding of n gates is worth n × ($200 + rent(n)).
	holding := func(n int) int64 {
		if n == 0 {
			return 0
		}
		return int64(n) * (200 + rents[n-1])
	}
	prev := int64(0)
	for n := 0; n < 4; n++ {
		x := newTG(t, 2, 1500, nil)
		if n > 0 {
			x.e.Own(0, gates[:n]...)
		}
		x.done()
		w := opoly.BotMarginal(x.v(0), 0, gates[n])
		require.Equal(t, holding(n+1)-holding(n), w, "gate %d", n+1)
		require.Greater(t, w, prev, "each gate is worth more than the one before")
		prev = w
	}
	require.Less(t, prev, int64(1000))
	x := newTG(t, 2, 1500, nil)
	x.done()
	require.Equal(t, int64(150+4*7), opoly.BotMarginal(x.v(0), 0, cWiFi), "one utility: 4 × an average roll of 7")
	x.e.Own(0, cWiFi)
	x.done()
	require.Equal(t, int64(2*(150+10*7)-(150+4*7)), opoly.BotMarginal(x.v(0), 0, cPrint), "the second: both at 10×")
}

// TestBotBidsUpToItsValuation: auctions no longer go to 1.4× the list
// price: a bot bids what the lot is worth paying for (auctionValue: what
// it earns, its mortgage rather than its whole price, issue 27), and no
// more than it takes to outbid the rival who values it most.
func TestBotBidsUpToItsValuation(t *testing.T) {
	x := newTG(t, 2, 5000, nil)
	x.e.Own(1, cNorthGate, cEastGate, cSouthGate).Pos(0, cGoToJail)
	x.done()
	x.roll(0, 2, 3)
	require.Equal(t, cWestGate, x.pos(0))
	x.do(0, opoly.Decline{})
	require.Equal(t, opoly.PhaseAuction, x.phase())
	// The fourth gate earns $700 to seat 1 and $225 to seat 0, less the
	// $100 of its $200 price that a mortgage would not raise again; $225
	// to seat 0 counting that it keeps seat 1 from holding all four.
	require.Equal(t, int64(700), opoly.BotMarginal(x.v(1), 1, cWestGate))
	require.Equal(t, int64(225), opoly.BotMarginal(x.v(0), 0, cWestGate))
	require.Equal(t, int64(600), opoly.BotAuctionValue(x.v(1), 1, cWestGate))
	require.Equal(t, int64(225), opoly.BotAuctionValue(x.v(0), 0, cWestGate))
	b0 := x.botChoice(0).(opoly.Bid)
	require.LessOrEqual(t, b0.Amount, int64(225), "seat 0 bids no more than its valuation")
	require.Greater(t, b0.Amount, int64(200), "and near it")
	x.do(0, b0)
	b1 := x.botChoice(1).(opoly.Bid)
	require.Greater(t, b1.Amount, int64(225), "seat 1 outbids seat 0's valuation")
	require.LessOrEqual(t, b1.Amount, int64(225+20), "by no more than a tenth of the price: not up to its own $600")
	x.do(1, b1)
	require.Equal(t, 1, x.owner(cWestGate))
}

// Projectopoly projects of TestBotProposesOnlyLegalSwaps (Projectopoly's
// rule tests live in engine/opoly/projectopoly).
const (
	pLegacy   = 1
	pHelpDesk = 3
	pAI       = 37
	pCoreBank = 39
)

// newPP starts a Projectopoly game with a clean board (the core's tg).
func newPP(t *testing.T, seats int, cash int64, opts map[string]string) *tg {
	t.Helper()
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: seats, Seed: 7, Options: opts})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	x.e.Clean(cash).Turn(0)
	x.done()
	return x
}

// TestBotProposesOnlyLegalSwaps: in Projectopoly the receiver of a
// property under budget extension pays 10% of it at once (R000-28), after
// the trade's money; the bot proposes only swaps the receiver can pay for
// (the sim found one it could not: "bot chose an illegal action"). Over a
// range of the receiver's cash, every proposal is legal.
func TestBotProposesOnlyLegalSwaps(t *testing.T) {
	swaps := 0
	for _, mine := range []int64{2500, 6000} {
		for cash := int64(0); cash <= 25000; cash += 100 {
			// Seat 0 completes its grey group with Help Desk and gives AI
			// (under budget extension), which completes seat 1's blue group.
			x := newPP(t, 2, mine, nil)
			x.e.Own(0, pLegacy, pAI).Own(1, pHelpDesk, pCoreBank).Mortgaged(pAI).Cash(1, cash)
			x.done()
			a := x.botChoice(0)
			if p, ok := a.(opoly.ProposeTrade); ok && len(p.Give) > 0 {
				swaps++
			}
			x.do(0, a) // legal
		}
	}
	require.Positive(t, swaps, "the bot offers the swap when the receiver can pay")
	// The game of the sim (4 players, --seed 1, game 995) where it happened.
	res := sim.Play(sim.Config{Def: projectopoly.Definition{}, Games: 1000, Players: 4, Seed: 1, MaxRounds: 1000}, 995)
	require.NoError(t, res.Err)
	require.True(t, res.Finished)
}
