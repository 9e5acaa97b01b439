package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

func TestLobbyLayouts(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	_, err := api.CreateTable(context.Background(), ada, lobby.PublicLobbyID, "testgame", 3, nil)
	require.NoError(t, err)
	require.NoError(t, api.Say(context.Background(), ada, lobby.LobbyChannel(lobby.PublicLobbyID), "hello all"))

	h := start(t, api, Options{Fingerprint: "fp-ada"})
	v := h.view()
	lines := strings.Split(v, "\n")
	assert.Contains(t, v, "Test Game")
	assert.Contains(t, v, "1/3")
	assert.Contains(t, v, "forming (you)")
	assert.Contains(t, v, "ada: hello all")
	// 80x24: the chat sits below the table list.
	assert.Contains(t, lines[2], "Tables")
	assert.NotContains(t, lines[2], "Chat")

	h.resize(160, 50)
	lines = strings.Split(h.view(), "\n")
	assert.Contains(t, lines[2], "Tables", "160x50: the chat is beside the table list")
	assert.Contains(t, lines[2], "Chat")
	assert.Contains(t, h.view(), "bid in secret for the first move", "room for the games list")
}

func TestNoGamesInstalled(t *testing.T) {
	api := lobbytest.NewLobby(false)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	assert.Contains(t, h.view(), "No playable game is installed")
	h.key("g")
	assert.Contains(t, h.view(), "No playable game is installed on this server yet.")
	h.key("esc")
	h.key("n")
	assert.Contains(t, h.view(), "No playable game is installed on this server yet.")
}

func TestGamesListShowsDescription(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("g")
	v := h.view()
	assert.Contains(t, v, "bid in secret for the first move")
	assert.Contains(t, v, "Players: 2-4.")
	assert.Contains(t, v, "Target (15, 21, 30; default: 15)")
	h.key("esc")
	assert.Equal(t, screenLobby, h.m.screen)
	assert.Empty(t, h.m.dialogs)
}

func TestChatSendAndSanitise(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("tab")
	h.typeText("hi there")
	h.key("enter")
	require.Len(t, api.ChatLog(), 1)
	assert.Equal(t, "hi there", api.ChatLog()[0].Text)
	assert.Contains(t, h.view(), "ada: hi there")
	assert.Empty(t, h.m.lob.chat.in.Value())

	// A message that slipped through unsanitised is cleaned at render.
	api.AddRawChat(lobby.ChatMessage{ID: 9, Channel: lobby.LobbyChannel(1), Handle: "ev\x1b[2Jil",
		Text: "red\x1b[31m text\u202e", At: api.Now})
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(1)}}}})
	raw := h.m.View()
	assert.NotContains(t, raw, "\x1b[2J")
	assert.NotContains(t, raw, "\x1b[31m")
	assert.NotContains(t, raw, "\u202e")
	assert.Contains(t, h.view(), "text")

	// Keys typed in the chat do not trigger lobby commands.
	h.typeText("nq")
	assert.Empty(t, h.m.dialogs)
	assert.False(t, h.m.quitting)
	h.key("esc")
	assert.False(t, h.m.lob.chat.focused)
}

