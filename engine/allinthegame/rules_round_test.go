package allinthegame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestR002_01_TwoToFourPlayers(t *testing.T) {
	for _, n := range []int{1, 5} {
		_, err := Definition{}.ValidateOptions(n, nil)
		_, ok := engine.IsRuleError(err)
		require.True(t, ok, "%d players", n)
	}
	for n := 2; n <= 4; n++ {
		g := newGame(t, n, nil, uint64(n))
		require.Len(t, g.View(0).(View).Players, n)
	}
}

func TestR002_02_ConsultantIsSeniorOrPrincipal(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, DEV, false, 1)
	give(t, g, 0, DEV, true, 1)
	// desk 0 of Webshop Upgrade (DEV) takes either rank
	require.Equal(t, []int{0}, legalDesksOf(g, 0, 0, DEV, false))
	require.Equal(t, []int{0}, legalDesksOf(g, 0, 0, DEV, true))
}

func TestR002_03_NoDiscardPile(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, SEC, true, 1)
	before := g.s.Principals[SEC]
	do(t, g, 0, Train{Colour: SEC, Principal: true})
	require.Equal(t, before+1, g.s.Principals[SEC], "a returned Principal goes back onto the Principal deck")
}

func TestR002_04_RoundPhases(t *testing.T) {
	g := newGame(t, 3, nil, 11)
	var phases []string
	seen := map[string]bool{}
	for g.s.Round < 3 {
		p := g.Prompt()
		if !seen[p.Phase] {
			seen[p.Phase] = true
			phases = append(phases, p.Phase)
		}
		evs := do(t, g, p.Waiting[0].Seat, p.Waiting[0].Default)
		for _, e := range evs {
			if !seen["ev:"+e.Kind] && (e.Kind == "event" || e.Kind == "rewards" || e.Kind == "deadline") {
				seen["ev:"+e.Kind] = true
				phases = append(phases, "ev:"+e.Kind)
			}
		}
	}
	// round 1 opens on work (event already revealed at New); the end of the
	// round runs rewards, then the deadline phase, then round 2's choice.
	require.Equal(t, []string{PhaseWork, "ev:rewards", "ev:deadline", PhaseChooseStart, "ev:event"}, phases[:5])
}

func TestR002_05_StartOfRound(t *testing.T) {
	g := newGame(t, 3, nil, 5)
	for p := 0; p < 3; p++ {
		require.Equal(t, 2, g.s.handSize(p), "two Seniors each in round 1")
		require.Equal(t, 0, g.s.Hands[p][0][principal]+g.s.Hands[p][1][principal]+g.s.Hands[p][2][principal]+g.s.Hands[p][3][principal])
	}
	g.s.Dollars = []int64{12, 7, 9}
	g.s.Event = EvQuietWeek
	do(t, g, g.s.Turn, Pass{})
	g.s.Moves[g.s.Turn] = 0
	passAll(t, g)
	require.Equal(t, 2, g.s.Round)
	require.Equal(t, PhaseChooseStart, g.s.Phase)
	require.Equal(t, 1, g.s.Turn, "the poorest player chooses")
	for p := 0; p < 3; p++ {
		require.Equal(t, 4, g.s.handSize(p))
		require.False(t, g.s.Passed[p])
		require.Equal(t, MovesPerRound, g.s.Moves[p])
	}
	require.Equal(t, -1, g.s.Event, "the previous event card is gone")
	do(t, g, 1, ChooseStart{Seat: 2})
	require.Equal(t, 2, g.s.Start)
}

func TestR002_06_EventRevealed(t *testing.T) {
	g := newGame(t, 2, nil, 3)
	v := g.View(engine.Spectator).(View)
	require.NotNil(t, v.Event)
	require.Equal(t, NumEvents-1, v.EventsLeft)
}

func TestR002_07_ActionRoundsClockwiseFromStart(t *testing.T) {
	g := workGame(t, 4, basic, "R1", "R2")
	g.s.Start, g.s.Turn = 2, 2
	give(t, g, 2, DEV, false, 2)
	var order []int
	for g.s.Round == 1 {
		order = append(order, g.s.Turn)
		if g.s.Turn == 2 && g.s.handSize(2) > 0 {
			do(t, g, 2, Assign{Colour: DEV, Project: 0, Desk: rightmostFree(g, 0)})
			continue
		}
		do(t, g, g.s.Turn, Pass{})
	}
	require.Equal(t, []int{2, 3, 0, 1, 2, 2}, order)
}

func rightmostFree(g *Game, slot int) int {
	r := -1
	for d, o := range g.s.Slots[slot].Desks {
		if o.Owner >= 0 {
			r = d
		}
	}
	return r + 1
}

