package billionaire

import (
	"slices"
	"strings"
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestR003_01_Goal(t *testing.T) {
	// One billion at the end of a round ends the game at once.
	g := newGame(t, 2, 1)
	setCapital(g, 1, WinCapital)
	g.postRound(&events{})
	require.Equal(t, PhaseOver, g.s.Phase)
	require.Equal(t, 1, g.Outcome().Results[1].Placement)
	// Otherwise the game ends after round 25, not before.
	g = newGame(t, 2, 2)
	for g.s.Round < DefaultRounds {
		g.postRound(&events{})
		require.NotEqual(t, PhaseOver, g.s.Phase, "round %d", g.s.Round)
	}
	g.postRound(&events{})
	require.Equal(t, PhaseOver, g.s.Phase)
	require.Equal(t, DefaultRounds, g.Round())
}

func TestR003_02_StartingPosition(t *testing.T) {
	g := newGame(t, 4, 3)
	total := 0
	for c := 0; c < numCardTypes; c++ {
		total += CardCopies(c)
	}
	require.Equal(t, 18, total)
	require.Equal(t, 3, MaxLabs)
	for _, p := range g.s.Players {
		require.EqualValues(t, 50, p.Capital)
		require.Empty(t, p.Labs)
		require.Empty(t, p.Containers)
		require.Empty(t, p.Queue)
	}
	require.Len(t, g.s.Stacks[Small], 128)
	require.Len(t, g.s.Stacks[Large], 128)
	require.False(t, slices.IsSorted(g.s.Stacks[Small]), "the small stack is shuffled")
	require.False(t, slices.IsSorted(g.s.Stacks[Large]), "the large stack is shuffled")
	for _, id := range g.s.Stacks[Small] {
		require.Equal(t, Small, item(id).Stack)
	}
	require.Equal(t, 1, g.Round())
	require.Equal(t, PhaseSelect, g.Prompt().Phase)
}

func TestR003_03_PreRoundActions(t *testing.T) {
	g := newGame(t, 2, 4)
	giveLab(g, 0, loc(t, "Shanghai"), 1)
	g.postRound(&events{}) // round 2 begins: upkeep, then selection
	require.EqualValues(t, 47, g.s.Players[0].Capital, "3 M€ upkeep for Shanghai")
	require.Equal(t, PhaseSelect, g.s.Phase)
	require.Equal(t, -1, g.s.Event, "the event is drawn after the selection")
	re := mustRefuse(t, g, 0, Choose{Work: 2, Select: 1})
	require.Equal(t, engine.CodeIllegal, re.Code)
	mustApply(t, g, 0, Choose{Work: 1, Select: 1})
	require.Equal(t, -1, g.s.Event)
	mustApply(t, g, 1, Choose{Acquire: 1})
	require.GreaterOrEqual(t, g.s.Event, 0)
	_, cont := event(g.s.Event)
	require.Equal(t, cont, g.s.Blocked)
}

func TestR003_04_InRoundZones(t *testing.T) {
	g := newGame(t, 2, 5)
	mustApply(t, g, 0, Choose{Acquire: 1})
	mustApply(t, g, 1, Choose{Select: 1})
	require.Equal(t, East, g.s.Zone)
	var zones []int
	for g.s.Phase == PhaseZone {
		seat := g.s.current()
		zones = append(zones, g.s.Zone)
		mustApply(t, g, seat, EndZone{})
	}
	require.Equal(t, []int{East, East, Center, Center, West, West}, zones)
	require.Equal(t, 2, g.Round())
	// A played card leaves the hand.
	g = newGame(t, 2, 5)
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 1})
	mustApply(t, g, 0, AcquireLab{Loc: loc(t, "Manila")})
	require.Equal(t, 0, g.s.Players[0].Hand[CardAcquire])
	require.Equal(t, 1, g.s.Players[0].Played[CardAcquire])
}

func TestR003_05_TurnOrder(t *testing.T) {
	g := newGame(t, 3, 6)
	g.s.ByCapital = false // the printed rule: order=clockwise (G003-11)
	for i, c := range []int64{80, 40, 30} {
		setCapital(g, i, c)
	}
	g.postRound(&events{})
	require.Equal(t, []int{2, 0, 1}, g.s.Order, "lowest capital first, then clockwise")
}

func TestR003_06_PostRound(t *testing.T) {
	g := newGame(t, 2, 7)
	proj := findItem(t, "S-PJ-LO-01")
	g.s.Players[0].Finished = []int{take(g, proj)}
	g.s.Event, g.s.Blocked = 3, Africa
	g.postRound(&events{})
	require.EqualValues(t, 50+30, g.s.Players[0].Capital)
	require.Empty(t, g.s.Players[0].Finished)
	require.Contains(t, g.s.Discards[Small], proj, "paid projects are discarded")
	require.Equal(t, -1, g.s.Event, "the event card goes back")
}