func TestPrivateLobbies(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	bob := api.AddAccount("fp-bob", "bob")
	h := start(t, api, Options{Fingerprint: "fp-ada"})

	h.key("L")
	v := h.view()
	assert.Contains(t, v, "Create a private lobby")
	assert.Contains(t, v, "Join with an invite code")
	h.keys("down", "enter")
	assert.Contains(t, h.view(), "Name it")
	h.typeText("x")
	h.key("enter")
	assert.Contains(t, h.view(), "A lobby name is 3-32 printable characters.")
	h.typeText("yz Team")
	h.key("enter")
	require.Empty(t, h.m.dialogs)
	v = h.view()
	assert.Contains(t, v, "[xyz Team]")
	assert.Contains(t, v, "invite code: CODE2")
	assert.Contains(t, h.sub().Watching(), lobby.Topic{Kind: lobby.TopicLobby, ID: 2})

	// Bob joins with the code; a bad code gives the lobby's sentence.
	hb := start(t, api, Options{Fingerprint: "fp-bob"})
	hb.keys("L", "down", "down", "enter")
	hb.typeText("NOPE")
	hb.key("enter")
	assert.Contains(t, hb.view(), "No lobby has that invite code.")
	for range 4 {
		hb.key("backspace")
	}
	hb.typeText("CODE2")
	hb.key("enter")
	assert.Contains(t, hb.view(), "[xyz Team]")
	assert.Equal(t, int64(2), hb.m.lob.lobbyID)

	// [ and ] switch lobbies.
	hb.key("[")
	assert.Equal(t, lobby.PublicLobbyID, hb.m.lob.lobbyID)
	hb.key("]")
	assert.Equal(t, int64(2), hb.m.lob.lobbyID)

	// The owner rotates the code and removes bob.
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicLobby, ID: 2}}}})
	h.key("L")
	v = h.view()
	assert.Contains(t, v, "Rotate the invite code")
	assert.Contains(t, v, "Members of xyz Team")
	h.keys("down", "down", "down", "down", "enter") // Public, xyz, create, join, rotate
	v = h.view()
	assert.Contains(t, v, "Rotate the invite code of xyz Team?", "the old code stops working: asked first")
	assert.Contains(t, v, YesNoLine)
	h.key("enter") // Enter answers no
	assert.NotContains(t, h.view(), "New invite code")
	h.key("esc")
	h.keys("L", "down", "down", "down", "down", "enter", "y")
	assert.Contains(t, h.view(), "New invite code: CODE2X")
	h.keys("L", "down", "down", "down", "down", "down", "enter")
	v = h.view()
	assert.Contains(t, v, "owner")
	assert.Contains(t, v, "bob")
	h.keys("down", "x")
	assert.Contains(t, h.view(), "Remove bob?")
	h.key("y")
	assert.NotContains(t, h.view(), "bob")
	h.key("esc")

	// Bob's session falls back to the public lobby on the next update.
	hb.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicAccount}}}})
	assert.Equal(t, lobby.PublicLobbyID, hb.m.lob.lobbyID)
	assert.Contains(t, hb.view(), "no longer a member")
	_ = bob
}

func TestLeaveLobby(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	_, err := api.CreateLobby(context.Background(), ada, "Crew")
	require.NoError(t, err)
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("]")
	require.Equal(t, int64(2), h.m.lob.lobbyID)
	h.key("L")
	// Public, Crew, create, join, rotate, members, leave
	for range 6 {
		h.key("down")
	}
	h.key("enter")
	assert.Contains(t, h.view(), "Leave Crew?")
	h.key("y")
	assert.Equal(t, lobby.PublicLobbyID, h.m.lob.lobbyID)
	assert.NotContains(t, h.view(), "Crew")
}

// TestNewTableListKeepsEveryGameInView: at 80x24 with five games whose
// descriptions are long, every game of the list stays on screen and the
// highlighted one's description is cut to the room left.
func TestNewTableListKeepsEveryGameInView(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	base := api.Games()[0]
	var games []engine.Info
	for i := 1; i <= 5; i++ {
		g := base
		g.ID = fmt.Sprintf("game%d", i)
		g.Title = fmt.Sprintf("Game number %d", i)
		g.Summary = strings.Repeat(fmt.Sprintf("A long description of game %d. ", i), 30)
		games = append(games, g)
	}
	api.SetGames(games...)
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("n")
	for i := 0; i < 4; i++ {
		h.key("down")
	}
	v := h.view()
	for _, g := range games {
		assert.Contains(t, v, g.Title)
	}
	assert.Contains(t, v, "A long description of game 5.")
	assert.Contains(t, v, "…", "the description is cut")
	assert.Len(t, strings.Split(v, "\n"), 24)
}
