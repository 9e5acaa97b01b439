package unipoly

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
)

// TestGuideIsCompleteAndTellsTheRulesetsNumbers: the guide passes the
// engine's check, and every number a newcomer needs comes from the
// ruleset (R004-02 set-up, the salary, the jail fee, the limits, each cell
// and card).
func TestGuideIsCompleteAndTellsTheRulesetsNumbers(t *testing.T) {
	info := Definition{}.Info()
	text, _ := enginetest.CheckGuide(t, info.Guide)
	rs := Rules()
	for n := rs.MinSeats; n <= rs.MaxSeats; n++ {
		require.Contains(t, text, rs.FormatMoney(rs.Start.Money[n]), "start money for %d players (R004-02)", n)
	}
	for _, want := range []string{
		"the bank pays you " + rs.FormatMoney(rs.Turn.Salary), // R004-06
		"pay the " + rs.FormatMoney(rs.Jail.Fee) + " fee",     // G004-06
		"after 3 tied rounds",                                 // G004-14
		"at most 3 proposals a turn",                          // A004-08
		"plus 10%",                                            // R004-15
		"10, 20, 30, 50, 100 rounds", "30, 60, 90 minutes",    // G004-12
		"$25 for 1, $50 for 2, $100 for 3, $200 for 4",                // G004-02
		"times 4 if the owner holds 1, times 10 if the owner holds 2", // G004-03
	} {
		require.Contains(t, text, want)
	}
	for i, c := range rs.Board.Cells {
		require.Contains(t, text, c.Name, "cell %d", i)
		if c.Kind == opoly.KindStreet {
			require.Contains(t, text, rs.FormatMoney(c.BuildPrice))
		}
	}
	for _, d := range rs.Board.Decks {
		for _, c := range d.Cards {
			require.Contains(t, text, c.ID+" "+c.Text+" "+c.Effect)
		}
	}
	for _, w := range []string{"Capital", "Sealed bid", "Mortgage", "Campus Gate", "Probability", "Unexpected"} {
		require.Contains(t, text, w, "the words section names %q", w)
	}
}

// TestGuideFollowsTheRuleset: the guide is written from the ruleset, so a
// changed number shows up in it instead of an outdated one.
func TestGuideFollowsTheRuleset(t *testing.T) {
	rs := *newRules()
	rs.Turn.Salary, rs.Jail.Fee, rs.Trade.MaxPerTurn = 300, 75, 2
	rs.Start.Money = map[int]int64{2: 9999, 3: 7500, 4: 6250, 5: 5000, 6: 3750}
	text := enginetest.GuideText(guide(&rs))
	require.Contains(t, text, "the bank pays you $300")
	require.NotContains(t, text, "$200 the bank pays")
	require.Contains(t, text, "pay the $75 fee")
	require.Contains(t, text, "$9,999")
	require.Contains(t, text, "at most 2 proposals")
}

// TestGuideBoardLinesFitAnEightyColumnScreen: the verbatim board and
// set-up tables stay inside the narrowest screen.
func TestGuideBoardLinesFitAnEightyColumnScreen(t *testing.T) {
	text, _ := enginetest.CheckGuide(t, Rules().Guide)
	require.True(t, strings.Contains(text, "39 H Great Hall (Aula Magna)"))
}

// TestGuideTextIsPinned: the guide's words cannot change unnoticed, for
// example by a refactoring of the code that writes them. A change meant to
// change the text updates the digest (see enginetest.GuideDigest).
func TestGuideTextIsPinned(t *testing.T) {
	require.Equal(t, "b833f1c3be67adedcb85872e663b64f7185c24c70e803ededec91854b4122b4e", enginetest.GuideDigest(Definition{}.Info()))
}
