package billionaire

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// upkeepGame: seat 0 owns Manila (14/1) and Sydney (60/6) with capital c
// and enters round 2's upkeep.
func upkeepGame(t *testing.T, c int64) *Game {
	g := newGame(t, 2, 20)
	giveLab(g, 0, loc(t, "Manila"), 1)
	giveLab(g, 0, loc(t, "Sydney"), 1)
	setCapital(g, 0, c)
	setCapital(g, 1, 100)
	g.postRound(&events{})
	return g
}

func TestR003_07_InabilityToPayUpkeep(t *testing.T) {
	g := upkeepGame(t, 3)
	require.Equal(t, PhaseUpkeep, g.Prompt().Phase)
	require.Equal(t, 0, g.Prompt().Waiting[0].Seat)
	require.Len(t, g.Legal(0), 2*2+1, "each Lab with each container, and resign")
	mustApply(t, g, 0, ForcedSell{Lab: loc(t, "Sydney"), Container: 1})
	// 3 + 30 for half of Sydney, then 1 upkeep for Manila.
	require.EqualValues(t, 32, g.s.Players[0].Capital)
	require.Len(t, g.s.Players[0].Labs, 1)
	require.Len(t, g.s.Players[0].Containers, 1)
	require.Equal(t, PhaseSelect, g.s.Phase)
}

func TestA003_13_ForcedSaleDefault(t *testing.T) {
	g := upkeepGame(t, 3)
	fill(g, 0, 1, findItem(t, "S-PJ-LO-01"), 4, OffMap)
	def := g.Prompt().Waiting[0].Default
	require.Equal(t, ForcedSell{Lab: loc(t, "Manila"), Container: 0}, def, "the cheapest Lab and the least-progress container")
	mustApply(t, g, 0, def)
	// 3 + 7 = 10 >= 6 upkeep for Sydney.
	require.EqualValues(t, 4, g.s.Players[0].Capital)
	require.Equal(t, findItem(t, "S-PJ-LO-01"), g.s.Players[0].Containers[0].Item)
}

func TestAcceptance003_4_UpkeepShortfallForcesSales(t *testing.T) {
	g := upkeepGame(t, 0)
	require.Equal(t, PhaseUpkeep, g.s.Phase)
	mustApply(t, g, 0, ForcedSell{Lab: loc(t, "Manila"), Container: 0})
	// 7 M€ from Manila is above Sydney's 6 upkeep: no second sale.
	require.Equal(t, PhaseSelect, g.s.Phase)
	require.EqualValues(t, 1, g.s.Players[0].Capital)
}

func TestR003_08_AcquireLab(t *testing.T) {
	g := newGame(t, 2, 21)
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 2, CardWork: 1})
	mustRefuse(t, g, 0, AcquireLab{Loc: loc(t, "London")})  // not the active zone
	mustRefuse(t, g, 0, AcquireLab{Loc: loc(t, "Sydney")})  // 60 > 50
	mustApply(t, g, 0, AcquireLab{Loc: loc(t, "Shanghai")}) // 30
	require.EqualValues(t, 20, g.s.Players[0].Capital)
	require.Equal(t, Lab{Loc: loc(t, "Shanghai"), Bought: 1}, g.s.Players[0].Labs[0])
	visit(g, 1, East, [numCardTypes]int{CardAcquire: 1})
	mustRefuse(t, g, 1, AcquireLab{Loc: loc(t, "Shanghai")}) // taken
	// Not usable for work before the next round.
	g.s.Players[0].Queue = nil
	fill(g, 0, 0, findItem(t, "S-PJ-LO-23"), 0, OffMap)
	visit(g, 0, East, [numCardTypes]int{CardWork: 1})
	mustRefuse(t, g, 0, DoWork{Container: 0, Labs: []int{loc(t, "Shanghai")}, Host: loc(t, "Shanghai")})
	g.s.Round = 2
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{loc(t, "Shanghai")}, Host: loc(t, "Shanghai")})
}

func TestR003_10_LabPerks(t *testing.T) {
	g := newGame(t, 2, 22)
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 1})
	mustApply(t, g, 0, AcquireLab{Loc: loc(t, "Manila")})
	require.Len(t, g.s.Players[0].Containers, 1)
	g.postRound(&events{})
	require.Len(t, g.Legal(0), 21+1, "choices of up to 2 cards, and resign")
	mustApply(t, g, 0, Choose{Work: 1, Select: 1})
}

