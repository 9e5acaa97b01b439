package lobby_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/allinthegame"
	"boardroom/engine/billionaire"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// TestTimerTextPerGameC7C14: the standard turn timer reads as a sentence
// in each game's words, naming only the kinds of decision the game has
// (no bids where there are no auctions; IT Billionaire's 120 s secret
// selection), never a rule id; a fixed timer is per move.
func TestTimerTextPerGameC7C14(t *testing.T) {
	for _, c := range []struct {
		id, want string
		info     func() string
	}{
		{"unipoly", "standard timer: 60 s a move, 30 s a sealed bid, 90 s an answer to a trade", func() string {
			return lobby.TimerText(unipoly.Definition{}.Info(), lobby.TurnTimerRules)
		}},
		{"projectopoly", "standard timer: 60 s a move, 30 s a sealed bid, 90 s an answer to an offer", func() string {
			return lobby.TimerText(projectopoly.Definition{}.Info(), lobby.TurnTimerRules)
		}},
		{"technopoly", "standard timer: 60 s a move, 90 s an answer to a takeover request", func() string {
			return lobby.TimerText(technopoly.Definition{}.Info(), lobby.TurnTimerRules)
		}},
		{"allinthegame", "standard timer: 60 s a move", func() string {
			return lobby.TimerText(allinthegame.Definition{}.Info(), lobby.TurnTimerRules)
		}},
		{"billionaire", "standard timer: 60 s a move, 120 s a secret choice of action cards", func() string {
			return lobby.TimerText(billionaire.Definition{}.Info(), lobby.TurnTimerRules)
		}},
	} {
		require.Equal(t, c.want, c.info(), c.id)
	}
	info := unipoly.Definition{}.Info()
	require.Equal(t, "no timer", lobby.TimerText(info, 0))
	require.Equal(t, "30 s a move", lobby.TimerText(info, 30))
	require.Equal(t, "default: no timer; public tables: the standard timer", lobby.TimerDefaultText())
}

// TestEveryOptionChoiceReadsInWordsC14: every choice of every option of
// the five games reads as words where a player reads it: no camelCase
// key ("lastStanding"), no "key:value" ("minutes:90"), no bare number
// without its unit ("40" for 40 rounds).
func TestEveryOptionChoiceReadsInWordsC14(t *testing.T) {
	internal := regexp.MustCompile(`^[a-z]+[A-Z]|:|^\d+$`)
	for _, info := range []engine.Info{unipoly.Definition{}.Info(), projectopoly.Definition{}.Info(), technopoly.Definition{}.Info(),
		allinthegame.Definition{}.Info(), billionaire.Definition{}.Info()} {
		for _, o := range info.Options {
			for _, c := range o.Choices {
				require.NotRegexp(t, internal, o.ChoiceText(c), "%s option %s choice %q", info.ID, o.Key, c)
			}
			require.NotRegexp(t, `lastStanding|minutes:\d|rounds:\d`, o.Help, "%s option %s: its help", info.ID, o.Key)
		}
	}
}
