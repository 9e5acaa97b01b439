package tui

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestWaitingSessionKeepsNoPlayStateNorLobbyDrawings: a session waiting in
// the lobby holds no play screen's state and none of its last frame's
// drawings (the chat panel, the key hints' key) between frames; the play
// screen makes its state on entering and drops it on leaving (issue 32:
// idle sessions at 100 KiB or less).
func TestWaitingSessionKeepsNoPlayStateNorLobbyDrawings(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	api.AddAccount("fp-bob", "bob")
	ctx := context.Background()
	tb, err := api.CreateTable(ctx, ada, lobby.PublicLobbyID, "testgame", 2, nil)
	require.NoError(t, err)
	require.NoError(t, api.AddBot(ctx, ada, tb.ID))
	require.NoError(t, api.SetReady(ctx, ada, tb.ID, true))
	require.NoError(t, api.Start(ctx, ada, tb.ID))

	h := start(t, api, Options{Fingerprint: "fp-bob"})
	lobbyHoldsNothing := func(when string) {
		t.Helper()
		v := h.view()
		require.Equal(t, screenLobby, h.m.screen, when)
		assert.Contains(t, v, "No messages yet.", "%s: the lobby still shows its chat", when)
		assert.Contains(t, v, "enter open table", "%s: and its key hints", when)
		assert.Nil(t, h.m.play, "%s: no play state in the lobby", when)
		assert.False(t, h.m.lob.chat.drawn.ok, "%s: the chat panel is not kept", when)
		assert.False(t, h.m.hints.ok, "%s: nor the key hints' key", when)
	}
	lobbyHoldsNothing("at arrival")

	h.key("enter")
	require.Equal(t, screenPlay, h.m.screen)
	require.NotNil(t, h.m.play)
	assert.Contains(t, h.view(), "Spectators' chat")
	assert.True(t, h.m.play.chat.drawn.ok, "the play screen keeps its chat panel between frames")

	h.key("esc")
	lobbyHoldsNothing("back from the game")
}