func TestR003_20_EventCards(t *testing.T) {
	count := map[int]int{}
	names := map[string]bool{}
	for id := 0; id < NumEvents; id++ {
		name, c := event(id)
		count[c]++
		names[name] = true
	}
	require.Equal(t, map[int]int{Africa: 4, Asia: 3, SouthAmerica: 3, Oceania: 2, NorthAmerica: 1, Europe: 1}, count)
	require.Len(t, names, 14)
}

func TestR003_21_TimeZones(t *testing.T) {
	for _, l := range Locations() {
		want := map[int]int{Asia: East, Oceania: East, Europe: Center, Africa: Center, NorthAmerica: West, SouthAmerica: West}[l.Continent]
		require.Equal(t, want, l.Zone, l.Name)
	}
}

func TestR003_22_QueueAndListSizes(t *testing.T) {
	require.Equal(t, 5, QueueSize)
	g := newGame(t, 2, 8)
	for _, code := range []string{"S-PJ-LO-01", "S-PJ-LO-02", "S-PJ-LO-03", "S-PJ-LO-04", "S-PJ-LO-05"} {
		g.s.Players[0].Queue = append(g.s.Players[0].Queue, take(g, findItem(t, code)))
	}
	visit(g, 0, East, [numCardTypes]int{CardSelect: 1})
	mustRefuse(t, g, 0, SelectWork{First: Small, Second: Small})
	// Five products on the list pay independently (the list has 5 boxes,
	// one per remaining payment).
	for _, e := range []Payment{{Left: 5}, {Left: 3}} {
		require.LessOrEqual(t, e.Left, 5)
	}
}

func TestG003_01_PlayerCount(t *testing.T) {
	for n := 0; n <= 6; n++ {
		_, err := Definition{}.ValidateOptions(n, nil)
		if n >= 2 && n <= 4 {
			require.NoError(t, err, n)
		} else {
			require.Error(t, err, n)
		}
	}
}

func TestG003_02_WorldMap(t *testing.T) {
	locs := Locations()
	require.Len(t, locs, 18)
	perCont, perZone := map[int]int{}, map[int]int{}
	for _, l := range locs {
		perCont[l.Continent]++
		perZone[l.Zone]++
		require.Zero(t, l.Cost%2, "%s: costs are even", l.Name)
		require.Equal(t, map[string]int64{"S": 1, "M": 2, "L": 3}[l.Type], l.Overhead, l.Name)
	}
	for c := 0; c < numContinents; c++ {
		require.Equal(t, 3, perCont[c])
	}
	for z := 0; z < numZones; z++ {
		require.Equal(t, 6, perZone[z])
	}
	sf := location(loc(t, "San Francisco"))
	require.Equal(t, Location{ID: 12, Name: "San Francisco", Continent: NorthAmerica, Zone: West, Type: "L", Cost: 70, Upkeep: 8, Capacity: 16, Overhead: 3}, sf)
}

func TestR003_09_LabProperties(t *testing.T) {
	sh := location(loc(t, "Shanghai"))
	require.Equal(t, "M", sh.Type)
	require.EqualValues(t, []int64{30, 3, 9, 2}, []int64{sh.Cost, sh.Upkeep, sh.Capacity, sh.Overhead})
}

func TestG003_03_WorkItemDeck(t *testing.T) {
	want := map[string][3]int64{ // code: duration, revenue, fee
		"S-PJ-LO-01": {15, 30, 6}, "S-PJ-HI-02": {20, 60, 12}, "S-PD-LO-03": {25, 60, 12}, "S-PD-HI-01": {15, 54, 11},
		"L-PJ-LO-01": {65, 170, 34}, "L-PJ-LO-04": {120, 310, 62}, "L-PJ-HI-01": {65, 255, 51}, "L-PJ-HI-05": {150, 585, 117},
		"L-PD-LO-02": {80, 240, 48}, "L-PD-HI-01": {65, 295, 59}, "L-PD-HI-07": {80, 360, 72}, "L-PD-HI-05": {150, 675, 135},
	}
	for code, w := range want {
		it := item(findItem(t, code))
		require.Equal(t, w, [3]int64{it.Duration, it.Revenue, it.Fee}, code)
	}
	require.Equal(t, Europe, item(findItem(t, "L-PD-HI-07")).Customer)
	for id := 0; id < NumItems; id++ {
		it := item(id)
		if it.Product {
			require.Zero(t, it.Revenue%int64(it.Payments), "%s splits evenly", it.Code)
		}
	}
}

func TestR003_13_WorkItemProperties(t *testing.T) {
	cont := map[int]int{}
	var projects, highs int
	for id := 0; id < NumItems; id++ {
		it := item(id)
		cont[it.Customer]++
		if !it.Product {
			projects++
		}
		if it.HighRisk {
			highs++
		}
		if it.Stack == Small {
			require.True(t, it.Duration >= 15 && it.Duration <= 25, it.Code)
		} else {
			require.True(t, it.Duration >= 65 && it.Duration <= 150, it.Code)
		}
		require.Equal(t, (it.Revenue+4)/5, it.Fee, it.Code)
		if it.Product {
			require.Equal(t, map[int]int{Small: 3, Large: 5}[it.Stack], it.Payments, it.Code)
		}
	}
	require.Equal(t, 128, projects)
	require.Equal(t, 128, highs)
	require.Equal(t, map[int]int{Europe: 64, NorthAmerica: 64, Oceania: 48, Asia: 32, SouthAmerica: 32, Africa: 16}, cont)
	// Larger items pay more per man-day; products more than projects; high risk more than low.
	rate := func(code string) float64 {
		it := item(findItem(t, code))
		return float64(it.Revenue) / float64(it.Duration)
	}
	require.Greater(t, rate("L-PJ-LO-01"), rate("S-PJ-LO-01"))
	require.Greater(t, rate("S-PD-LO-01"), rate("S-PJ-LO-01"))
	require.Greater(t, rate("S-PJ-HI-01"), rate("S-PJ-LO-01"))
}

