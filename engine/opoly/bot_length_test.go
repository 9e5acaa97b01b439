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

// The scenarios behind the length of bot games (issue 15): groups that
// stayed split for the whole game because no trade between two players
// made anything new, or because money was too short to buy them.

// proposeUntil lets seat's bot propose for up to three of its turns, the
// other side's bot answering, and returns the proposals made.
func proposeUntil(x *tg, seat int, done func() bool) []opoly.ProposeTrade {
	x.t.Helper()
	b := unipoly.Definition{}.NewBot(seat, 42)
	var out []opoly.ProposeTrade
	for round := 1; round <= 3 && !done(); round++ {
		x.e.NewTurn(seat, round)
		x.done()
		p, ok := b.Choose(x.g.View(seat), x.g.Legal(seat)).(opoly.ProposeTrade)
		if !ok {
			break
		}
		out = append(out, p)
		x.do(seat, p)
		x.do(p.To, x.botChoice(p.To))
	}
	return out
}

// TestBotBuysAStreetOfAGroupSplitThreeWays: with the three Medical
// streets held by three players, no trade completes the group; the bot
// buys the street of one of the others, after which one trade completes
// it. In a sim game three rich players sat on three such groups from round
// 40 to the round cap.
func TestBotBuysAStreetOfAGroupSplitThreeWays(t *testing.T) {
	x := newTG(t, 3, 3000, nil)
	x.e.Own(0, cMedical).Own(1, cResearch).Own(2, cLibrary)
	x.done()
	props := proposeUntil(x, 0, func() bool { return x.owner(cResearch) == 0 || x.owner(cLibrary) == 0 })
	require.NotEmpty(t, props, "an offer for one of the streets")
	for _, p := range props {
		require.Len(t, p.Take, 1)
		require.Contains(t, []int{cResearch, cLibrary}, p.Take[0])
		require.Positive(t, p.Money)
	}
	require.True(t, x.owner(cResearch) == 0 || x.owner(cLibrary) == 0, "sold to the bot: %v", props)
	last := props[len(props)-1]
	require.Less(t, last.Money, int64(3*320), "not at any price")

	// The answer is by the seller's own valuation: its street for a
	// token sum is refused.
	y := newTG(t, 3, 3000, nil)
	y.e.Own(0, cMedical).Own(1, cResearch).Own(2, cLibrary)
	y.done()
	y.do(0, opoly.ProposeTrade{To: 1, Take: []int{cResearch}, Money: 100})
	require.Equal(t, opoly.RejectTrade{}, y.botChoice(1))
}

// TestBotPaysForAGroupWithAProperty: short of money, the bot offers one
// of its other properties towards the street that completes its group;
// the other bot accepts (seat 1 holds Brown, so Great Hall would not be
// the first full group of the game, which it sells only dear).
func TestBotPaysForAGroupWithAProperty(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cRector, cCompSci, cBar).Cash(0, 1200).Own(1, cGreatHall, cBikeShed, cOldCanteen)
	x.done()
	props := proposeUntil(x, 0, func() bool { return x.owner(cGreatHall) == 0 })
	require.NotEmpty(t, props)
	require.Equal(t, 0, x.owner(cGreatHall), "the group completed: %v", props)
	last := props[len(props)-1]
	require.Equal(t, []int{cGreatHall}, last.Take)
	require.Len(t, last.Give, 1, "a property towards the price")
	require.Contains(t, []int{cCompSci, cBar}, last.Give[0])
	require.Equal(t, 1, x.owner(last.Give[0]))
}

// TestBotMortgagesAnUnbuiltGroupBeforeSellingBuildings: to pay a debt, the
// bot mortgages a street of a full group it has not built on (which earns
// only the doubled base rent) before it sells buildings at half price.
func TestBotMortgagesAnUnbuiltGroupBeforeSellingBuildings(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.e.Cash(0, 100).Own(0, cBikeShed, cOldCanteen, cNorthDorm, cSouthDorm, cIntlHouse).Level(1, cBikeShed, cOldCanteen).
		Own(1, cRector, cGreatHall).Level(1, cGreatHall, cRector)
	x.done()
	x.landOn(0, cGreatHall)
	require.Equal(t, opoly.PhaseDebt, x.phase())
	a, ok := x.botChoice(0).(opoly.Mortgage)
	require.True(t, ok, "a mortgage, not a sale")
	require.Contains(t, []int{cNorthDorm, cSouthDorm, cIntlHouse}, a.Cell)
	x.do(0, a)
	require.Equal(t, 1, x.v(engine.Spectator).Cells[cBikeShed].Level, "no building sold")
}

// TestBotGamesEndInAnEvening plays 200 four-player bot games of Unipoly
// and Projectopoly: none reaches the round cap and the mean length stays
// near what it was before the bots valued trades (Unipoly 86 rounds,
// Projectopoly 34-40). With the first valuing bot Projectopoly games took
// 68 rounds and Unipoly 92, and some were capped at 500.
func TestBotGamesEndInAnEvening(t *testing.T) {
	for _, c := range []struct {
		def    engine.Definition
		rounds float64
	}{{unipoly.Definition{}, 75}, {projectopoly.Definition{}, 48}} {
		s, err := sim.Run(sim.Config{Def: c.def, Games: 200, Players: 4, Seed: 1, Workers: 1})
		require.NoError(t, err)
		name := c.def.Info().ID
		require.Zero(t, s.Errors, name)
		// A game may stall to the round cap when no trade the bots accept
		// completes a group: since the bots take no trade that profits the
		// other side more (issue 27) that happens in 0.18% of four-player
		// Unipoly games (4,000 games; 0.13% before), 1 of these 200.
		require.LessOrEqual(t, s.Capped, 2, name)
		require.Less(t, s.MeanRounds, c.rounds, name)
	}
}