func TestR002_08_TheActions(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R6")
	give(t, g, 0, DEV, false, 1)
	put(t, g, 0, 0, 0, DEV, false)
	kinds := map[string]bool{}
	for _, a := range g.Legal(0) {
		kinds[a.Kind()] = true
	}
	for _, k := range []string{"assign", "move", "train", "promote", "recruit", "pass"} {
		require.True(t, kinds[k], k)
	}
}

func TestR002_14_Pass(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, DEV, false, 2)
	do(t, g, 0, Pass{})
	require.Equal(t, []engine.Action{Resign{}}, g.Legal(0), "passed: only resigning is left (C-8)")
	do(t, g, 1, Pass{}) // round ends: seat 1 cannot act again for seat 0
	require.Equal(t, 2, g.s.Round)
}

func TestR002_16_WorkEndsWhenAllPassed(t *testing.T) {
	g := workGame(t, 3, basic, "R1")
	give(t, g, 1, DEV, false, 1)
	do(t, g, 0, Pass{})
	do(t, g, 1, Assign{Colour: DEV, Project: 0, Desk: 0})
	do(t, g, 2, Pass{})
	require.Equal(t, 1, g.s.Turn, "seat 2 has not passed yet")
	evs := do(t, g, 1, Pass{})
	require.Contains(t, texts(evs, 0), "Rewards of round 1")
}

func TestG002_07_StartingMoneyAndHand(t *testing.T) {
	s := newState(engine.Setup{Seats: 4, Seed: 1, Options: map[string]string{OptDeadlines: "on", OptInnovation: "on"}})
	for p := 0; p < 4; p++ {
		require.Equal(t, int64(10), s.Dollars[p])
		require.Zero(t, s.handSize(p), "empty hand before the round-1 deal")
	}
	g := newGame(t, 4, nil, 1)
	for p := 0; p < 4; p++ {
		require.Equal(t, 2, g.View(p).(View).Players[p].HandSize)
	}
}

func TestG002_10_DeckShortage(t *testing.T) {
	g := workGame(t, 3, basic, "R1")
	s := g.s
	// leave 4 Seniors in the deck: 3 for seat 0's hand, 1 DEV
	for c := 0; c < NumColours; c++ {
		s.Hands[1][c][senior] += s.Seniors[c]
		s.Seniors[c] = 0
	}
	s.Hands[1][DEV][senior] -= 4
	s.Seniors[DEV] = 4
	s.Start = 2
	evs := s.deal(2, "test")
	require.NoError(t, g.CheckInvariants())
	// dealt one at a time from the start player: 2, 0, 1, 2
	require.Equal(t, 2, s.Hands[2][DEV][senior])
	require.Equal(t, 1, s.Hands[0][DEV][senior])
	require.Contains(t, texts(evs, 1), "Seat 2 received Senior DEV")
	// Train with a Principal is illegal when the Senior deck is empty;
	// with a Senior it is always possible.
	s.Turn = 0
	s.Hands[0][DEV][senior] = 0
	s.Seniors = [NumColours]int{}
	s.Hands[1][DEV][senior] += 1
	give(t, g, 0, SEC, true, 1)
	require.False(t, isLegal(g, 0, Train{Colour: SEC, Principal: true}))
	s.Hands[1][BIZ][senior]--
	s.Hands[0][BIZ][senior]++
	require.True(t, isLegal(g, 0, Train{Colour: BIZ}))
	// Promote needs a Principal of the colour, Recruit any Principal.
	s.Hands[1][SEC][principal] += s.Principals[SEC]
	s.Principals[SEC] = 0
	give(t, g, 0, SEC, false, 0)
	s.Hands[1][SEC][senior]--
	s.Hands[0][SEC][senior]++
	require.False(t, isLegal(g, 0, Promote{Colour: SEC}))
	require.True(t, isLegal(g, 0, Recruit{Colour: SEC}))
	for c := 0; c < NumColours; c++ {
		s.Hands[1][c][principal] += s.Principals[c]
		s.Principals[c] = 0
	}
	require.False(t, isLegal(g, 0, Recruit{Colour: SEC}))
	require.True(t, isLegal(g, 0, Recruit{Colour: SEC, Principal: true}), "the returned Principal refills the deck")
	require.NoError(t, g.CheckInvariants())
}

func TestG002_11_NoHandLimit(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, DEV, false, 12)
	give(t, g, 0, SEC, false, 12)
	require.Equal(t, 24, g.View(1).(View).Players[0].HandSize)
	require.NoError(t, g.CheckInvariants())
}