func TestA003_01_CustomerCounts(t *testing.T) {
	n := map[int]int{}
	for id := 0; id < NumItems; id++ {
		n[item(id).Customer]++
	}
	require.Equal(t, 64, n[Europe])
	require.Equal(t, 64, n[NorthAmerica])
	require.Equal(t, 32, n[Asia])
	require.Equal(t, 32, n[SouthAmerica])
	require.Equal(t, NumItems, 256)
}

func TestG003_04_ActionCardMix(t *testing.T) {
	require.Equal(t, []int{3, 3, 4, 4, 4}, []int{CardCopies(0), CardCopies(1), CardCopies(2), CardCopies(3), CardCopies(4)})
	g := newGame(t, 2, 9)
	for _, l := range []string{"Manila", "Lagos", "Bogotá"} {
		giveLab(g, 0, loc(t, l), 1)
	}
	mustRefuse(t, g, 0, Choose{Acquire: 4})
	mustRefuse(t, g, 0, Choose{Sell: 4})
	mustApply(t, g, 0, Choose{Work: 4})
}

func TestG003_05_EventNames(t *testing.T) {
	name, c := event(13)
	require.Equal(t, "Volcanic ash cloud", name)
	require.Equal(t, Europe, c)
	name, c = event(12)
	require.Equal(t, "Blizzard", name)
	require.Equal(t, NorthAmerica, c)
}

func TestG003_06_TieOnLowestCapital(t *testing.T) {
	g := newGame(t, 3, 10)
	g.s.ByCapital = false  // then clockwise: the printed rule (G003-11)
	scriptDice(t, g, 4, 6) // seats 2 and 3 tied at 50: seat 2 rolls 4, seat 3 rolls 6
	setCapital(g, 0, 90)
	var ev events
	g.startRound(&ev)
	require.Equal(t, []int{2, 0, 1}, g.s.Order, "the highest roll goes first, then clockwise")
	require.Contains(t, texts(ev.list), "Seat 2 rolled 4, Seat 3 rolled 6")
	// Ties of the roll are re-rolled among the tied players only.
	g = newGame(t, 3, 11)
	g.s.ByCapital = false
	setCapital(g, 0, 90)
	scriptDice(t, g, 5, 5, 2, 6)
	ev = events{}
	g.startRound(&ev)
	require.Equal(t, []int{2, 0, 1}, g.s.Order)
	require.Equal(t, 2, strings.Count(texts(ev.list), "tied on the lowest capital"))
	// Round 1: everyone is tied and the roll decides; TurnOrder reports it.
	g = newGame(t, 4, 12)
	require.Len(t, g.TurnOrder(), 4)
	require.ElementsMatch(t, []int{0, 1, 2, 3}, g.TurnOrder())
}

// G003-11: with the default turn order every round is played in order of
// capital, poorest first, ties clockwise from the seat that won the die;
// with order=clockwise the poorest starts and the others follow clockwise
// (R003-05 as printed).
func TestG003_11_TurnOrderByCapital(t *testing.T) {
	play := func(order string) []int {
		gi, err := Definition{}.New(engine.Setup{Seats: 4, Seed: 3, Options: map[string]string{OptOrder: order}})
		require.NoError(t, err)
		g := gi.(*Game)
		for i, c := range []int64{90, 60, 40, 70} {
			setCapital(g, i, c)
		}
		g.s.Phase = PhaseOver // startRound is what is tested, not the round before it
		g.startRound(nil)
		return g.s.Order
	}
	require.Equal(t, []int{2, 1, 3, 0}, play(OrderCapital), "40, 60, 70, 90 M€")
	require.Equal(t, []int{2, 3, 0, 1}, play(OrderClockwise), "the poorest, then clockwise")
	require.Equal(t, []int{2, 1, 3, 0}, play(""), "capital is the default")
	// Equal capital keeps the clockwise order from the seat that won the die.
	g := newGame(t, 3, 10)
	scriptDice(t, g, 4, 6) // seats 2 and 3 tied at 50: seat 3 wins
	setCapital(g, 0, 90)
	g.startRound(&events{})
	require.Equal(t, []int{2, 1, 0}, g.s.Order)
	def, err := Definition{}.ValidateOptions(4, nil)
	require.NoError(t, err)
	require.Equal(t, OrderCapital, def[OptOrder])
}