func TestR003_11_SellLab(t *testing.T) {
	g := newGame(t, 2, 23)
	g.s.Round = 2
	giveLab(g, 0, loc(t, "Shanghai"), 1)
	giveLab(g, 0, loc(t, "Berlin"), 1)
	it := findItem(t, "S-PJ-LO-01")
	fill(g, 0, 0, it, 9, loc(t, "Shanghai"))
	fill(g, 0, 1, findItem(t, "S-PJ-LO-03"), 0, OffMap)
	q := findItem(t, "S-PJ-LO-02")
	g.s.Players[0].Queue = []int{take(g, q)}
	visit(g, 0, Center, [numCardTypes]int{CardSell: 2})
	mustRefuse(t, g, 0, SellLab{Lab: loc(t, "Shanghai"), Container: 0}) // not the active zone
	g.s.Zone = East
	mustApply(t, g, 0, SellLab{Lab: loc(t, "Shanghai"), Container: 0})
	p := g.s.Players[0]
	require.EqualValues(t, 50+15, p.Capital)
	require.Equal(t, []int{it, q}, p.Queue, "the item goes back to the head of the queue, its rings lost")
	require.Len(t, p.Containers, 1)
	require.Equal(t, -1, g.s.owner(loc(t, "Shanghai")))
}

func TestA003_10_SellLabWithFullQueue(t *testing.T) {
	g := newGame(t, 2, 24)
	giveLab(g, 0, loc(t, "Manila"), 1)
	fill(g, 0, 0, findItem(t, "S-PJ-LO-01"), 0, OffMap)
	codes := []string{"S-PJ-LO-02", "S-PJ-LO-03", "S-PJ-LO-04", "S-PJ-LO-05", "S-PJ-LO-06"}
	for _, c := range codes {
		g.s.Players[0].Queue = append(g.s.Players[0].Queue, take(g, findItem(t, c)))
	}
	visit(g, 0, East, [numCardTypes]int{CardSell: 1})
	ev := mustApply(t, g, 0, SellLab{Lab: loc(t, "Manila"), Container: 0})
	p := g.s.Players[0]
	require.Len(t, p.Queue, 5)
	require.Equal(t, findItem(t, "S-PJ-LO-01"), p.Queue[0])
	require.Contains(t, g.s.Discards[Small], findItem(t, "S-PJ-LO-06"), "the tail is discarded")
	require.EqualValues(t, 57, p.Capital, "no fee: only the 7 M€ of the sale")
	require.Contains(t, texts(ev), "discarded without a fee")
}

func TestA003_16_LabBoughtThisRound(t *testing.T) {
	g := newGame(t, 2, 25)
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 1, CardSell: 1})
	mustApply(t, g, 0, AcquireLab{Loc: loc(t, "Manila")})
	mustApply(t, g, 0, SellLab{Lab: loc(t, "Manila"), Container: 0})
	require.EqualValues(t, 50-14+7, g.s.Players[0].Capital)
}

func TestA003_17_CollaboratingLabIsUsed(t *testing.T) {
	g := newGame(t, 2, 26)
	g.s.Round = 2
	giveLab(g, 0, loc(t, "Bangalore"), 1)
	giveLab(g, 0, loc(t, "Manila"), 1)
	fill(g, 0, 0, findItem(t, "L-PJ-LO-23"), 0, OffMap)
	visit(g, 0, East, [numCardTypes]int{CardWork: 2, CardSell: 1})
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{loc(t, "Bangalore"), loc(t, "Manila")}, Host: loc(t, "Bangalore")})
	mustRefuse(t, g, 0, SellLab{Lab: loc(t, "Manila"), Container: 1})
}

func TestA003_18_NewContainerTakesQueueHead(t *testing.T) {
	g := newGame(t, 2, 27)
	q := take(g, findItem(t, "S-PJ-LO-01"))
	g.s.Players[0].Queue = []int{q}
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 1})
	mustApply(t, g, 0, AcquireLab{Loc: loc(t, "Manila")})
	require.Empty(t, g.s.Players[0].Queue)
	require.Equal(t, Container{Item: q, Loc: OffMap}, g.s.Players[0].Containers[0])
}

