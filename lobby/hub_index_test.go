package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestWatchFollowsTopics: a subscription gets the updates of the topics it
// watches now, not of those it watched before, and nothing after Close.
func TestWatchFollowsTopics(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	tb := e.table(ada, 2, nil)
	lobbyChat := lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(lobby.PublicLobbyID)}
	tableChat := lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.TableChannel(tb.ID)}

	sub := e.svc.Subscribe(ada)
	other := e.svc.Subscribe(ada)
	defer other.Close()
	other.Watch(lobbyChat)
	sub.Watch(lobbyChat)
	drain(sub)
	drain(other)

	require.NoError(t, e.svc.Say(e.ctx, ada, lobbyChat.Channel, "one"))
	require.Len(t, drain(sub), 1)
	require.Len(t, drain(other), 1)

	sub.Watch(tableChat)
	drain(sub)
	require.NoError(t, e.svc.Say(e.ctx, ada, lobbyChat.Channel, "two"))
	require.Empty(t, drain(sub), "no longer watched")
	require.Len(t, drain(other), 1, "still watched by the other session")
	require.NoError(t, e.svc.Say(e.ctx, ada, tableChat.Channel, "three"))
	us := drain(sub)
	require.Len(t, us, 1)
	require.Equal(t, tableChat, us[0].Topic)

	sub.Close()
	require.NoError(t, e.svc.Say(e.ctx, ada, tableChat.Channel, "four"))
	require.Empty(t, drain(sub))
	require.NoError(t, e.svc.Say(e.ctx, ada, lobbyChat.Channel, "five"))
	require.Len(t, drain(other), 1)
}
