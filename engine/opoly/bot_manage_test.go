package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestManageSkipsOnlyWhatItWouldNotChoose: where the bot leaves its
// builds and lifts unread (skipsManage: its cash short of the least
// reserve, or of the reserve itself, after the cheapest build and any
// lift), manage would have chosen
// none of them, at every step of a seat's turn in bot games of the three
// property games; and the bot both skips and builds or lifts in each
// game. It fails with the skip's bound above the reserve (the highest
// charge whole instead of half, or the cheapest build 200 cheaper than
// it is). (With the lifts left out it passes: on
// these boards a bot whose cash the cheapest build leaves below the least
// reserve never has twice that reserve and 200 to spare for a lift, so
// the lifts' check never keeps the list asked for; it stands for boards
// where a lift costs less than a build by more than the reserve.)
func TestManageSkipsOnlyWhatItWouldNotChoose(t *testing.T) {
	skipped, chosen := 0, 0
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		skip, a, ok := opoly.ManageOrSkip(s.G, s.View, s.Seat)
		if !ok {
			return
		}
		if skip {
			require.Nil(t, a, "%s: skipped a build or lift the bot chooses", s.At())
			skipped++
		} else if a != nil {
			chosen++
		}
	}, func(def engine.Definition, seed uint64) {
		if seed == 6 {
			require.Positive(t, skipped, "%s: skipped", def.Info().ID)
			require.Positive(t, chosen, "%s: built or lifted", def.Info().ID)
			skipped, chosen = 0, 0
		}
	})
}

// TestLeastLiftKeptPerRules: the cheapest lift a bot keeps (leastLift,
// which lets mayLift answer no without a walk over its properties) is the
// walk's for each ruleset one bot reads in turn: the three games' rules, a
// copy of Unipoly's with a dearer interest, and the same copy given a
// board with cheaper mortgages. It fails when the kept number outlives the
// rules or the board it was worked out for.
func TestLeastLiftKeptPerRules(t *testing.T) {
	lift := opoly.LeastLifts()
	uni := unipoly.Rules()
	dearer := *uni
	dearer.Mortgage.InterestPct += 40
	board := *uni.Board
	board.Cells = append([]opoly.Cell(nil), uni.Board.Cells...)
	for c := range board.Cells {
		board.Cells[c].Mortgage /= 2
	}
	var seen []int64
	for i, rs := range []*opoly.Ruleset{uni, &dearer, &dearer, projectopoly.Definition{}.Rules(), technopoly.Rules(), uni} {
		if i == 2 {
			dearer.Board = &board // the same rules, another board
		}
		kept, walked := lift(rs)
		require.Equal(t, walked, kept, "ruleset %d", i)
		seen = append(seen, walked)
	}
	require.Less(t, seen[0], seen[1], "a dearer interest")
	require.Greater(t, seen[1], seen[2], "cheaper mortgages")
}
