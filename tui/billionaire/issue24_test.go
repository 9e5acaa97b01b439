package billionaire

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
)

// zonesShown lists the zone of every location row on screen.
func zonesShown(out string) []string {
	var names []string
	for _, l := range bill.Locations() {
		if strings.Contains(out, fmt.Sprintf(" %-13s %s %s", l.Name, bill.ContinentCode(l.Continent), l.Type)) {
			names = append(names, bill.ZoneName(l.Zone))
		}
	}
	return names
}

// TestIssue24_80x24ShowsNamesUnitsAndAdjustedCapital: at 80x24 every
// player's name is whole (up to 14 letters; a 16-letter one ends with
// "…"), money has its unit, and everyone's capital and adjusted capital
// (which decides the winner, R003-19) are on screen.
func TestIssue24_80x24ShowsNamesUnitsAndAdjustedCapital(t *testing.T) {
	f := newFixture(t, 4, 12, 0, true)
	f.Table.Seats[1].Handle = "fourteenchars1"
	f.Table.Seats[2].Handle = "sixteenletters16"
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	plain := f.Plain(smallW, smallH)
	require.Contains(t, plain, "ada (you)", plain)
	require.Contains(t, plain, "fourteenchars1")
	require.Contains(t, plain, "sixteenletter…", "a cut name ends with …")
	require.Contains(t, plain, "capital adjusted", "the columns are named")
	for s, p := range f.view().Players {
		require.Regexp(t, fmt.Sprintf(`%d \S.* +%d M€ +%d M€ `, s+1, p.Capital, p.Adjusted), plain, "seat %d", s+1)
	}
	require.Contains(t, plain, "(M€, man-days)", "the map's units")
	f.Key("a")
	require.Regexp(t, `cost \d+ M€, upkeep \d+ M€, capacity \d+ md, overhead \d md`, f.Plain(smallW, smallH))
}

// TestIssue24_ListsThatDoNotFitSayMore: a pick list longer than the
// 80x24 body scrolls with "more" lines above and below; the company that
// does not fit beside the map says how many lines are hidden and which
// key shows them.
func TestIssue24_ListsThatDoNotFitSayMore(t *testing.T) {
	f := newFixture(t, 4, 12, 0, true)
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	f.Key("a", "enter", "y", "esc") // ada's company grows; round 2's picker closed
	require.Regexp(t, `↓ \d+ more lines?: v shows it all`, f.Plain(smallW, smallH))
	// The company in place of the map (v) scrolls when it does not fit.
	f.Key("v")
	plain := f.Plain(smallW, 6)
	require.Regexp(t, `↑ 0 more above \(up/down scroll\)`, plain)
	require.Regexp(t, `↓ [1-9]\d* more below \(up/down scroll\)`, plain)
	f.Key("down")
	require.Regexp(t, `↑ 1 more above`, f.Plain(smallW, 6))
	f.Key("v")
	f.r.pick = pickState{kind: "select_work", title: "A long list"}
	for i := 0; i < 20; i++ {
		f.r.pick.acts = append(f.r.pick.acts, bill.SelectWork{First: i % 2, Second: i / 10})
	}
	f.r.mode = modePick
	plain = f.Plain(smallW, smallH)
	require.Contains(t, plain, "↑ 0 more above")
	require.Regexp(t, `↓ 1[0-9] more below`, plain)
	for i := 0; i < 12; i++ {
		f.r.pickKey(keyMsg("down"))
	}
	plain = f.Plain(smallW, smallH)
	require.Regexp(t, `↑ [1-9]\d* more above`, plain)
	require.Contains(t, plain, "> first from", "the row stays in view")
}