func TestG002_13_RoundCap(t *testing.T) {
	g := newGame(t, 2, nil, 4)
	for !g.Outcome().Finished {
		g.s.Intl = append(g.s.Intl[:0:0], "I1", "I2") // never the last International
		g.s.IntlPlaced = len(InternationalProjects()) - 2
		w := g.Prompt().Waiting[0]
		do(t, g, w.Seat, w.Default)
	}
	require.Equal(t, NumEvents, g.Round())
	require.Contains(t, g.Outcome().Reason, "last event card")
}

func TestA002_01_NoPhaseFiveWithoutDeadlines(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R2")
	evs := passAll(t, g)
	for _, e := range evs {
		require.NotEqual(t, "deadline", e.Kind)
	}
	for _, sl := range g.s.Slots {
		require.Zero(t, sl.Marker)
	}
}

func TestA002_02_RandomStartPlayerInRoundOne(t *testing.T) {
	starts := map[int]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		g := newGame(t, 4, map[string]string{OptDeadlines: "off"}, seed)
		require.Equal(t, 1, g.Round())
		require.NotEqual(t, PhaseChooseStart, g.s.Phase, "no choice in round 1")
		starts[g.s.Start] = true
		require.Equal(t, g.s.Start, g.TurnOrder()[0])
	}
	require.Len(t, starts, 4)
}

func TestA002_04_ChooserTieBreak(t *testing.T) {
	g := workGame(t, 4, basic, "R1")
	s := g.s
	s.Start = 1
	s.Dollars = []int64{5, 5, 9, 5}
	require.Equal(t, 3, s.chooser(), "scan from previous start + 1: seats 2, 3 ...")
	s.Dollars = []int64{5, 5, 9, 9}
	require.Equal(t, 0, s.chooser(), "seat 3 and 4 are richer; seat 0 is found before the previous start")
	s.Dollars = []int64{9, 5, 9, 9}
	require.Equal(t, 1, s.chooser(), "the previous start player is checked last but chooses when alone")
	// default: themselves; any player may be chosen
	s.Dollars = []int64{9, 5, 9, 9}
	s.Event = EvQuietWeek
	passAll(t, g)
	require.Equal(t, PhaseChooseStart, s.Phase)
	require.Equal(t, ChooseStart{Seat: 1}, g.Prompt().Waiting[0].Default)
	require.Len(t, g.Legal(1), 5, "four start players, or resign")
}

func TestA002_15_LastRoundSkipsPhaseFive(t *testing.T) {
	g := workGame(t, 2, nil, "R1")
	g.s.LastRound = true
	g.s.Slots[0].Marker = 3
	evs := passAll(t, g)
	require.True(t, g.Outcome().Finished)
	require.Equal(t, 3, g.s.Slots[0].Marker)
	for _, e := range evs {
		require.NotEqual(t, "deadline", e.Kind)
	}
}

func TestA002_16_PhaseFourOrder(t *testing.T) {
	g := workGame(t, 2, nil, "R1", InnovationID)
	put(t, g, 0, 0, 0, DEV, false)
	put(t, g, 1, 1, 0, SEC, false)
	g.s.Slots[0].Marker = 4
	g.s.Event = EvQuietWeek
	evs := passAll(t, g)
	var kinds []string
	for _, e := range evs {
		if e.Kind == "reward" || e.Kind == "innovation" || e.Kind == "penalty" {
			kinds = append(kinds, e.Kind)
		}
	}
	require.Equal(t, []string{"reward", "innovation", "penalty"}, kinds)
	require.Equal(t, 1+DealPerRound, g.s.handSize(1), "the Innovation consultant is back in hand")
	require.Equal(t, -1, g.s.Slots[1].Desks[0].Owner)
}

func TestA002_18_EventsBeforeAnyonePasses(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	give(t, g, 0, DEV, false, 1)
	give(t, g, 1, SEC, false, 1)
	g.s.Event = EvQuietWeek
	nextEvent(t, g, EvHeadhunters)
	passAll(t, g)
	w := g.Prompt().Waiting[0]
	do(t, g, w.Seat, w.Default) // choose start
	require.Equal(t, PhaseHeadhunters, g.s.Phase)
	require.False(t, g.s.Passed[0] || g.s.Passed[1])
}

func TestTurnOrderIsRoundOneOrder(t *testing.T) {
	g := newGame(t, 3, nil, 9)
	order := g.TurnOrder()
	require.Len(t, order, 3)
	require.Equal(t, g.s.FirstStart, order[0])
	require.Equal(t, (order[0]+1)%3, order[1])
}

// A002-08 is the same safety cap as G002-13.
func TestA002_08_GameCannotStall(t *testing.T) { TestG002_13_RoundCap(t) }
