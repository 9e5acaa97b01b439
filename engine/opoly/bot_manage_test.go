package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

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
