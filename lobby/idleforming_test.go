package lobby_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// lastNotice is the newest system line of a lobby's chat, as viewer reads it.
func (e *env) lastNotice(viewer *lobby.Account, lobbyID int64) string {
	e.t.Helper()
	msgs, err := e.svc.Chat(e.ctx, viewer, lobby.LobbyChannel(lobbyID), 0)
	require.NoError(e.t, err)
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].System {
			return msgs[i].Text
		}
	}
	return ""
}

// TestFormingTableNobodyWatchesCloses: a forming table with no connected
// player for ten minutes is closed, the lobby's chat says so, and the host's
// count of forming tables is free again. A player watching keeps it; the
// ten minutes start again when the last one leaves.
func TestFormingTableNobodyWatchesCloses(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	guest := e.svc.Subscribe(nil)
	defer guest.Close()
	guest.Watch(lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(lobby.PublicLobbyID)})

	// Made and left at once (a plain `new`): nobody ever watched it.
	gone := e.table(ada, 2, nil)
	// Watched by bob, who sits: it stays while he is there.
	kept := e.table(ada, 2, nil)
	_, err := e.svc.Sit(e.ctx, bob, kept.ID, -1)
	require.NoError(t, err)
	bs := e.svc.Subscribe(bob)
	bs.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: kept.ID})

	e.clock.Advance(lobby.FormingIdleAfter - time.Second)
	require.Equal(t, lobby.TableForming, e.tableOf(ada, gone.ID).Status, "not before ten minutes")
	e.clock.Advance(time.Second)
	require.Equal(t, lobby.TableAbandoned, e.tableOf(ada, gone.ID).Status)
	require.Equal(t, lobby.TableForming, e.tableOf(ada, kept.ID).Status, "bob watches it")
	want := "ada's Test Game table (table " + strconv.FormatInt(gone.ID, 10) + ") was closed: no player was at it for 10 minutes."
	require.Equal(t, want, e.lastNotice(nil, lobby.PublicLobbyID), "the lobby says so")
	require.Equal(t, want, e.lastNotice(ada, lobby.PublicLobbyID), "the host reads it on coming back")
	require.True(t, hasChat(drain(guest)), "the lobby's chat watchers hear of it")

	// The host's count is free: three forming tables again.
	for range 2 {
		e.table(ada, 2, nil)
	}

	// bob goes; the ten minutes count from then.
	e.clock.Advance(time.Hour)
	require.Equal(t, lobby.TableForming, e.tableOf(ada, kept.ID).Status)
	bs.Close()
	e.clock.Advance(lobby.FormingIdleAfter - time.Second)
	require.Equal(t, lobby.TableForming, e.tableOf(ada, kept.ID).Status)
	e.clock.Advance(time.Second)
	require.Equal(t, lobby.TableAbandoned, e.tableOf(ada, kept.ID).Status)
}

// TestFormingTableIdleAfterRestart: after a restart the ten minutes count
// from start-up, and the closing is stored.
func TestFormingTableIdleAfterRestart(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	tb := e.table(ada, 2, nil)
	e.clock.Advance(lobby.FormingIdleAfter - time.Minute)
	e.restart()
	e.clock.Advance(lobby.FormingIdleAfter - time.Second)
	require.Equal(t, lobby.TableForming, e.tableOf(ada, tb.ID).Status, "the time counts from start-up")
	e.clock.Advance(time.Second)
	require.Equal(t, lobby.TableAbandoned, e.tableOf(ada, tb.ID).Status)
	require.True(t, strings.HasSuffix(e.lastNotice(ada, lobby.PublicLobbyID), "no player was at it for 10 minutes."))
	e.restart()
	require.Equal(t, lobby.TableAbandoned, e.tableOf(ada, tb.ID).Status, "stored")
}

func hasChat(us []lobby.Update) bool {
	for _, u := range us {
		if u.Topic.Kind == lobby.TopicChat {
			return true
		}
	}
	return false
}
