package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// README §6.3, game 002. Purple, White, Green, Yellow are seats 1-4.
const (
	purple = 0
	white  = 1
	green  = 2
	yellow = 3
)

func TestAcceptance1_SilverRewards(t *testing.T) {
	g := workGame(t, 2, basic, "R1")
	put(t, g, white, 0, 0, DEV, false)
	put(t, g, white, 0, 1, DEV, false)
	put(t, g, purple, 0, 2, BIZ, false)
	evs := passAll(t, g)
	require.Equal(t, int64(6), moneyOf(evs, purple))
	require.Equal(t, int64(4+2), moneyOf(evs, white))
}

func TestAcceptance2_CompletionOnGreen(t *testing.T) {
	g := workGame(t, 4, map[string]string{OptInnovation: "off"}, "R1")
	g.s.Slots[0].Marker = 2
	fillR1(t, g, yellow, green, white)
	give(t, g, purple, DEV, true, 1)
	evs := do(t, g, purple, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	require.Equal(t, []int64{9, 7, 5, 4}, []int64{moneyOf(evs, purple), moneyOf(evs, white), moneyOf(evs, green), moneyOf(evs, yellow)})
}

func TestAcceptance3_Penalties(t *testing.T) {
	g := workGame(t, 4, map[string]string{OptInnovation: "off"}, "R1")
	g.s.Slots[0].Marker = 4
	put(t, g, white, 0, 0, DEV, false)
	put(t, g, green, 0, 1, DEV, false)
	evs := passAll(t, g)
	require.Equal(t, int64(-6), moneyOf(evs, purple))
	require.Equal(t, int64(-6), moneyOf(evs, yellow))

	h := workGame(t, 3, map[string]string{OptInnovation: "off"}, "R1")
	h.s.Slots[0].Marker = 5
	put(t, h, purple, 0, 0, DEV, false)
	put(t, h, white, 0, 1, DEV, false)
	put(t, h, green, 0, 2, BIZ, false)
	evs = passAll(t, h)
	require.Equal(t, int64(2-10), moneyOf(evs, purple))
	require.Equal(t, int64(4), moneyOf(evs, white))
	require.Equal(t, int64(6), moneyOf(evs, green))
}

func TestAcceptance4_PositionalRuleAndCompletion(t *testing.T) {
	g := workGame(t, 2, basic, "R5") // INF, DEV, INF, SEC, INF*
	put(t, g, white, 0, 0, INF, false)
	put(t, g, white, 0, 2, INF, false)
	var desks []int
	for c := 0; c < NumColours; c++ {
		for _, p := range []bool{false, true} {
			desks = append(desks, g.s.legalDesks(nil, 0, c, p)...)
		}
	}
	require.ElementsMatch(t, []int{1, 1, 3, 3}, desks, "desks 1 and 3 only (0-based), each for a Senior or a Principal of its colour")
	put(t, g, white, 0, 3, SEC, false)
	give(t, g, purple, INF, false, 1)
	require.Empty(t, legalDesksOf(g, purple, 0, INF, false), "the last desk needs a Principal")
	give(t, g, purple, INF, true, 1)
	evs := do(t, g, purple, Assign{Colour: INF, Principal: true, Project: 0, Desk: 4})
	require.Contains(t, texts(evs, white), "Data Centre Move is complete")
}

func TestAcceptance5_EndAfterPhaseFourOfRoundK(t *testing.T) {
	g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1", "R2")
	g.s.IntlPlaced += len(g.s.Intl) - 1
	g.s.Intl = g.s.Intl[:1]
	g.s.Slots[1].Marker = 2
	fillR1(t, g, white, white, white)
	give(t, g, purple, DEV, true, 1)
	do(t, g, purple, Assign{Colour: DEV, Principal: true, Project: 0, Desk: 3})
	k := g.Round()
	evs := passAll(t, g)
	require.True(t, g.Outcome().Finished)
	require.Equal(t, k, g.Round())
	require.Equal(t, 2, g.s.Slots[1].Marker, "Phase 5 skipped")
	kinds := map[string]bool{}
	for _, e := range evs {
		kinds[e.Kind] = true
	}
	require.True(t, kinds["rewards"])
	require.False(t, kinds["deadline"])
	require.Nil(t, g.Prompt().Waiting)
}
