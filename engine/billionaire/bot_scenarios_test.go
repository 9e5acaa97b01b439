package billionaire

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// The bot's scenarios (issue 15): it values each Lab by what it earns,
// keeps a reserve for upkeep, upgrades its worst Lab, waits for a better
// Lab in a later zone only when one will be left for it, and never takes
// on a Work Item that would cost it more than it brings.

// botChoice asks a fresh bot of seat for its action now.
func botChoice(g *Game, seat int) engine.Action {
	return newBot(seat, 1).Choose(g.View(seat), g.Legal(seat))
}

// occupy gives the Labs named to seats 1, 2, ... (three each), as if the
// other players had bought them in round 1.
func occupy(t *testing.T, g *Game, names ...string) {
	t.Helper()
	for k, n := range names {
		giveLab(g, 1+k/MaxLabs, loc(t, n), 1)
	}
	require.NoError(t, g.CheckInvariants())
}

// A Lab is worth what it earns, not its capacity: Kraków (6 man-days, in
// Europe with 64 customers and one event card) earns more than Nairobi (9
// man-days, in Africa with 16 customers and four event cards).
func TestBotValuesLabsByWhatTheyEarn(t *testing.T) {
	g := newGame(t, 4, 1)
	// Left free: Kraków and Nairobi, and the West Labs it cannot afford.
	occupy(t, g, "London", "Berlin", "Cape Town", "Lagos", "Buenos Aires", "Austin", "Bogotá")
	g.s.Round = 2
	visit(g, 0, Center, [numCardTypes]int{CardAcquire: 1})
	require.Equal(t, AcquireLab{Loc: loc(t, "Kraków")}, botChoice(g, 0))
	require.Greater(t, labIncome(location(loc(t, "Kraków"))), labIncome(location(loc(t, "Nairobi"))))
	// A larger Lab on a busy continent earns more than a cheap one.
	require.Greater(t, labIncome(location(loc(t, "Toronto"))), labIncome(location(loc(t, "Buenos Aires"))))
	require.Greater(t, labIncome(location(loc(t, "San Francisco"))), labIncome(location(loc(t, "London"))))
}

// The bot keeps four rounds of upkeep after a purchase: with 30 M€ it does
// not buy Nairobi (24 M€, 2 M€ upkeep: 6 M€ left) but Lagos (12 M€).
func TestBotKeepsAnUpkeepReserve(t *testing.T) {
	g := newGame(t, 4, 1)
	occupy(t, g, "London", "Berlin", "Cape Town", "Kraków", "Bogotá")
	setCapital(g, 0, 30)
	g.s.Round = 2
	visit(g, 0, Center, [numCardTypes]int{CardAcquire: 1})
	require.Equal(t, AcquireLab{Loc: loc(t, "Lagos")}, botChoice(g, 0))
	setCapital(g, 0, 15)
	require.Equal(t, EndZone{}, botChoice(g, 0), "15 M€ leaves too little for Lagos's upkeep")
}

// With all three Lab Indicators in use and money to spare, the bot chooses
// Sell Lab and Acquire Lab, sells its worst Lab (losing its empty
// container) and buys a better one in the same zone or a later one.
func TestBotUpgradesItsWorstLab(t *testing.T) {
	g := newGame(t, 3, 1)
	giveLab(g, 0, loc(t, "Bangalore"), 1)
	giveLab(g, 0, loc(t, "Lagos"), 1)
	giveLab(g, 0, loc(t, "Toronto"), 1)
	fill(g, 0, 0, findItem(t, "S-PJ-LO-01"), 5, loc(t, "Bangalore"))
	occupy(t, g, "Berlin", "Kraków", "Cape Town", "Nairobi")
	setCapital(g, 0, 200)
	g.s.Round = 6
	sel, ok := botChoice(g, 0).(Choose)
	require.True(t, ok)
	require.Equal(t, 1, sel.Sell)
	require.Equal(t, 1, sel.Acquire)
	visit(g, 0, Center, sel.Counts())
	a := botChoice(g, 0)
	require.Equal(t, SellLab{Lab: loc(t, "Lagos"), Container: 1}, a, "the worst Lab, and an empty container")
	mustApply(t, g, 0, a)
	_, buys := botChoice(g, 0).(AcquireLab)
	require.False(t, buys, "London is not the best Lab it can still get")
	visit(g, 0, West, [numCardTypes]int{CardAcquire: 1})
	a = botChoice(g, 0)
	require.Equal(t, AcquireLab{Loc: loc(t, "San Francisco")}, a)
	mustApply(t, g, 0, a)
	require.Equal(t, "S-PJ-LO-01", item(g.s.Players[0].Containers[0].Item).Code, "the item in work is kept")
}

