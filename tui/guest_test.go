package tui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// footer is the last line of a frame.
func footer(h *harness) string {
	lines := frameLines(h)
	return lines[len(lines)-1]
}

// TestGuestSeesOnlyWhatAGuestCanDo walks a guest through the lobby, the
// games list, a forming table and a game at 80x24 and 160x50: no footer
// offers a new table, chat, sitting or a profile of their own, and those
// keys open nothing. A player with a key is offered all of them.
func TestGuestSeesOnlyWhatAGuestCanDo(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	forming, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.NoError(t, err)
	playing := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, playing))

	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		g := startWith(t, e.svc, realStart, Options{Width: size[0], Height: size[1]})
		require.Equal(t, screenGuest, g.m.screen)
		g.key("enter")
		require.Equal(t, screenLobby, g.m.screen)
		v := exactView(t, g)
		t.Logf("guest lobby %dx%d:\n%s", size[0], size[1], v)
		foot := footer(g)
		for _, no := range []string{"new table", "chat", "my profile", "lobbies", "switch lobby"} {
			assert.NotContains(t, foot, no, "%dx%d", size[0], size[1])
		}
		assert.NotContains(t, v, "n for a new table")
		assert.Contains(t, foot, "watch table")
		assert.Contains(t, v, "Guests can read but not chat.")
		for _, k := range []string{"tab", "n", "p", "L"} {
			g.key(k)
			assert.False(t, g.m.lob.chat.focused, "%s opens no chat input", k)
			assert.Empty(t, g.m.dialogs, "%s opens nothing", k)
			assert.Equal(t, screenLobby, g.m.screen)
			assert.Contains(t, g.view(), "connect with an SSH key to play and chat")
		}
		g.key("g")
		require.Len(t, g.m.dialogs, 1)
		v = exactView(t, g)
		assert.Contains(t, v, "Guests can read about the games")
		assert.NotContains(t, footer(g), "choose", "a guest cannot open a table from the games list")
		g.key("enter")
		assert.Len(t, g.m.dialogs, 1, "enter opens no new-table menu")
		g.key("esc")

		require.NoError(t, g.m.openTable(forming.ID, false))
		require.Equal(t, screenTable, g.m.screen)
		exactView(t, g)
		foot = footer(g)
		assert.NotContains(t, foot, "sit")
		assert.NotContains(t, foot, "chat")
		g.key("tab")
		assert.False(t, g.m.tab.chat.focused)
		g.key("esc")

		require.NoError(t, g.m.openTable(playing, false))
		require.Equal(t, screenPlay, g.m.screen)
		v = exactView(t, g)
		t.Logf("guest play %dx%d:\n%s", size[0], size[1], v)
		assert.NotContains(t, footer(g), "tab chat")
		g.key("tab")
		assert.False(t, g.m.play.chat.focused)
		assert.Contains(t, g.view(), "Guests can read the chat but not write in it.")
	}

	// A player with a key has them all (one not seated in a running game,
	// who would land on its play screen).
	h := e.session(e.player("cyd"), 160, 50)
	foot := footer(h)
	for _, yes := range []string{"new table", "recent results", "tab chat", "my profile", "lobbies"} {
		assert.Contains(t, foot, yes)
	}
	h.key("tab")
	assert.True(t, h.m.lob.chat.focused)
}

// TestHostSeesWhoIsNotReady: the host's table screen names the players
// Start waits for, and the host's own seat reads "host", not "not ready".
func TestHostSeesWhoIsNotReady(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.NoError(t, err)
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	h := e.session(ada, 80, 24)
	require.NoError(t, h.m.openTable(tb.ID, false))
	v := exactView(t, h)
	assert.Contains(t, v, "Not ready yet: bob.")
	assert.NotContains(t, v, "Press r when you are ready", "the host is ready by starting")
	assert.Regexp(t, `ada \(you\)\s+host`, v)
	assert.Regexp(t, `bob\s+not yet`, v)
	h.key("S")
	assert.Contains(t, strings.Join(strings.Fields(h.view()), " "), "bob is not ready yet (the host is ready by starting)")
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	h.pump()
	assert.NotContains(t, exactView(t, h), "Not ready yet")
}
