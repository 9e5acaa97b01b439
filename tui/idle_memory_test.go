package tui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWaitingSessionKeepsNoPlayStateNorLobbyDrawings: a session waiting in
// the lobby holds no play screen's state and none of its last frame's
// drawings (the chat panel, the key hints' key) between frames; the play
// screen makes its state on entering and drops it on leaving (issue 32:
// idle sessions at 100 KiB or less).
func TestWaitingSessionKeepsNoPlayStateNorLobbyDrawings(t *testing.T) {
	h, api := adaPlaysABot(t)
	require.NotNil(t, h.m.play)
	assert.Contains(t, h.view(), "Players' chat")
	assert.True(t, h.m.play.chat.drawn.ok, "the play screen keeps its chat panel between frames")
	assert.Empty(t, h.m.tab.sel.rows, "the table screen's seats are not kept under the play screen")
	assert.False(t, h.m.play.logDrawn.ok, "at 80x24 the log panel is kept only as the strip's lines")
	assert.NotEmpty(t, h.m.play.strip.lines)

	lobbyHoldsNothing := func(h *harness, when string) {
		t.Helper()
		v := h.view()
		require.Equal(t, screenLobby, h.m.screen, when)
		assert.Contains(t, v, "No messages yet.", "%s: the lobby still shows its chat", when)
		assert.Contains(t, v, "enter open table", "%s: and its key hints", when)
		assert.Nil(t, h.m.play, "%s: no play state in the lobby", when)
		assert.False(t, h.m.lob.chat.drawn.ok, "%s: the chat panel is not kept", when)
		assert.False(t, h.m.hints.ok, "%s: nor the key hints' key", when)
		assert.Nil(t, h.m.hintsBuf, "%s: nor their texts' buffer", when)
	}
	h.keys("esc", "y") // back to the lobby, the seat kept
	lobbyHoldsNothing(h, "back from the game")

	api.AddAccount("fp-bob", "bob")
	lobbyHoldsNothing(start(t, api, Options{Fingerprint: "fp-bob"}), "at arrival")
}
