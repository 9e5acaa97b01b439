package billionaire

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/enginetest"
)

// TestGuideIsCompleteAndTellsTheGamesNumbers: the guide passes the markup
// check with every topic, and carries the numbers of the game's own data:
// every location with its cost and capacity, every card type with its
// copies, every event, the start capital and the winning capital.
func TestGuideIsCompleteAndTellsTheGamesNumbers(t *testing.T) {
	g := Definition{}.Info().Guide
	text, _ := enginetest.CheckGuide(t, g)
	for _, l := range Locations() {
		row := fmt.Sprintf("%-14s %-4s %5d %6d %4d %4d", l.Name, l.Type, l.Cost, l.Upkeep, l.Capacity, l.Overhead)
		require.Contains(t, text, row, "map row of %s", l.Name)
	}
	for c := 0; c < numCardTypes; c++ {
		require.Contains(t, text, fmt.Sprintf("%d %s", CardCopies(c), CardName(c)))
	}
	for id := 0; id < NumEvents; id++ {
		name, _ := event(id)
		require.Contains(t, text, name)
	}
	for _, w := range []string{money(StartCapital), money(WinCapital), "Work Container", "Work Queue",
		"Product Payment List", "time zone", "Lab", "action card", "adjusted capital", "chosen: yes/no"} {
		require.Contains(t, text, w)
	}
	// The worked scenarios R003-23 and R003-24, as the engine computes them.
	toronto, ba := location(13), location(16)
	it := Item{Customer: NorthAmerica, HighRisk: true}
	r1 := labRings(toronto, it, 3, true)
	r2, _ := workRings([]int{13, 16}, 13, 7, it, []int{3, 5})
	require.Equal(t, "Toronto", toronto.Name)
	require.Equal(t, "Buenos Aires", ba.Name)
	require.Contains(t, text, fmt.Sprintf("minus 2 = %d rings", r1))
	require.Contains(t, text, fmt.Sprintf("minus 2 and 2 = %d rings", r2))
}

// TestGuideItemTableFollowsTheDeck: every class line lists the durations
// and revenues of the deck's cards of that class.
func TestGuideItemTableFollowsTheDeck(t *testing.T) {
	text := guideItems()
	for id := 0; id < NumItems; id++ {
		it := item(id)
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), it.Code[:7]) {
				line = l
			}
		}
		require.NotEmpty(t, line, it.Code)
		require.Contains(t, line, fmt.Sprintf("%d:%d", it.Duration, it.Revenue), it.Code)
	}
}

// TestWorkRangeMatchesTheScenarios: the preview range holds the rings of
// R003-23 (7) and R003-24 (12), and a low-risk item has one value.
func TestWorkRangeMatchesTheScenarios(t *testing.T) {
	it := Item{Customer: NorthAmerica, HighRisk: true}
	lo, hi := WorkRange([]int{13}, 13, 7, it)
	require.Equal(t, [2]int64{0, 16}, [2]int64{lo, hi})
	lo, hi = WorkRange([]int{13, 16}, 13, 7, it)
	require.LessOrEqual(t, lo, int64(12))
	require.GreaterOrEqual(t, hi, int64(12))
	require.Equal(t, int64(16+9-2-2), hi)
	it.HighRisk = false
	lo, hi = WorkRange([]int{13}, 13, 13, it)
	require.Equal(t, [2]int64{18, 18}, [2]int64{lo, hi})
}

// TestGuideTextIsPinned: the guide's words cannot change unnoticed, for
// example by a refactoring of the code that writes them. A change meant to
// change the text updates the digest (see enginetest.GuideDigest).
func TestGuideTextIsPinned(t *testing.T) {
	require.Equal(t, "28b8ba6f3785686d6234f799f9a0946278fb7c772bd7abb449bcef78fdbbfbb1", enginetest.GuideDigest(Definition{}.Info()))
}

// TestC12_GuideStatesBothRoundLimits: a text that states a default states
// the public tables' one too, and option values read in words (C-14).
func TestC12_GuideStatesBothRoundLimits(t *testing.T) {
	var all strings.Builder
	for _, s := range guide() {
		all.WriteString(s.Text)
	}
	text := all.String()
	require.Contains(t, text, "by default 25 rounds; public tables start with 15 rounds")
	require.Contains(t, text, "25 rounds as the rules say (the default; public tables start with 15 rounds)")
	require.NotContains(t, text, `"capital"`)
	require.NotContains(t, text, `"clockwise"`)
	require.Contains(t, Definition{}.Info().Summary, "public tables 15")
}
