package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestChatScrollbackPagesAndFollows: the lobby chat shows its newest lines;
// pgup pages back to older ones and stays there when a message arrives;
// pgdown pages forward and, at the end, follows new messages again.
func TestChatScrollbackPagesAndFollows(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	for i := 0; i < 40; i++ {
		api.AddRawChat(lobby.ChatMessage{ID: int64(i + 1), Channel: lobby.LobbyChannel(lobby.PublicLobbyID), Handle: "bob",
			Text: fmt.Sprintf("message %02d", i), At: api.Now})
	}
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(lobby.PublicLobbyID)}}}})
	v := h.view()
	require.Contains(t, v, "message 39", "the newest line is in view")
	require.NotContains(t, v, "message 00")

	h.key("tab") // the chat has the keyboard
	h.key("pgup")
	paged := h.view()
	require.NotContains(t, paged, "message 39", "a page back")
	h.key("pgup")
	h.key("pgup")
	h.key("pgup")
	h.key("pgup")
	h.key("pgup")
	h.key("pgup")
	h.key("pgup")
	require.Contains(t, h.view(), "message 00", "back at the first line")

	// A message while scrolled back does not move the view.
	api.AddRawChat(lobby.ChatMessage{ID: 41, Channel: lobby.LobbyChannel(lobby.PublicLobbyID), Handle: "bob", Text: "message 40", At: api.Now})
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(lobby.PublicLobbyID)}}}})
	v = h.view()
	require.Contains(t, v, "message 00")
	require.NotContains(t, v, "message 40")

	for i := 0; i < 12 && !strings.Contains(h.view(), "message 40"); i++ {
		h.key("pgdown")
	}
	require.Contains(t, h.view(), "message 40", "paged forward to the end")
	api.AddRawChat(lobby.ChatMessage{ID: 42, Channel: lobby.LobbyChannel(lobby.PublicLobbyID), Handle: "bob", Text: "message 41", At: api.Now})
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(lobby.PublicLobbyID)}}}})
	require.Contains(t, h.view(), "message 41", "at the end it follows new messages")
}
