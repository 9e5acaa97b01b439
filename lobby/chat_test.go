package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func texts(msgs []lobby.ChatMessage) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Handle+": "+m.Text)
	}
	return out
}

func TestChatVisibility(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd, dan := e.player("ada"), e.player("bob"), e.player("cyd"), e.player("dan")
	pub := lobby.LobbyChannel(lobby.PublicLobbyID)

	require.ErrorIs(t, e.svc.Say(e.ctx, nil, pub, "hi"), lobby.ErrGuest)
	require.ErrorIs(t, e.svc.Say(e.ctx, ada, pub, " \x1b\u202e "), lobby.ErrEmptyMessage)
	require.NoError(t, e.svc.Say(e.ctx, ada, pub, "hello\x1b[2J \u202eall\n"+strings.Repeat("x", 400)))
	msgs, err := e.svc.Chat(e.ctx, nil, pub, 10)
	require.NoError(t, err, "guests read the public lobby")
	require.Len(t, msgs, 1)
	require.True(t, strings.HasPrefix(msgs[0].Text, "hello[2J all xxx"))
	require.Len(t, []rune(msgs[0].Text), 300)
	require.Equal(t, "ada", msgs[0].Handle)
	require.Equal(t, ada.ID, msgs[0].AuthorID)

	// A private lobby's chat: members only.
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	tc := lobby.LobbyChannel(team.ID)
	require.NoError(t, e.svc.Say(e.ctx, ada, tc, "team only"))
	require.ErrorIs(t, e.svc.Say(e.ctx, bob, tc, "let me in"), lobby.ErrNotFound)
	_, err = e.svc.Chat(e.ctx, bob, tc, 10)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	require.ErrorIs(t, e.svc.Say(e.ctx, ada, lobby.Channel{}, "where"), lobby.ErrNotFound)

	// Table chat while forming: anyone who sees the lobby.
	tb := e.table(ada, 2, nil)
	table, specs := lobby.TableChannel(tb.ID), lobby.SpectatorChannel(tb.ID)
	require.NoError(t, e.svc.Say(e.ctx, cyd, table, "can I join?"))
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))

	// During play: players talk at the table, spectators only read it.
	require.NoError(t, e.svc.Say(e.ctx, bob, table, "good luck"))
	err = e.svc.Say(e.ctx, cyd, table, "psst")
	require.ErrorIs(t, err, lobby.ErrForbidden)
	for _, viewer := range []*lobby.Account{ada, cyd, nil} {
		msgs, err := e.svc.Chat(e.ctx, viewer, table, 0)
		require.NoError(t, err)
		require.Equal(t, []string{"cyd: can I join?", "bob: good luck"}, texts(msgs))
	}

	// The spectators' chat: players neither read nor write it, nor hear of it.
	as := e.svc.Subscribe(ada)
	defer as.Close()
	as.Watch(lobby.Topic{Kind: lobby.TopicChat, Channel: specs})
	ds := e.svc.Subscribe(dan)
	defer ds.Close()
	ds.Watch(lobby.Topic{Kind: lobby.TopicChat, Channel: specs})
	require.NoError(t, e.svc.Say(e.ctx, cyd, specs, "ada holds a 9"))
	require.ErrorIs(t, e.svc.Say(e.ctx, ada, specs, "thanks"), lobby.ErrForbidden)
	require.ErrorIs(t, e.svc.Say(e.ctx, nil, specs, "guest"), lobby.ErrGuest)
	_, err = e.svc.Chat(e.ctx, bob, specs, 10)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	msgs, err = e.svc.Chat(e.ctx, nil, specs, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"cyd: ada holds a 9"}, texts(msgs))
	require.Empty(t, drain(as), "players are not told the spectators spoke")
	us := drain(ds)
	require.Len(t, us, 1)
	require.Equal(t, lobby.TopicChat, us[0].Topic.Kind)
	require.Equal(t, specs, us[0].Topic.Channel)

	// After the game everyone reads it.
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 1}))
	require.NoError(t, e.act(bob, tb.ID, testgame.Bid{Amount: 0}))
	require.NoError(t, e.act(ada, tb.ID, testgame.Resign{}))
	require.True(t, e.state(ada, tb.ID).Outcome.Finished)
	msgs, err = e.svc.Chat(e.ctx, ada, specs, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"cyd: ada holds a 9"}, texts(msgs))
	require.NoError(t, e.svc.Say(e.ctx, cyd, table, "gg"))

	// Chat survives a restart.
	e.restart()
	msgs, err = e.svc.Chat(e.ctx, nil, pub, 10)
	require.NoError(t, err)
	require.Len(t, msgs, 1)
	msgs, err = e.svc.Chat(e.ctx, ada, table, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"cyd: can I join?", "bob: good luck", "cyd: gg"}, texts(msgs))
}

func TestChatRateLimit(t *testing.T) {
	e := newEnv(t, lobby.Config{ChatPerMinute: 20})
	ada, bob := e.player("ada"), e.player("bob")
	pub := lobby.LobbyChannel(lobby.PublicLobbyID)
	for i := range 5 {
		require.NoError(t, e.svc.Say(e.ctx, ada, pub, "burst"), "message %d", i)
	}
	require.ErrorIs(t, e.svc.Say(e.ctx, ada, pub, "too much"), lobby.ErrRateLimited)
	require.NoError(t, e.svc.Say(e.ctx, bob, pub, "others are not limited by ada"))
	e.clock.Advance(2 * time.Second)
	require.ErrorIs(t, e.svc.Say(e.ctx, ada, pub, "still too soon"), lobby.ErrRateLimited)
	e.clock.Advance(time.Second)
	require.NoError(t, e.svc.Say(e.ctx, ada, pub, "one every three seconds"))
	require.ErrorIs(t, e.svc.Say(e.ctx, ada, pub, "again"), lobby.ErrRateLimited)
	msgs, err := e.svc.Chat(e.ctx, ada, pub, 0)
	require.NoError(t, err)
	require.Len(t, msgs, 7)
	msgs, err = e.svc.Chat(e.ctx, ada, pub, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"bob: others are not limited by ada", "ada: one every three seconds"}, texts(msgs))
}
