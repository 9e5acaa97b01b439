package billionaire

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// finishProduct puts product code on seat 0's Product Payment List as
// completion would.
func finishProduct(t *testing.T, g *Game, code string) int {
	id := take(g, findItem(t, code))
	it := item(id)
	g.s.Players[0].PPL = append(g.s.Players[0].PPL, Payment{Item: id, Left: it.Payments, Payment: it.Revenue / int64(it.Payments)})
	return id
}

func TestR003_18_PostRoundPayment(t *testing.T) {
	g := newGame(t, 2, 50)
	id := finishProduct(t, g, "L-PD-LO-01") // 195 over 5 rounds
	for r := 1; r <= 5; r++ {
		g.postRound(&events{})
		require.EqualValues(t, 39*r, g.s.Players[0].Ledger.Products, "after round %d", r)
	}
	require.Empty(t, g.s.Players[0].PPL)
	require.Contains(t, g.s.Discards[Large], id, "all payments received: discarded")
}

func TestAcceptance003_2_SmallProductPayments(t *testing.T) {
	g := newGame(t, 2, 51)
	g.s.Round = 2
	giveLab(g, 0, loc(t, "Berlin"), 1)
	fill(g, 0, 0, findItem(t, "S-PD-LO-01"), 0, loc(t, "Berlin")) // Europe, 15 md, 36 M€
	visit(g, 0, Center, [numCardTypes]int{CardWork: 1})
	be := loc(t, "Berlin")
	mustApply(t, g, 0, DoWork{Container: 0, Labs: []int{be}, Host: be}) // 18 >= 15
	var got []int64
	for r := 0; r < 4; r++ {
		before := g.s.Players[0].Ledger.Products
		g.postRound(&events{})
		got = append(got, g.s.Players[0].Ledger.Products-before)
	}
	require.Equal(t, []int64{12, 12, 12, 0}, got, "rounds r, r+1, r+2")
}

func TestA003_05_ProductCountdown(t *testing.T) {
	g := newGame(t, 2, 52)
	finishProduct(t, g, "S-PD-HI-01") // 54 = 3 × 18
	var left []int
	for r := 0; r < 3; r++ {
		g.postRound(&events{})
		if len(g.s.Players[0].PPL) > 0 {
			left = append(left, g.s.Players[0].PPL[0].Left)
		}
	}
	require.Equal(t, []int{2, 1}, left)
	require.EqualValues(t, 54, g.s.Players[0].Ledger.Products, "exactly its revenue")
}

func TestR003_19_AdjustedCapital(t *testing.T) {
	g := newGame(t, 2, 53)
	setCapital(g, 0, 100)
	giveLab(g, 0, loc(t, "London"), 1) // +33
	fill(g, 0, 0, findItem(t, "L-PJ-LO-01"), 20, OffMap)
	g.s.Players[0].Queue = []int{take(g, findItem(t, "S-PJ-LO-01"))}
	finishProduct(t, g, "S-PD-LO-01") // 3 × 12 left
	// 100 + 33 + 18 - 34 - 6
	require.EqualValues(t, 111, g.s.adjusted(0))
	require.EqualValues(t, 111, g.View(1).(View).Players[0].Adjusted)
}

func TestA003_19_AdjustedRounding(t *testing.T) {
	g := newGame(t, 2, 54)
	id := finishProduct(t, g, "L-PD-LO-01")
	g.s.Players[0].PPL[0].Left = 1 // 39 left
	_ = id
	require.EqualValues(t, 50+19, g.s.adjusted(0), "floor(0.5 × 39)")
}

func TestA003_14_BillionCheck(t *testing.T) {
	g := newGame(t, 3, 55)
	setCapital(g, 0, 1200)
	setCapital(g, 1, 1000)
	setCapital(g, 2, 900)
	giveLab(g, 2, loc(t, "London"), 1) // adjusted 933 but plain capital counts first
	g.postRound(&events{})
	out := g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, []int{1, 2, 3}, []int{out.Results[0].Placement, out.Results[1].Placement, out.Results[2].Placement})
	require.EqualValues(t, 1200, out.Results[0].Score)
	// A tie on plain capital is broken by the adjusted capital.
	g = newGame(t, 2, 56)
	setCapital(g, 0, 1000)
	setCapital(g, 1, 1000)
	giveLab(g, 1, loc(t, "Lagos"), 1)
	g.postRound(&events{})
	out = g.Outcome()
	require.Equal(t, 1, out.Results[1].Placement)
	require.Equal(t, 2, out.Results[0].Placement)
	// A full tie is shared.
	g = newGame(t, 2, 57)
	setCapital(g, 0, 1000)
	setCapital(g, 1, 1000)
	g.postRound(&events{})
	require.Equal(t, 1, g.Outcome().Results[0].Placement)
	require.Equal(t, 1, g.Outcome().Results[1].Placement)
}

func TestAcceptance003_6_End(t *testing.T) {
	g := newGame(t, 2, 58)
	for r := 1; r <= 3; r++ {
		g.postRound(&events{})
	}
	setCapital(g, 1, 1000)
	require.False(t, g.Outcome().Finished, "no check in the middle of a round")
	g.postRound(&events{})
	require.True(t, g.Outcome().Finished)
	require.Equal(t, 4, g.Round())
	// Round limit: highest adjusted capital wins; ties -> plain capital.
	g = newGame(t, 2, 59)
	for !g.Outcome().Finished {
		if g.s.Round == DefaultRounds {
			setCapital(g, 0, 300)
			setCapital(g, 1, 280)
			giveLab(g, 1, loc(t, "Toronto"), 1) // 280 + 18 = 298 < 300
		}
		g.postRound(&events{})
	}
	require.Equal(t, DefaultRounds, g.Round())
	require.Equal(t, 1, g.Outcome().Results[0].Placement)
	require.EqualValues(t, 298, g.Outcome().Results[1].Score)
}

