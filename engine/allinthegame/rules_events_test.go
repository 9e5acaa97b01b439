package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// roundWithEvent ends round 1 and opens round 2 with event ev, the start
// player chosen by default; hands are as they are after the deal.
func roundWithEvent(t *testing.T, g *Game, ev int) {
	t.Helper()
	nextEvent(t, g, ev)
	passAll(t, g)
	require.Equal(t, PhaseChooseStart, g.s.Phase)
	w := g.Prompt().Waiting[0]
	do(t, g, w.Seat, w.Default)
	require.Equal(t, ev, g.s.Event)
}

func TestG002_09_EventDeck(t *testing.T) {
	require.Len(t, Events(), 12)
	g := newGame(t, 2, nil, 1)
	require.Equal(t, 11, len(g.s.Events))

	t.Run("E1_QuietWeek", func(t *testing.T) {
		g := workGame(t, 2, nil, "R1", "R2")
		d := append([]int64(nil), g.s.Dollars...)
		roundWithEvent(t, g, EvQuietWeek)
		require.Equal(t, d, g.s.Dollars)
	})
	t.Run("E2_BudgetFreeze", func(t *testing.T) {
		g := workGame(t, 2, basic, "R1")
		g.s.Event = EvBudgetFreeze
		require.Equal(t, int64(3), g.s.trainCost(0))
		require.Equal(t, int64(3), g.s.promoteCost(0))
		require.Equal(t, int64(8), g.s.recruitCost())
	})
	t.Run("E3_TrainingSubsidy", func(t *testing.T) {
		g := workGame(t, 2, basic, "R1")
		g.s.Event = EvTrainingSubsidy
		give(t, g, 0, DEV, false, 2)
		do(t, g, 0, Promote{Colour: DEV})
		require.Equal(t, int64(10), g.s.Dollars[0], "the first one is free")
		do(t, g, 1, Pass{})
		do(t, g, 0, Train{Colour: DEV})
		require.Equal(t, int64(8), g.s.Dollars[0], "the second costs $2")
	})
	t.Run("E4_Headhunters", func(t *testing.T) {
		g := workGame(t, 3, basic, "R1")
		give(t, g, 0, BIZ, false, 1)
		give(t, g, 0, SEC, false, 1)
		give(t, g, 2, DEV, true, 1) // no Senior after the deal? it gets 2 in the deal
		roundWithEvent(t, g, EvHeadhunters)
		require.Equal(t, PhaseHeadhunters, g.s.Phase)
		require.Equal(t, g.s.Start, g.s.Turn, "in turn order from the start player")
		for g.s.Phase == PhaseHeadhunters {
			p := g.s.Turn
			size := g.s.handSize(p)
			w := g.Prompt().Waiting[0]
			first := -1
			for c := 0; c < NumColours && first < 0; c++ {
				if g.s.Hands[p][c][senior] > 0 {
					first = c
				}
			}
			require.Equal(t, ReturnSenior{Colour: first}, w.Default, "default: first Senior in DEV, SEC, INF, BIZ")
			evs := do(t, g, p, w.Default)
			require.Equal(t, size-1, g.s.handSize(p))
			require.NotContains(t, texts(evs, (p+1)%3), ColourCode(first)+" to")
		}
		require.Equal(t, PhaseWork, g.s.Phase)
	})
	t.Run("E5_GraduateIntake", func(t *testing.T) {
		g := workGame(t, 3, basic, "R1")
		roundWithEvent(t, g, EvGraduateIntake)
		for p := 0; p < 3; p++ {
			require.Equal(t, 3, g.s.handSize(p))
		}
	})
	t.Run("E6_TravelBan", func(t *testing.T) {
		g := workGame(t, 2, basic, "R1", "R6")
		roundWithEvent(t, g, EvTravelBan)
		put(t, g, g.s.Turn, 0, 0, DEV, false)
		for _, a := range g.Legal(g.s.Turn) {
			require.NotEqual(t, "move", a.Kind())
		}
	})
	t.Run("E7_ExtraTravelBudget", func(t *testing.T) {
		g := workGame(t, 2, basic, "R1")
		roundWithEvent(t, g, EvExtraTravel)
		require.Equal(t, []int{3, 3}, g.s.Moves)
	})
	t.Run("E8_ClientEscalation", func(t *testing.T) {
		g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1", "R2")
		g.s.Slots[1].Marker = 4
		roundWithEvent(t, g, EvClientEscalation) // phase 5 +1, then +1
		require.Equal(t, []int{3, 5}, []int{g.s.Slots[0].Marker, g.s.Slots[1].Marker})
		h := workGame(t, 2, basic, "R1")
		roundWithEvent(t, h, EvClientEscalation)
		require.Zero(t, h.s.Slots[0].Marker, "no effect without Deadlines")
	})
	t.Run("E9_DeadlineExtension", func(t *testing.T) {
		g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1", "R2")
		g.s.Slots[1].Marker = 4
		roundWithEvent(t, g, EvDeadlineExtension)
		require.Equal(t, []int{1, 4}, []int{g.s.Slots[0].Marker, g.s.Slots[1].Marker})
	})
	t.Run("E10_PerformanceBonus", func(t *testing.T) {
		g := workGame(t, 2, basic, "R1")
		g.s.Event = EvPerformanceBonus
		put(t, g, 0, 0, 0, DEV, false)
		put(t, g, 1, 0, 1, DEV, false)
		evs := passAll(t, g)
		require.Equal(t, int64(8), moneyOf(evs, 1))
		require.Equal(t, int64(4), moneyOf(evs, 0))
	})
	t.Run("E11_LateClientPayments", func(t *testing.T) {
		g := workGame(t, 3, basic, "R4")
		g.s.Event = EvLatePayments
		put(t, g, 0, 0, 0, BIZ, false)
		put(t, g, 1, 0, 1, DEV, false)
		put(t, g, 2, 0, 2, BIZ, false)
		evs := passAll(t, g)
		require.Equal(t, []int64{1, 2, 3}, []int64{moneyOf(evs, 0), moneyOf(evs, 1), moneyOf(evs, 2)})
	})
	t.Run("E12_TaxRebate", func(t *testing.T) {
		g := workGame(t, 3, basic, "R1")
		g.s.Dollars = []int64{7, 12, 7}
		roundWithEvent(t, g, EvTaxRebate)
		require.Equal(t, []int64{11, 12, 11}, g.s.Dollars)
	})
}
