package projectopoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
)

// TestGuideIsCompleteAndTellsTheRulesetsNumbers: the guide passes the
// engine's check, and every number a newcomer needs comes from the
// ruleset: the set-up table (R000-05, A000-03), Go! (R000-10), WFA
// (R000-21), the pools and their auction thresholds (R000-03, G000-10),
// the certification and service fees (G000-03/04), every cell and card.
func TestGuideIsCompleteAndTellsTheRulesetsNumbers(t *testing.T) {
	info := Definition{}.Info()
	text, _ := enginetest.CheckGuide(t, info.Guide)
	rs := Rules()
	for n := rs.MinSeats; n <= rs.MaxSeats; n++ {
		require.Contains(t, text, rs.FormatMoney(rs.Start.Money[n]), "start money for %d PMs (R000-05)", n)
	}
	for _, want := range []string{
		"FICO pays you 2.000€",                                      // R000-10
		"pay 500€, or play a WFA exit card",                         // R000-21
		"On your 3rd turn in WFA",                                   // R000-21
		"holds 32 FTE and 12 QM teams",                              // R000-03
		"while 5 or fewer are free",                                 // G000-10
		"a QM team while 2 or fewer",                                // G000-10
		"after 3 tied rounds",                                       // MF-8
		"at most 3 proposals",                                       // MF-9
		"plus 10%, rounded up to 10€",                               // R000-27
		"250€ for 1, 500€ for 2, 1.000€ for 3, 2.000€ for 4",        // G000-03
		"times 40€ if the PM holds 1, times 100€ if the PM holds 2", // G000-04
		"10, 20, 30, 50, 100 rounds", "30, 60, 90 minutes",          // G000-13
		"then to more assets", // 1.e tie-breaks
		"fees 500€ | FTE 2.000€ 6.000€ 14.000€ 17.000€ | QM 20.000€", // Core Banking Replacement
	} {
		require.Contains(t, text, want)
	}
	for i, c := range rs.Board.Cells {
		name := c.Name
		if len([]rune(name)) > 34 {
			name = string([]rune(name)[:20])
		}
		require.Contains(t, text, name, "cell %d", i)
		if c.Kind == opoly.KindStreet {
			require.Contains(t, text, rs.FormatMoney(c.BuildPrice))
		}
	}
	for _, d := range rs.Board.Decks {
		for _, c := range d.Cards {
			require.Contains(t, text, c.ID+" "+c.Text+" "+c.Effect)
		}
	}
	words, ok := info.Guide.Section(engine.TopicWords)
	require.True(t, ok)
	for _, w := range []string{"PM", "FICO", "Project Planning", "FTE", "QM team", "Team+QM", "Outsourcing fee",
		"Budget extension", "WFA", "exit card", "Net worth", "Shortage auction", "Offer to all", "valuation",
		"Q a Team+QM", "e under budget extension", "# WFA"} {
		require.Contains(t, words.Text, w, "the words section names %q", w)
	}
}

// TestGuideFollowsTheRuleset: the guide is written from the ruleset, so a
// changed number shows up in it instead of an outdated one.
func TestGuideFollowsTheRuleset(t *testing.T) {
	rs := *newRules()
	rs.Turn.Salary, rs.Jail.Fee, rs.Trade.MaxPerTurn = 3000, 750, 2
	rs.Mechanisms = append([]opoly.Mechanism{supply{&opoly.Supply{Units: 40, Tops: 10, UnitAuctionAt: 6, TopAuctionAt: 1}}},
		rs.Mechanisms[1:]...)
	rs.Start.Money = map[int]int64{2: 99990, 3: 30000, 4: 25000, 5: 20000, 6: 15000, 7: 10000}
	text := enginetest.GuideText(guide(&rs))
	require.Contains(t, text, "FICO pays you 3.000€")
	require.NotContains(t, text, "pays you 2.000€")
	require.Contains(t, text, "pay 750€")
	require.Contains(t, text, "99.990€")
	require.Contains(t, text, "at most 2 proposals")
	require.Contains(t, text, "holds 40 FTE and 10 QM teams")
	require.Contains(t, text, "while 6 or fewer are free")
	require.Contains(t, text, "default 400€): the PMs who play first", "G000-18")
	rs.Start.CatchUp = &opoly.CatchUp{Choices: []string{"off", "700"}, Default: "700"}
	require.Contains(t, enginetest.GuideText(guide(&rs)), "default 700€)")
}

// TestGuideLinesFitAnEightyColumnScreen: the verbatim board and set-up
// tables stay inside the narrowest screen.
func TestGuideLinesFitAnEightyColumnScreen(t *testing.T) {
	text, n := enginetest.CheckGuide(t, Rules().Guide)
	require.Greater(t, n, 40, "the board is a table")
	require.Contains(t, text, "39 H Core Banking Replacement")
}

// TestGuideTextIsPinned: the guide's words cannot change unnoticed, for
// example by a refactoring of the code that writes them. A change meant to
// change the text updates the digest (see enginetest.GuideDigest).
func TestGuideTextIsPinned(t *testing.T) {
	require.Equal(t, "0fb1745ed7ce707fe2e96f70ae51816ec36558f5aa8bb6586f51f4ff9bb0b0a3", enginetest.GuideDigest(Definition{}.Info()))
}