func TestAcceptance003_3_RoundOne(t *testing.T) {
	g := newGame(t, 2, 28)
	for _, a := range g.Legal(0) {
		if c, ok := a.(Choose); ok {
			require.LessOrEqual(t, sum(c.Counts()), 1)
		}
	}
	TestA003_18_NewContainerTakesQueueHead(t)
	TestR003_08_AcquireLab(t)
}

func TestG003_09_MoneyNeverNegative(t *testing.T) {
	g := newGame(t, 2, 29)
	visit(g, 0, West, [numCardTypes]int{CardAcquire: 1})
	setCapital(g, 0, 20)
	mustRefuse(t, g, 0, AcquireLab{Loc: loc(t, "Buenos Aires")}) // 28 > 20
	mustApply(t, g, 0, AcquireLab{Loc: loc(t, "Austin")})        // exactly 20
	require.Zero(t, g.s.Players[0].Capital)
}

func TestG003_10_ContainerLocation(t *testing.T) {
	g := newGame(t, 2, 30)
	g.s.Round = 2
	giveLab(g, 0, loc(t, "Toronto"), 1)
	giveLab(g, 0, loc(t, "Austin"), 1)
	require.Equal(t, OffMap, g.s.Players[0].Containers[0].Loc, "a new container starts off the map")
	fill(g, 0, 0, findItem(t, "L-PJ-LO-09"), 10, loc(t, "Toronto"))
	fill(g, 0, 1, findItem(t, "L-PJ-LO-10"), 10, loc(t, "Austin"))
	visit(g, 0, West, [numCardTypes]int{CardSell: 1})
	mustApply(t, g, 0, SellLab{Lab: loc(t, "Toronto"), Container: 1})
	c := g.s.Players[0].Containers[0]
	require.Equal(t, OffMap, c.Loc, "containers on a sold Lab go off the map")
	require.EqualValues(t, 10, c.Rings)
}

func TestA003_09_EventBlocksOnlyWork(t *testing.T) {
	g := newGame(t, 2, 31)
	g.s.Round = 2
	giveLab(g, 0, loc(t, "Cape Town"), 1)
	fill(g, 0, 0, findItem(t, "L-PJ-LO-31"), 0, OffMap)
	visit(g, 0, Center, [numCardTypes]int{CardWork: 1, CardAcquire: 1, CardSell: 1})
	g.s.Blocked = Africa
	for _, name := range []string{"Cape Town", "Nairobi", "Lagos"} {
		l := loc(t, name)
		if name == "Cape Town" {
			mustRefuse(t, g, 0, DoWork{Container: 0, Labs: []int{l}, Host: l})
		}
	}
	require.Contains(t, g.Legal(0), AcquireLab{Loc: loc(t, "Lagos")})
	require.Contains(t, g.Legal(0), AcquireLab{Loc: loc(t, "Nairobi")})
	require.Contains(t, g.Legal(0), SellLab{Lab: loc(t, "Cape Town"), Container: 0})
	g.s.Blocked = Europe
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{loc(t, "Cape Town")}, Host: loc(t, "Cape Town")})
}

func TestAcceptance003_5_AfricaBlocked(t *testing.T) {
	g := newGame(t, 2, 32)
	g.s.Round = 2
	for _, name := range []string{"Cape Town", "Nairobi", "Lagos"} {
		giveLab(g, 0, loc(t, name), 1)
	}
	fill(g, 0, 0, findItem(t, "L-PJ-LO-31"), 0, OffMap)
	visit(g, 0, Center, [numCardTypes]int{CardWork: 3})
	g.s.Blocked = Africa
	for _, a := range g.Legal(0) {
		_, isWork := a.(DoWork)
		require.False(t, isWork, "no Do Work in Africa")
	}
	g2 := newGame(t, 2, 33)
	visit(g2, 0, Center, [numCardTypes]int{CardAcquire: 1})
	g2.s.Blocked = Africa
	require.Contains(t, g2.Legal(0), AcquireLab{Loc: loc(t, "Lagos")})
	require.Contains(t, g2.Legal(0), AcquireLab{Loc: loc(t, "Nairobi")})
	require.Contains(t, g2.Legal(0), AcquireLab{Loc: loc(t, "Cape Town")})
}
