package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// fillR1 puts seats' consultants on the first three desks of Webshop
// Upgrade (DEV, DEV, BIZ, DEV*) in slot 0, left to right.
func fillR1(t *testing.T, g *Game, a, b, c int) {
	put(t, g, a, 0, 0, DEV, false)
	put(t, g, b, 0, 1, DEV, false)
	put(t, g, c, 0, 2, BIZ, false)
}

func TestR002_15_CompletingAProject(t *testing.T) {
	g := workGame(t, 3, basic, "R1", "R2")
	fillR1(t, g, 1, 2, 1)
	give(t, g, 0, DEV, true, 1)
	intl := g.s.Intl[0]
	before := g.s.Seniors[DEV]
	evs := do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	require.Equal(t, int64(6), moneyOf(evs, 0))
	require.Equal(t, int64(4+1), moneyOf(evs, 1))
	require.Equal(t, int64(2), moneyOf(evs, 2))
	require.Equal(t, intl, g.s.Slots[0].Card, "a new International Project in the slot")
	require.Equal(t, before+2, g.s.Seniors[DEV], "consultants back to their decks")
	require.Equal(t, 1, g.s.Turn, "play continues with the next player")
}

func TestR002_17_RewardsRightToLeft(t *testing.T) {
	g := workGame(t, 3, basic, "R1")
	fillR1(t, g, 0, 1, 2)
	evs := passAll(t, g)
	require.Equal(t, int64(2), moneyOf(evs, 0))
	require.Equal(t, int64(4), moneyOf(evs, 1))
	require.Equal(t, int64(6), moneyOf(evs, 2))
	require.Equal(t, 2, g.s.Slots[0].Desks[2].Owner, "consultants stay")
}

func TestR002_18_RewardExample(t *testing.T) {
	g := workGame(t, 2, basic, "R4") // BIZ, DEV, BIZ, SEC, BIZ*
	put(t, g, 0, 0, 0, BIZ, false)
	put(t, g, 0, 0, 1, DEV, false)
	put(t, g, 1, 0, 2, BIZ, false)
	put(t, g, 1, 0, 3, SEC, false)
	evs := passAll(t, g)
	require.Equal(t, int64(6+4), moneyOf(evs, 1))
	require.Equal(t, int64(2+1), moneyOf(evs, 0))
}

func TestR002_19_EndAfterLastInternational(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R2")
	g.s.IntlPlaced += len(g.s.Intl) - 1
	g.s.Intl = g.s.Intl[:1]
	fillR1(t, g, 1, 1, 1)
	give(t, g, 0, DEV, true, 1)
	evs := do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	require.True(t, g.s.LastRound)
	require.Contains(t, texts(evs, 0), "last round")
	require.False(t, g.Outcome().Finished, "the round is finished first")
	passAll(t, g)
	out := g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, 1, out.Results[1].Placement, "most dollars wins")
	require.Equal(t, g.s.Dollars[1], out.Results[1].Score)
}

func TestR002_22_NewInternationalOnFieldOne(t *testing.T) {
	g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1")
	g.s.Slots[0].Marker = 4
	fillR1(t, g, 1, 1, 1)
	give(t, g, 0, DEV, true, 1)
	do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	require.Equal(t, 1, g.s.Slots[0].Marker)
}

func TestR002_23_GreenBonus(t *testing.T) {
	for marker, bonus := range map[int]int64{1: 3, 2: 3, 3: 0, 4: 0, 5: 0} {
		g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1")
		g.s.Slots[0].Marker = marker
		fillR1(t, g, 1, 1, 1)
		give(t, g, 0, DEV, true, 1)
		evs := do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
		require.Equal(t, 6+bonus, moneyOf(evs, 0), "field %d", marker)
		require.Equal(t, 4+2+1+3*bonus, moneyOf(evs, 1), "field %d", marker)
	}
}

func TestR002_24_AfterCompletion(t *testing.T) {
	g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1", "R2")
	fillR1(t, g, 1, 1, 1)
	give(t, g, 0, DEV, true, 1)
	do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	for _, o := range g.s.Slots[0].Desks {
		require.Equal(t, -1, o.Owner)
	}
	require.Equal(t, KindInternational, g.s.card(0).Kind)
	require.Equal(t, 1, g.s.Slots[0].Marker)
	require.Equal(t, 1, g.s.Turn)
}

func TestA002_07_CompletionWithGaps(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	put(t, g, 1, 0, 0, DEV, false)
	put(t, g, 1, 0, 2, BIZ, false)
	give(t, g, 0, DEV, true, 1)
	evs := do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	require.Equal(t, int64(6), moneyOf(evs, 0))
	require.Equal(t, int64(4+2), moneyOf(evs, 1), "ranked among those present")
}

func TestA002_09_EmptyInternationalDeck(t *testing.T) {
	g := workGame(t, 2, basic, "R1", "R2")
	g.s.IntlPlaced += len(g.s.Intl)
	g.s.Intl = nil
	fillR1(t, g, 1, 1, 1)
	give(t, g, 0, DEV, true, 1)
	do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	require.Equal(t, "", g.s.Slots[0].Card)
	require.True(t, g.View(0).(View).Projects[0].Empty)
	require.Empty(t, g.s.legalDesks(nil, 0, DEV, true))
}

func TestA002_12_NothingBeyondTheTrack(t *testing.T) {
	g := workGame(t, 2, basic, "I5") // BIZ, INF, DEV, BIZ, INF, BIZ*: 5 free desks
	for d, c := range []int{BIZ, INF, DEV, BIZ, INF} {
		put(t, g, 0, 0, d, c, false)
	}
	give(t, g, 1, BIZ, true, 1)
	do(t, g, 0, Pass{})
	evs := do(t, g, 1, Assign{Colour: BIZ, Principal: true, Project: 0, Desk: 5})
	require.Equal(t, int64(8), moneyOf(evs, 1))
	require.Equal(t, int64(6+4+2+1), moneyOf(evs, 0), "the 6th consultant earns $0")
}

func TestA002_17_CompletionInsideTheTurn(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	g.s.Event = EvLatePayments // completions are not halved
	fillR1(t, g, 1, 1, 1)
	give(t, g, 0, DEV, true, 1)
	evs := do(t, g, 0, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
	}
	require.Equal(t, []string{"assign", "complete", "reward", "reward", "reward", "reward", "project"}, kinds)
	require.Equal(t, int64(6), moneyOf(evs, 0))
}

func TestA002_19_SharedWin(t *testing.T) {
	g := workGame(t, 3, basic, "R1")
	g.s.LastRound = true
	g.s.Event = EvQuietWeek
	g.s.Dollars = []int64{15, 15, 9}
	passAll(t, g)
	out := g.Outcome()
	require.Equal(t, 1, out.Results[0].Placement)
	require.Equal(t, 1, out.Results[1].Placement)
	require.Equal(t, 3, out.Results[2].Placement)
	require.Contains(t, out.Reason, "share the win")
}

func TestG002_14_TiesShareTheWin(t *testing.T) { TestA002_19_SharedWin(t) }

func TestG002_02_ScoringTracks(t *testing.T) {
	require.Equal(t, []int64{6, 4, 2, 1}, Track(KindRegular))
	require.Equal(t, []int64{8, 6, 4, 2, 1}, Track(KindInternational))
	require.Nil(t, Track(KindInnovation))
}