// TestIssue24_MapFollowsTheActiveZoneEveryTurn: the arrows look at
// another zone only until the next turn; then the map shows the zone the
// sun is over again.
func TestIssue24_MapFollowsTheActiveZoneEveryTurn(t *testing.T) {
	f := newFixture(t, 2, 6, 0, true)
	bobHolds(f)
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	active := f.view().Zone
	f.Key("right")
	require.NotEqual(t, bill.ZoneName(active), zonesShown(f.Plain(smallW, smallH))[0])
	require.Contains(t, f.Plain(smallW, smallH), "(. goes back)")
	f.Key("e", "y") // ada ends her visit with her card
	require.NotEqual(t, 0, f.view().Current, "the turn moved on")
	v := f.view()
	want := bill.ZoneName(v.Zone)
	require.Equal(t, []string{want, want, want, want, want, want}, zonesShown(f.Plain(smallW, smallH)), "the map follows again")
	require.NotContains(t, f.Plain(smallW, smallH), "You look at")
	// Looking around again lasts until the next change of turn only.
	f.Key("left")
	require.NotEqual(t, want, zonesShown(f.Plain(smallW, smallH))[0])
	require.True(t, f.play(-1, func() bool { return f.view().Round == 2 }))
	f.Refresh()
	require.Equal(t, f.view().Zone, f.r.zone)
}

// TestG003_11_TurnOrderAndDiceOnScreen: the round's turn order and the
// dice that broke the tie at 50 M€ are on the large screen.
func TestG003_11_TurnOrderAndDiceOnScreen(t *testing.T) {
	f := newFixture(t, 3, 14, 0, true)
	v := f.view()
	require.NotEmpty(t, v.Rolls)
	plain := f.Plain(largeW2, largeH2)
	names := []string{"ada", "bob", "cyd"}
	order := make([]string, len(v.Order))
	for k, s := range v.Order {
		order[k] = names[s]
	}
	require.Contains(t, plain, "Turn order: "+strings.Join(order, ", ")+" (tie broken by a die: ")
	require.Contains(t, plain, fmt.Sprintf("%s %d", names[v.Rolls[0].Seat], v.Rolls[0].Die))
}

// TestIssue24_HeldCardSaysWhyItCannotBePlayed: in the visit a held card
// with no legal action is listed with the reason, and its key says it;
// in the secret choice a card that could not be played is marked with
// why.
func TestIssue24_HeldCardSaysWhyItCannotBePlayed(t *testing.T) {
	f := newFixture(t, 2, 21, 0, true)
	plain := f.Plain(smallW, smallH)
	require.Regexp(t, `Sell Lab +3 +0  ! no Lab to sell`, plain)
	f.Key("+", "enter", "y")
	f.zoneVisit(0)
	require.Equal(t, bill.East, f.view().Zone)
	f.Key("a", "down", "down", "enter", "y") // Manila, 14 M€
	require.Len(t, f.view().Players[0].Labs, 1)
	require.True(t, f.play(0, func() bool { return f.view().Round == 2 && f.view().Phase == bill.PhaseSelect }))
	f.Refresh()
	f.Key("+", "down", "+", "enter", "y") // 1 Acquire Lab, 1 Sell Lab
	require.Equal(t, [5]int{1, 1, 0, 0, 0}, [5]int(*f.view().Players[0].Hand))
	f.zoneVisit(0)
	if f.view().Zone == bill.East {
		f.Key("e", "y") // keep both for the Center zone
		f.zoneVisit(0)
	}
	require.Equal(t, bill.Center, f.view().Zone)
	plain = f.Plain(smallW, smallH)
	require.Equal(t, []string{"1 Sell Lab cannot be played: you have no Lab in the Center zone."}, f.r.blockedLines(200))
	require.Contains(t, plain, "1 Sell Lab cannot be played: you have")
	require.Contains(t, plain, "no Lab in the Center zone.")
	f.Key("s")
	require.Contains(t, f.Plain(smallW, smallH), "Sell Lab cannot be played: you have no Lab in the Center zone.")
	require.Equal(t, modeMap, f.r.mode)
}

