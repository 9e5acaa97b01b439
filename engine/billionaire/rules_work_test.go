package billionaire

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestR003_12_SelectWork(t *testing.T) {
	g := newGame(t, 2, 40)
	giveLab(g, 0, loc(t, "Manila"), 1)
	visit(g, 0, East, [numCardTypes]int{CardSelect: 1})
	top := [2]int{g.s.Stacks[Small][0], g.s.Stacks[Large][0]}
	evs := mustApply(t, g, 0, SelectWork{First: Small, Second: Large})
	require.Equal(t, PhaseDecide, g.Prompt().Phase)
	require.Equal(t, []int{top[0], top[1]}, g.s.Drawn)
	// The draw is private to the drawer.
	var drawn engine.Event
	for _, e := range evs {
		if e.Kind == "drawn" {
			drawn = e
		}
	}
	require.Equal(t, []int{0}, drawn.To)
	require.Contains(t, drawn.Text, item(top[0]).Code)
	require.NotContains(t, drawn.Redacted, item(top[0]).Code)
	require.Nil(t, g.View(1).(View).Drawn)
	require.Len(t, g.View(0).(View).Drawn, 2)
	mustApply(t, g, 0, Accept{})
	require.Equal(t, top[0], g.s.Players[0].Containers[0].Item, "onto the free container")
	mustApply(t, g, 0, Accept{})
	require.Equal(t, []int{top[1]}, g.s.Players[0].Queue, "then to the end of the queue")
	require.Equal(t, PhaseZone, g.s.Phase)
	// A declined item is discarded.
	visit(g, 0, East, [numCardTypes]int{CardSelect: 1})
	next := g.s.Stacks[Small][0]
	mustApply(t, g, 0, SelectWork{First: Small, Second: Small})
	mustApply(t, g, 0, Decline{})
	require.Contains(t, g.s.Discards[Small], next)
	require.Equal(t, Decline{}, g.Prompt().Waiting[0].Default)
}

func TestA003_11_SelectWorkWithLittleRoom(t *testing.T) {
	g := newGame(t, 2, 41)
	for _, c := range []string{"S-PJ-LO-01", "S-PJ-LO-02", "S-PJ-LO-03", "S-PJ-LO-04"} {
		g.s.Players[0].Queue = append(g.s.Players[0].Queue, take(g, findItem(t, c)))
	}
	visit(g, 0, East, [numCardTypes]int{CardSelect: 1})
	mustApply(t, g, 0, SelectWork{First: Large, Second: Large})
	mustApply(t, g, 0, Accept{})
	require.Len(t, g.s.Players[0].Queue, 5)
	mustRefuse(t, g, 0, Accept{})
	require.Equal(t, []engine.Action{Decline{}, Resign{}}, g.Legal(0))
	mustApply(t, g, 0, Decline{})
}

func TestG003_07_StacksRunningOut(t *testing.T) {
	g := newGame(t, 2, 42)
	// Move every small card but two into the small discards.
	g.s.Discards[Small] = append(g.s.Discards[Small], g.s.Stacks[Small][1:]...)
	g.s.Stacks[Small] = g.s.Stacks[Small][:1]
	visit(g, 0, East, [numCardTypes]int{CardSelect: 2})
	evs := mustApply(t, g, 0, SelectWork{First: Small, Second: Small})
	require.Contains(t, texts(evs), "shuffled into a new stack")
	require.Len(t, g.s.Stacks[Small], 126)
	require.Empty(t, g.s.Discards[Small])
	mustApply(t, g, 0, Decline{})
	mustApply(t, g, 0, Decline{})
	// A stack with no cards and no discards can no longer be drawn from
	// (where its cards are does not matter to the check).
	g.s.Stacks[Small], g.s.Discards[Small] = nil, []int{}
	mustRefuse(t, g, 0, SelectWork{First: Small, Second: Large})
	require.Contains(t, g.Legal(0), SelectWork{First: Large, Second: Large})
}

// scenarioGame: seat 0 owns Berlin, Toronto and Buenos Aires (round 2, all
// usable) and has item code on container 0 standing on Berlin.
func scenarioGame(t *testing.T, code string) (*Game, int) {
	g := newGame(t, 2, 43)
	g.s.Round = 2
	setCapital(g, 0, 200)
	for _, n := range []string{"Berlin", "Toronto", "Buenos Aires"} {
		giveLab(g, 0, loc(t, n), 1)
	}
	id := findItem(t, code)
	fill(g, 0, 0, id, 0, loc(t, "Berlin"))
	visit(g, 0, West, [numCardTypes]int{CardWork: 3})
	return g, id
}