// Near the end a Lab no longer pays back its cost: the bot does not buy.
func TestBotStopsBuyingLabsNearTheEnd(t *testing.T) {
	g := newGame(t, 2, 1)
	setCapital(g, 0, 300)
	g.s.Round = g.s.MaxRounds
	require.Equal(t, 0, botChoice(g, 0).(Choose).Acquire)
	visit(g, 0, West, [numCardTypes]int{CardAcquire: 1})
	require.Equal(t, EndZone{}, botChoice(g, 0))
}

// Round 1 is a draft: the first seat passes the East zone for the better
// Lab it can still get later, while the last seat, with three seats ahead
// of it still holding cards, takes the best Lab it can be sure of now.
func TestBotWaitsForALaterLabOnlyIfOneWillBeLeft(t *testing.T) {
	g := newGame(t, 4, 1)
	require.Equal(t, PhaseSelect, g.s.Phase)
	for _, s := range g.s.Order {
		mustApply(t, g, s, Choose{Acquire: 1})
	}
	require.Equal(t, East, g.s.Zone)
	first := g.s.Order[0]
	require.Equal(t, first, g.s.current())
	require.Equal(t, EndZone{}, botChoice(g, first), "the first seat waits for a better Lab")
	for k := 0; k < 3; k++ {
		mustApply(t, g, g.s.current(), EndZone{})
	}
	last := g.s.Order[3]
	require.Equal(t, last, g.s.current())
	a, ok := botChoice(g, last).(AcquireLab)
	require.True(t, ok, "the last seat buys in the East")
	require.Equal(t, East, location(a.Loc).Zone)
}

// Taking on a Work Item is a deal: one it cannot finish before the end
// costs its cancellation fee in the adjusted capital (R003-19), so the
// bot declines it; one it can finish it accepts.
func TestBotDeclinesWorkItCannotFinish(t *testing.T) {
	g := newGame(t, 2, 1)
	giveLab(g, 0, loc(t, "Shanghai"), 1)
	decide := func(round int, code string) engine.Action {
		g.s.Round = round
		visit(g, 0, East, [numCardTypes]int{})
		g.s.Phase, g.s.Drawn = PhaseDecide, []int{findItem(t, code)}
		return botChoice(g, 0)
	}
	require.Equal(t, Decline{}, decide(g.s.MaxRounds-1, "L-PJ-LO-05"), "150 man-days in one round")
	require.Equal(t, Accept{}, decide(3, "S-PJ-LO-01"), "15 man-days with 22 rounds to go")
	require.Equal(t, Decline{}, decide(g.s.MaxRounds, "S-PJ-LO-03"), "25 man-days in the last round")
}

// The bot's tables of customers and event cards per continent are those
// of the deck and the event cards (G003-03, R003-20).
func TestBotContinentTablesMatchTheData(t *testing.T) {
	var cust, ev [numContinents]int64
	for id := 0; id < NumItems; id++ {
		cust[item(id).Customer]++
	}
	for id := 0; id < NumEvents; id++ {
		_, c := event(id)
		ev[c]++
	}
	for c := 0; c < numContinents; c++ {
		require.Equal(t, cust[c], customers(c), ContinentName(c))
		require.Equal(t, ev[c], blockers(c), ContinentName(c))
	}
}
