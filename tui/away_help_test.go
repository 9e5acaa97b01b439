package tui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// flatText is a frame's text with the borders and line breaks taken out,
// so that a wrapped sentence reads as one line.
func flatText(frame string) string {
	frame = strings.NewReplacer("│", " ", "┃", " ", "|", " ").Replace(frame)
	return strings.Join(strings.Fields(frame), " ")
}

// TestHelpSaysWhatHappensToAnAwaySeatC7 (issue 25): the help (?), the quit
// question and the esc question say what happens to a seat while its
// player is away, in the game's words: after a minute it takes only its
// default actions (C-7), unless the player handed it to a bot, which then
// plays on. Never "a bot covers for you after a while".
func TestHelpSaysWhatHappensToAnAwaySeatC7(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	id := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))
	h := e.session(ada, 160, 50)
	require.Equal(t, screenPlay, h.m.screen)
	defaults := "after a minute it takes only its default actions (" + testgame.Definition{}.Info().DefaultsOnlyText() + ")"

	say := func(keys ...string) string {
		h.keys(keys...)
		v := flatText(h.view())
		require.NotContains(t, v, "covers for you")
		require.NotContains(t, v, "after a while")
		return v
	}
	// Each place: the key that opens it, the key that closes it.
	places := [][3]string{{"?", "?", "help"}, {"ctrl+c", "n", "quit question"}, {"esc", "n", "back to the lobby question"}}
	for _, q := range places {
		require.Contains(t, say(q[0]), defaults, q[2])
		h.key(q[1])
		require.Empty(t, h.m.dialogs, q[2])
	}

	h.keys("B", "y")
	h.waitFor("take your seat back")
	for _, q := range places {
		v := say(q[0])
		require.Contains(t, v, "the bot you handed it to plays on while you are away", q[2])
		require.NotContains(t, v, "default actions (", q[2]+": a handed-over seat is not on defaults")
		h.key(q[1])
		require.Empty(t, h.m.dialogs, q[2])
	}
	require.Equal(t, screenPlay, h.m.screen)
}