func TestR003_23_Scenario1(t *testing.T) {
	g, _ := scenarioGame(t, "L-PJ-HI-09") // customer in North America, high risk, 120 md
	scriptDice(t, g, 3)
	to := loc(t, "Toronto")
	evs := mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to}, Host: to})
	require.EqualValues(t, 7, g.s.Players[0].Containers[0].Rings, "9 -> 18 -> 9 -> 7")
	require.Equal(t, to, g.s.Players[0].Containers[0].Loc)
	require.Contains(t, texts(evs), "Toronto rolled 3")
	// The pure computation, step by step.
	r, _ := workRings([]int{to}, to, loc(t, "Berlin"), item(findItem(t, "L-PJ-HI-09")), []int{3})
	require.EqualValues(t, 7, r)
}

func TestR003_24_Scenario2(t *testing.T) {
	g, _ := scenarioGame(t, "L-PJ-HI-09")
	scriptDice(t, g, 3, 5) // Toronto 3, Buenos Aires 5
	to, ba := loc(t, "Toronto"), loc(t, "Buenos Aires")
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to, ba}, Host: to})
	require.EqualValues(t, 12, g.s.Players[0].Containers[0].Rings, "7 + 9 = 16, then 16 - 2 - 2")
	require.ElementsMatch(t, []int{to, ba}, g.s.Players[0].Used)
	require.Equal(t, 1, g.s.Players[0].Hand[CardWork], "one Do Work card per Lab")
}

func TestAcceptance003_1_Scenarios(t *testing.T) {
	TestR003_23_Scenario1(t)
	TestR003_24_Scenario2(t)
}

func TestA003_07_CollaborationOverhead(t *testing.T) {
	it := item(findItem(t, "L-PJ-LO-09"))
	to, ba := loc(t, "Toronto"), loc(t, "Buenos Aires")
	// Container already on Toronto: no move overhead, but both overheads.
	r, per := workRings([]int{to, ba}, to, to, it, []int{0, 0})
	require.Equal(t, []int64{18, 9}, per)
	require.EqualValues(t, 18+9-2-2, r)
	// Never below zero.
	hi := item(findItem(t, "L-PJ-HI-27"))
	r, _ = workRings([]int{to, ba}, to, OffMap, hi, []int{1, 1})
	require.Zero(t, r)
}

func TestR003_14_DoWork(t *testing.T) {
	g, _ := scenarioGame(t, "L-PJ-LO-09") // low risk, customer in North America
	to := loc(t, "Toronto")
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to}, Host: to})
	require.EqualValues(t, 18-2, g.s.Players[0].Containers[0].Rings, "doubled, minus the move overhead")
	mustRefuse(t, g, 0, SellLab{Lab: to, Container: 0})
	// Half rounded up for a die of 2 or 3; zero for 1; unchanged for 4-6.
	hi := item(findItem(t, "S-PJ-HI-23")) // Asia
	sh := location(loc(t, "Shanghai"))
	for die, want := range map[int]int64{1: 0, 2: 9, 3: 9, 4: 18, 6: 18} {
		require.Equal(t, want, labRings(sh, hi, die, false), "die %d", die)
	}
	man := location(loc(t, "Manila"))
	require.EqualValues(t, 5, labRings(man, hi, 2, false), "10 halved")
	require.EqualValues(t, 3, labRings(man, item(findItem(t, "S-PJ-HI-01")), 2, false), "5 halved rounds up")
}

func TestA003_06_MovedMeansAnotherLocation(t *testing.T) {
	g, _ := scenarioGame(t, "L-PJ-LO-09")
	to := loc(t, "Toronto")
	g.s.Players[0].Containers[0].Loc = to // it stayed on Toronto since an earlier round
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to}, Host: to})
	require.EqualValues(t, 18, g.s.Players[0].Containers[0].Rings, "no overhead")
	// From off the map the overhead applies.
	g, _ = scenarioGame(t, "L-PJ-LO-09")
	g.s.Players[0].Containers[0].Loc = OffMap
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to}, Host: to})
	require.EqualValues(t, 16, g.s.Players[0].Containers[0].Rings)
}

