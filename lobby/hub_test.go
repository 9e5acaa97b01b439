package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

func TestSlowSubscriberNeverBlocksAndResyncs(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.table(ada, 2, nil)
	_, err := e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	topic := lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}

	slow := e.svc.Subscribe(nil) // never reads until the end
	defer slow.Close()
	slow.Watch(topic)
	fast := e.svc.Subscribe(ada)
	defer fast.Close()
	fast.Watch(topic)
	drain(slow)
	drain(fast)

	// 150 changes: each publishes at least one update for the table. None of
	// these calls may block on the slow subscriber.
	for i := range 150 {
		require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, i%2 == 0))
		if i%10 == 0 {
			require.NotEmpty(t, drain(fast), "a reading subscriber gets its updates")
		}
	}
	got := drain(slow)
	require.Len(t, got, cap(slow.C()), "the buffer filled up")
	for _, u := range got[:len(got)-1] {
		require.False(t, u.Resync)
		require.Equal(t, topic, u.Topic)
	}
	require.True(t, got[len(got)-1].Resync, "the last slot tells the subscriber to refresh")

	// Once drained, updates flow again normally.
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	got = drain(slow)
	require.NotEmpty(t, got)
	require.False(t, got[0].Resync)

	// Topics not watched are not delivered; TopicAccount goes to the account.
	slow.Watch(lobby.Topic{Kind: lobby.TopicLobby, ID: lobby.PublicLobbyID})
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, false))
	us := drain(slow)
	require.True(t, hasTopic(us, lobby.TopicLobby, lobby.PublicLobbyID))
	require.False(t, hasTopic(us, lobby.TopicTable, tb.ID))
	bs := e.svc.Subscribe(bob)
	defer bs.Close()
	_, err = e.svc.SetHandle(e.ctx, "SHA256:key-of-bob", "bobby")
	require.NoError(t, err)
	require.True(t, hasTopic(drain(bs), lobby.TopicAccount, 0))
	require.False(t, hasTopic(drain(fast), lobby.TopicAccount, 0))
}

func TestShutdownTellsEveryone(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	full := e.svc.Subscribe(ada)
	full.Watch(lobby.Topic{Kind: lobby.TopicLobby, ID: lobby.PublicLobbyID})
	for range 70 {
		e.table(ada, 2, nil)
		require.NoError(t, e.svc.Stand(e.ctx, ada, e.lastTable(ada)))
	}
	idle := e.svc.Subscribe(nil)
	require.NoError(t, e.svc.Shutdown(e.ctx))
	for _, sub := range []lobby.Subscription{full, idle} {
		us := drain(sub)
		require.NotEmpty(t, us)
		last := us[len(us)-1]
		require.Equal(t, lobby.TopicShutdown, last.Topic.Kind)
		require.Equal(t, "The server is restarting; your game is saved.", last.Text)
	}
	_, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, "testgame", 2, nil)
	require.ErrorIs(t, err, lobby.ErrShuttingDown)
	require.ErrorIs(t, e.svc.Say(e.ctx, ada, lobby.LobbyChannel(1), "hi"), lobby.ErrShuttingDown)
	full.Close()
	_, open := <-full.C()
	require.False(t, open, "Close closes the channel")
	full.Close() // twice is fine
	idle.Close()
}

// lastTable returns the id of the newest table in the public lobby.
func (e *env) lastTable(viewer *lobby.Account) int64 {
	e.t.Helper()
	ts, err := e.svc.Tables(e.ctx, viewer, lobby.PublicLobbyID)
	require.NoError(e.t, err)
	var id int64
	for _, tb := range ts {
		id = max(id, tb.ID)
	}
	return id
}