func TestA003_02_CardsReturnEveryRound(t *testing.T) {
	g := newGame(t, 2, 60)
	visit(g, 0, East, [numCardTypes]int{CardAcquire: 1})
	mustApply(t, g, 0, AcquireLab{Loc: loc(t, "Manila")})
	g.postRound(&events{})
	p := g.s.Players[0]
	require.Equal(t, [numCardTypes]int{}, p.Hand)
	require.Equal(t, [numCardTypes]int{}, p.Played)
	require.Contains(t, g.Legal(0), Choose{Acquire: 2}, "every card is back in hand")
}

func TestA003_03_SecretSimultaneousSelection(t *testing.T) {
	g := newGame(t, 3, 61)
	p := g.Prompt()
	require.True(t, p.Simultaneous)
	require.Equal(t, engine.DecisionSelection, p.Decision)
	require.Len(t, p.Waiting, 3)
	for _, w := range p.Waiting {
		require.Equal(t, Choose{}, w.Default, "the default is no cards")
	}
	evs := mustApply(t, g, 0, Choose{Acquire: 1})
	chosen := evs[len(evs)-1] // after round 1's order (G003-11)
	require.Equal(t, "chosen", chosen.Kind)
	require.Equal(t, []int{0}, chosen.To)
	require.NotContains(t, chosen.Redacted, "Acquire")
	for _, viewer := range []int{1, 2, engine.Spectator} {
		v := g.View(viewer).(View)
		require.True(t, v.Players[0].Chosen)
		require.Zero(t, v.Players[0].HandCount)
		require.Nil(t, v.Players[0].Hand)
	}
	require.Equal(t, [numCardTypes]int{1, 0, 0, 0, 0}, *g.View(0).(View).Players[0].Hand)
	require.Equal(t, -1, g.s.Event, "the event comes after all selections are locked")
	require.Len(t, g.Prompt().Waiting, 2)
	mustApply(t, g, 1, Choose{})
	mustApply(t, g, 2, Choose{Select: 1})
	v := g.View(1).(View)
	require.Equal(t, 1, v.Players[0].HandCount, "after the reveal: how many, never which")
	require.Nil(t, v.Players[0].Hand)
	require.NotEmpty(t, v.Event)
}

func TestA003_04_SnapshotBeforeUpkeep(t *testing.T) {
	g := newGame(t, 2, 62)
	setCapital(g, 0, 20)
	giveLab(g, 0, loc(t, "London"), 1) // upkeep 7: 13 after upkeep
	setCapital(g, 1, 15)
	g.postRound(&events{})
	require.Equal(t, []int{1, 0}, g.s.Order)
	require.EqualValues(t, 13, g.s.Players[0].Capital)
}

func TestA003_15_OneVisitPerZone(t *testing.T) {
	g := newGame(t, 3, 63)
	mustApply(t, g, 0, Choose{Select: 1})
	mustApply(t, g, 1, Choose{Select: 1})
	mustApply(t, g, 2, Choose{})
	first := g.s.current()
	mustApply(t, g, first, EndZone{}) // keeps its card for a later zone
	require.NotEqual(t, first, g.s.current(), "the next player follows")
	require.NotEqual(t, 2, g.s.current(), "a seat without cards is skipped")
	mustApply(t, g, g.s.current(), EndZone{})
	require.Equal(t, Center, g.s.Zone)
	require.Equal(t, first, g.s.current())
	mustApply(t, g, first, SelectWork{First: Small, Second: Small})
	mustApply(t, g, first, Decline{})
	evs := mustApply(t, g, first, Decline{})
	// No card left: the visit ends by itself and the log says so.
	require.Contains(t, texts(evs), "has played all its cards: its visit to the Center zone ends.")
	mustRefuse(t, g, first, SelectWork{First: Small, Second: Small})
	require.NotEqual(t, first, g.s.current())
	require.Equal(t, Center, g.s.Zone)
	mustApply(t, g, g.s.current(), EndZone{})
	require.Equal(t, West, g.s.Zone)
	require.NotEqual(t, first, g.s.current(), "a seat whose cards are all played is skipped")
}

func TestA003_20_EventDrawnAtRandom(t *testing.T) {
	seen := map[int]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		g := newGame(t, 2, seed)
		mustApply(t, g, 0, Choose{Select: 1})
		mustApply(t, g, 1, Choose{})
		_, c := event(g.s.Event)
		seen[c]++
	}
	require.Len(t, seen, numContinents)
	require.Greater(t, seen[Africa], seen[Europe], "4 Africa cards against 1 for Europe")
}

func TestResignation(t *testing.T) {
	g := newGame(t, 3, 64)
	giveLab(g, 1, loc(t, "Manila"), 1)
	fill(g, 1, 0, findItem(t, "S-PJ-LO-01"), 0, OffMap)
	mustApply(t, g, 1, Resign{})
	p := g.s.Players[1]
	require.True(t, p.Out)
	require.Empty(t, p.Labs)
	require.EqualValues(t, 50+7, p.Capital, "Labs sold at 50%, items discarded without fees")
	require.EqualValues(t, 50+7-6, p.OutScore, "scored on the adjusted capital at resignation")
	mustApply(t, g, 0, Resign{})
	out := g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, []int{2, 3, 1}, []int{out.Results[0].Placement, out.Results[1].Placement, out.Results[2].Placement})
	require.Equal(t, engine.StatusResigned, out.Results[1].Status)
}
