package lobby_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// spectators is the Watching count of a table in the lobby's table list, as
// a viewer (nil: a guest) reads it.
func (e *env) spectators(viewer *lobby.Account, id int64) int {
	e.t.Helper()
	ts, err := e.svc.Tables(e.ctx, viewer, lobby.PublicLobbyID)
	require.NoError(e.t, err)
	for _, tb := range ts {
		if tb.ID == id {
			return tb.Spectators
		}
	}
	e.t.Fatalf("table %d is not in the list", id)
	return 0
}

// TestWatchingCountIsLive: the spectator count in the lobby's table list
// follows a member and a guest who watch and leave (to the lobby, or by
// closing the session), and every change reaches the lobby's watchers at
// once, so that no screen keeps a stale number.
func TestWatchingCountIsLive(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	id := e.startWith(ada, []*lobby.Account{bob}, 0, nil).ID
	lobbyTopic := lobby.Topic{Kind: lobby.TopicLobby, ID: lobby.PublicLobbyID}
	tableTopic := lobby.Topic{Kind: lobby.TopicTable, ID: id}

	guest := e.svc.Subscribe(nil) // a guest on the lobby screen
	defer guest.Close()
	guest.Watch(lobbyTopic)
	drain(guest)

	// cy opens the table as a spectator (as the TUI does).
	cs := e.svc.Subscribe(cyd)
	require.NoError(t, e.svc.Spectate(e.ctx, cyd, id, true))
	cs.Watch(tableTopic)
	require.True(t, hasTopic(drain(guest), lobby.TopicLobby, lobby.PublicLobbyID), "the guest's lobby hears of the new spectator")
	require.Equal(t, 1, e.spectators(nil, id), "the guest reads 1")
	require.Equal(t, 1, e.spectators(ada, id))

	// cy goes back to the lobby: still online, no longer watching.
	require.NoError(t, e.svc.Spectate(e.ctx, cyd, id, false))
	cs.Watch(lobbyTopic)
	require.True(t, hasTopic(drain(guest), lobby.TopicLobby, lobby.PublicLobbyID), "the lobby hears that cy left")
	require.Equal(t, 0, e.spectators(cyd, id), "cy himself reads 0 after leaving")
	require.Equal(t, 0, e.spectators(nil, id))

	// cy watches again and his session drops without a word: gone at once.
	cs.Watch(tableTopic)
	require.Equal(t, 1, e.spectators(nil, id))
	drain(guest)
	cs.Close()
	require.True(t, hasTopic(drain(guest), lobby.TopicLobby, lobby.PublicLobbyID), "the lobby hears of the drop")
	require.Equal(t, 0, e.spectators(nil, id))

	// A guest spectator counts too, and so does their leaving.
	gs := e.svc.Subscribe(nil)
	gs.Watch(tableTopic)
	require.NoError(t, e.svc.Spectate(e.ctx, nil, id, true))
	require.Equal(t, 1, e.spectators(ada, id))
	drain(guest)
	require.NoError(t, e.svc.Spectate(e.ctx, nil, id, false))
	gs.Close()
	require.True(t, hasTopic(drain(guest), lobby.TopicLobby, lobby.PublicLobbyID))
	require.Equal(t, 0, e.spectators(ada, id))
}

// TestLeftTableIsNotDisconnected: a player whose screen goes back to the
// lobby (a session still open) "left the table"; one whose session ends
// "disconnected". Both keep their seat.
func TestLeftTableIsNotDisconnected(t *testing.T) {
	e := newEnv(t, lobby.Config{AwayAfter: time.Minute})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.table(ada, 2, map[string]string{"target": "30"})
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 0))
	_, err := e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	watch := lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}
	as := e.svc.Subscribe(ada)
	defer as.Close()
	as.Watch(watch)
	bs := e.svc.Subscribe(bob)
	bs.Watch(watch)
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 3}))

	// bob's screen goes back to the lobby.
	bs.Watch(lobby.Topic{Kind: lobby.TopicLobby, ID: lobby.PublicLobbyID})
	st := e.state(ada, tb.ID)
	require.Equal(t, "bob left the table; their seat waits for them.", lastKind(st, "left"))
	require.Empty(t, lastKind(st, "away"), "not a disconnection")
	require.True(t, e.tableOf(ada, tb.ID).Seats[1].Away)
	require.Equal(t, 1, e.tableOf(ada, tb.ID).SeatOf(bob.ID), "the seat is kept")

	// He comes back, then his session ends.
	bs.Watch(watch)
	require.Equal(t, "bob is back.", lastKind(e.state(ada, tb.ID), "back"))
	bs.Close()
	require.Equal(t, "bob disconnected; their seat waits for them.", lastKind(e.state(ada, tb.ID), "away"))
	require.Equal(t, 1, e.tableOf(ada, tb.ID).SeatOf(bob.ID))
}
