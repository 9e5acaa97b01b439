package technopoly

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
)

// TestGuideIsCompleteAndTellsTheRulesetsNumbers: the guide passes the
// engine's check and tells the numbers of the ruleset: start money, the
// Invest NI investment, the tax, the mark-up, every start-up and card.
func TestGuideIsCompleteAndTellsTheRulesetsNumbers(t *testing.T) {
	info := Definition{}.Info()
	text, _ := enginetest.CheckGuide(t, info.Guide)
	rs := Rules()
	for _, want := range []string{
		"£150,000 on Invest NI", "a £20,000 investment", "tax of £1,000", "plus a 20% mark-up",
		"£200 unstaffed, £400 with its field complete, £1,000 / £3,000 / £9,000", "£25,000 with a CTO",
		"At most 3 developers", "20, 30, 40, 60, 100 rounds", "Terminate the game: at any time",
		"there is no auction", "Finish the round at a bankruptcy\" on (off by default)", "Start-up", "Field", "Licence fee", "Developer", "CTO", "Takeover", "Runway", "Resources",
	} {
		require.Contains(t, text, want)
	}
	for i, c := range rs.Board.Cells {
		require.Contains(t, text, c.Name, "cell %d", i)
		if c.Kind == opoly.KindStreet {
			require.Contains(t, text, rs.FormatMoney(c.Price))
		}
	}
	for _, c := range rs.Board.Decks[DeckTechNews].Cards {
		require.Contains(t, text, c.ID+" "+c.Text+" "+c.Effect)
	}
}

// TestGuideFollowsTheRuleset: a changed number shows in the guide.
func TestGuideFollowsTheRuleset(t *testing.T) {
	rs := *newRules()
	rs.Turn.Salary, rs.Jail.ThirdDoubleTax = 25000, 2000
	rs.Mechanisms = slices.Clone(rs.Mechanisms)
	for i, m := range rs.Mechanisms {
		if _, ok := m.(takeovers); ok {
			rs.Mechanisms[i] = takeovers{Pct: 30}
		}
	}
	text := enginetest.GuideText(guide(&rs))
	require.Contains(t, text, "a £25,000 investment")
	require.Contains(t, text, "plus a 30% mark-up")
	require.Contains(t, text, "tax of £2,000")
}

// TestGuideBoardFitsAnEightyColumnScreen: the verbatim lines fit.
func TestGuideBoardFitsAnEightyColumnScreen(t *testing.T) {
	text, _ := enginetest.CheckGuide(t, Rules().Guide)
	require.Contains(t, text, "39 H Entangle Labs       £40,000  5/20/60/140/200        £20,000")
}

// TestGuideTextIsPinned: the guide's words cannot change unnoticed, for
// example by a refactoring of the code that writes them. A change meant to
// change the text updates the digest (see enginetest.GuideDigest).
func TestGuideTextIsPinned(t *testing.T) {
	require.Equal(t, "e55fbca3088b030afab602c899c04bb88f8e00d44e740757d64218e5dd9183bb", enginetest.GuideDigest(Definition{}.Info()))
}

// TestResignedReadsTerminated: a Technopoly player who resigns terminates
// the game (R001-13), and results say so in the game's word.
func TestResignedReadsTerminated(t *testing.T) {
	info := Definition{}.Info()
	require.Equal(t, "terminated", info.StatusText(engine.StatusResigned))
	require.Equal(t, engine.StatusBankrupt, info.StatusText(engine.StatusBankrupt))
}