// TestC8_ResignedPlayerWatches: after resigning, the player sees the game
// like a spectator: no card picker, no prompt to choose, no action keys.
func TestC8_ResignedPlayerWatches(t *testing.T) {
	f := newFixture(t, 3, 5, 0, true)
	require.Equal(t, modeCards, f.r.mode)
	f.Key("esc", "R")
	require.Contains(t, f.Plain(smallW, smallH), "Resign?")
	f.Key("y")
	require.Equal(t, modeMap, f.r.mode)
	check := func() {
		t.Helper()
		plain := f.Plain(smallW, smallH)
		require.Contains(t, plain, "You resigned: you watch the rest of the game.")
		require.NotContains(t, plain, "Your secret choice")
		require.NotContains(t, plain, "Choose your action cards")
		require.NotRegexp(t, `\bc choose cards|R resign`, plain)
		require.Regexp(t, `1 ada \(you\) +\d+ M€ +-?\d+ M€ out`, plain)
		f.Key("c")
		require.Equal(t, modeMap, f.r.mode)
	}
	check()
	// Another session of the player had the picker open when it resigned.
	f.r.mode = modeCards
	f.Refresh()
	check()
	require.True(t, f.play(0, func() bool { return f.view().Round == 2 && f.view().Phase == bill.PhaseSelect }))
	f.Refresh()
	check()
}

// TestR003_19_EndScreenShowsScoreBreakdown: at the end every player's
// adjusted capital is shown with its parts, best first, with the rule
// that decided.
func TestR003_19_EndScreenShowsScoreBreakdown(t *testing.T) {
	f := newFixture(t, 3, 8, 0, true)
	bots := []engine.Bot{bill.Definition{}.NewBot(0, 8), bill.Definition{}.NewBot(1, 8), bill.Definition{}.NewBot(2, 8)}
	for step := 0; step < 5000 && f.G.Prompt().Phase != bill.PhaseOver; step++ {
		w := f.G.Prompt().Waiting[0].Seat
		_, err := f.G.Apply(w, bots[w].Choose(f.G.View(w), f.G.Legal(w)))
		require.NoError(t, err)
	}
	f.Refresh()
	v := f.view()
	require.Equal(t, bill.PhaseOver, v.Phase)
	names := []string{"ada", "bob", "cyd"}
	for _, sz := range [][2]int{{smallW, smallH}, {largeW2, largeH2}} {
		plain := f.Plain(sz[0], sz[1])
		require.Contains(t, plain, "Final scores (M€): adjusted = capital + Labs + products - fees")
		require.Contains(t, plain, "The highest adjusted capital wins")
		for _, res := range f.G.Outcome().Results {
			sc := v.Players[res.Seat].Score
			require.Equal(t, sc.Adjusted, sc.Capital+sc.Labs+sc.Products-sc.Fees)
			row := fmt.Sprintf(`%s +%s +%d +\+%d +\+%d +-%d +%d\b`, engine.Ordinal(res.Placement), names[res.Seat], sc.Capital,
				sc.Labs, sc.Products, sc.Fees, sc.Adjusted)
			require.Regexp(t, regexp.MustCompile(row), plain, "%dx%d", sz[0], sz[1])
		}
	}
}

// TestC14_LegendSpeaksBillionaire: the ? legend explains this screen in
// IT Billionaire's words: no other game's words, no rule ids.
func TestC14_LegendSpeaksBillionaire(t *testing.T) {
	f := newFixture(t, 2, 1, 0, true)
	l := f.r.Legend()
	for _, w := range []string{"bid", "auction", "trade", "trading", "building", "street", "house", "hotel", "rent", "mortgage", "FTE", "dollar", "£"} {
		require.NotRegexp(t, `(?i)\b`+regexp.QuoteMeta(w)+`\b`, l, w)
	}
	require.NotRegexp(t, `[RGAC]\d{3}-\d+|\bC-\d+`, l, "no rule id")
	for _, w := range []string{"M€", "man-days", "adjusted capital", "Work Container", "Lab"} {
		require.Contains(t, l, w)
	}
}