func TestR003_15_SeveralLabs(t *testing.T) {
	g := newGame(t, 2, 44)
	g.s.Round = 2
	sp, bog := loc(t, "São Paulo"), loc(t, "Bogotá")
	giveLab(g, 0, sp, 1)
	giveLab(g, 0, bog, 1)
	fill(g, 0, 0, findItem(t, "L-PJ-LO-27"), 0, OffMap) // South America, low risk, 80 md
	visit(g, 0, West, [numCardTypes]int{CardWork: 2})
	mustRefuse(t, g, 0, DoWork{Container: 0, Labs: []int{sp, bog}, Host: bog}) // not the largest
	mustRefuse(t, g, 0, DoWork{Container: 0, Labs: []int{bog, sp}, Host: sp})  // not in order
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{sp, bog}, Host: sp})
	// São Paulo 28 - 3 (moved) = 25, Bogotá 10; 35 - 3 - 1 = 31.
	require.EqualValues(t, 31, g.s.Players[0].Containers[0].Rings)
	require.Equal(t, sp, g.s.Players[0].Containers[0].Loc, "the container goes on the largest Lab")
}

func TestG003_08_HostTie(t *testing.T) {
	g, _ := scenarioGame(t, "L-PJ-LO-09")
	to, ba := loc(t, "Toronto"), loc(t, "Buenos Aires")
	legal := g.Legal(0)
	require.Contains(t, legal, DoWork{Container: 0, Labs: []int{to, ba}, Host: to})
	require.Contains(t, legal, DoWork{Container: 0, Labs: []int{to, ba}, Host: ba})
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to, ba}, Host: ba})
	require.Equal(t, ba, g.s.Players[0].Containers[0].Loc)
}

func TestA003_08_OneWorkPerZone(t *testing.T) {
	g, _ := scenarioGame(t, "L-PJ-LO-09")
	to, ba := loc(t, "Toronto"), loc(t, "Buenos Aires")
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to}, Host: to})
	mustRefuse(t, g, 0, DoWork{Container: 0, Labs: []int{ba}, Host: ba})
	// Another zone of the same round may work it again.
	visit(g, 0, Center, [numCardTypes]int{CardWork: 1})
	be := loc(t, "Berlin")
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{be}, Host: be})
}

func TestR003_16_Completion(t *testing.T) {
	g, id := scenarioGame(t, "S-PJ-LO-09") // North America, 25 md
	next := take(g, findItem(t, "S-PJ-LO-10"))
	fill(g, 0, 1, findItem(t, "S-PJ-LO-11"), 0, OffMap)
	fill(g, 0, 2, findItem(t, "S-PJ-LO-12"), 0, OffMap)
	g.s.Players[0].Queue = []int{next}
	g.s.Players[0].Containers[0].Rings = 10
	to := loc(t, "Toronto")
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to}, Host: to})
	p := g.s.Players[0]
	require.Equal(t, []int{id}, p.Finished)
	require.Equal(t, Container{Item: next, Loc: OffMap, Worked: 1 << West}, p.Containers[0], "the queue head moves on, no rings")
	require.Empty(t, p.Queue)
	// A product goes onto the Product Payment List with 3 or 5 payments.
	g, id = scenarioGame(t, "L-PD-LO-09") // 120 md product
	g.s.Players[0].Containers[0].Rings = 110
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{to}, Host: to})
	require.Equal(t, []Payment{{Item: id, Left: 5, Payment: 72}}, g.s.Players[0].PPL)
}

func TestR003_17_StopWork(t *testing.T) {
	g, id := scenarioGame(t, "L-PJ-LO-09") // fee 62
	q := take(g, findItem(t, "S-PJ-LO-01"))
	fill(g, 0, 1, findItem(t, "S-PJ-LO-02"), 0, OffMap)
	fill(g, 0, 2, findItem(t, "S-PJ-LO-03"), 0, OffMap)
	g.s.Players[0].Queue = []int{q}
	g.s.Players[0].Containers[0].Rings = 40
	visit(g, 0, West, [numCardTypes]int{CardStop: 2})
	mustApply(t, g, 0, StopWork{Item: id})
	p := g.s.Players[0]
	require.EqualValues(t, 200-62, p.Capital)
	require.Equal(t, Container{Item: q, Loc: OffMap}, p.Containers[0], "rings removed, the queue head moves on")
	require.Contains(t, g.s.Discards[Large], id)
	mustRefuse(t, g, 0, StopWork{Item: id}) // no longer there
}

func TestA003_12_StopWorkNeedsTheFee(t *testing.T) {
	g, id := scenarioGame(t, "L-PJ-LO-09") // fee 62
	setCapital(g, 0, 61)
	visit(g, 0, West, [numCardTypes]int{CardStop: 1})
	mustRefuse(t, g, 0, StopWork{Item: id})
	setCapital(g, 0, 62)
	mustApply(t, g, 0, StopWork{Item: id})
	require.Zero(t, g.s.Players[0].Capital)
}
