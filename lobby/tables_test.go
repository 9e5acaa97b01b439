package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestTableLifecycle(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")

	_, err := e.svc.CreateTable(e.ctx, nil, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.ErrorIs(t, err, lobby.ErrGuest)
	_, err = e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, "chess", 2, nil)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 5, nil)
	require.ErrorIs(t, err, lobby.ErrBadSeats)
	_, err = e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, map[string]string{"target": "99"})
	re, ok := engine.IsRuleError(err)
	require.True(t, ok, "%v", err)
	require.Equal(t, engine.CodeBadOption, re.Code)

	tb := e.table(ada, 0, nil)
	require.Equal(t, lobby.TableForming, tb.Status)
	require.Len(t, tb.Seats, 4, "0 seats picks four")
	require.Equal(t, "15", tb.Options["target"], "defaults are filled in")
	require.Equal(t, ada.ID, tb.HostID)
	require.Equal(t, "ada", tb.HostHandle)
	require.Equal(t, 0, tb.SeatOf(ada.ID), "the host sits in seat 0")
	require.Equal(t, "Test Game", tb.GameTitle)

	// Seats and sitting.
	require.ErrorIs(t, e.svc.SetSeats(e.ctx, bob, tb.ID, 3), lobby.ErrNotHost)
	require.ErrorIs(t, e.svc.SetSeats(e.ctx, ada, tb.ID, 1), lobby.ErrBadSeats)
	seat, err := e.svc.Sit(e.ctx, bob, tb.ID, 3)
	require.NoError(t, err)
	require.Equal(t, 3, seat)
	require.NoError(t, e.svc.SetSeats(e.ctx, ada, tb.ID, 2))
	tb = e.tableOf(ada, tb.ID)
	require.Len(t, tb.Seats, 2)
	require.Equal(t, 1, tb.SeatOf(bob.ID), "bob moved down from a seat that went away")
	_, err = e.svc.Sit(e.ctx, cyd, tb.ID, -1)
	require.ErrorIs(t, err, lobby.ErrTableFull)
	require.NoError(t, e.svc.SetSeats(e.ctx, ada, tb.ID, 3))
	_, err = e.svc.Sit(e.ctx, cyd, tb.ID, 1)
	require.ErrorIs(t, err, lobby.ErrSeatTaken)
	_, err = e.svc.Sit(e.ctx, cyd, tb.ID, 7)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	seat, err = e.svc.Sit(e.ctx, cyd, tb.ID, -1)
	require.NoError(t, err)
	require.Equal(t, 2, seat)
	seat, err = e.svc.Sit(e.ctx, cyd, tb.ID, -1)
	require.NoError(t, err)
	require.Equal(t, 2, seat, "one seat per account")
	require.ErrorIs(t, e.svc.SetSeats(e.ctx, ada, tb.ID, 2), lobby.ErrBadSeats, "three seats are taken")
	_, err = e.svc.Sit(e.ctx, nil, tb.ID, -1)
	require.ErrorIs(t, err, lobby.ErrGuest)

	// Bots, options, timer: host only.
	require.NoError(t, e.svc.Stand(e.ctx, cyd, tb.ID))
	require.ErrorIs(t, e.svc.Stand(e.ctx, cyd, tb.ID), lobby.ErrNotSeated)
	require.ErrorIs(t, e.svc.AddBot(e.ctx, bob, tb.ID), lobby.ErrNotHost)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.ErrorIs(t, e.svc.AddBot(e.ctx, ada, tb.ID), lobby.ErrTableFull)
	tb = e.tableOf(ada, tb.ID)
	require.True(t, tb.Seats[2].Bot)
	require.Equal(t, "Bot 3", tb.Seats[2].Handle)
	require.ErrorIs(t, e.svc.RemoveBot(e.ctx, ada, tb.ID, 1), lobby.ErrNotFound, "seat 1 is bob, not a bot")
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.ErrorIs(t, e.svc.SetReady(e.ctx, cyd, tb.ID, true), lobby.ErrNotSeated)
	require.ErrorIs(t, e.svc.SetOption(e.ctx, bob, tb.ID, "target", "21"), lobby.ErrNotHost)
	_, ok = engine.IsRuleError(e.svc.SetOption(e.ctx, ada, tb.ID, "colour", "red"))
	require.True(t, ok)
	require.NoError(t, e.svc.SetOption(e.ctx, ada, tb.ID, "target", "21"))
	before := e.tableOf(ada, tb.ID)
	require.Equal(t, "21", before.Options["target"])
	// Views share the table's options map (lobby/live): a change replaces
	// it, and a view handed out earlier keeps what it showed.
	require.NoError(t, e.svc.SetOption(e.ctx, ada, tb.ID, "target", "30"))
	require.Equal(t, "30", e.tableOf(ada, tb.ID).Options["target"])
	require.Equal(t, "21", before.Options["target"], "an earlier view's options changed under it")
	require.NoError(t, e.svc.SetOption(e.ctx, ada, tb.ID, "target", "21"))
	tb = e.tableOf(ada, tb.ID)
	require.Equal(t, "21", tb.Options["target"])
	require.False(t, tb.Seats[1].Ready, "changing the game un-readies the players")
	require.ErrorIs(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 45), lobby.ErrBadTimer)
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 60))

	// Start: host only, everyone seated and ready.
	require.ErrorIs(t, e.svc.Start(e.ctx, bob, tb.ID), lobby.ErrNotHost)
	err = e.svc.Start(e.ctx, ada, tb.ID)
	require.ErrorIs(t, err, lobby.ErrNotReady)
	require.Contains(t, err.Error(), "bob")
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(t, e.svc.RemoveBot(e.ctx, ada, tb.ID, 2))
	err = e.svc.Start(e.ctx, ada, tb.ID)
	require.ErrorIs(t, err, lobby.ErrNotReady, "seat 3 is empty")
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	tb = e.tableOf(ada, tb.ID)
	require.Equal(t, lobby.TablePlaying, tb.Status)
	require.Equal(t, 60, tb.TurnTimer)
	require.Equal(t, 1, tb.Round)

	// Forming-only operations now refuse.
	require.ErrorIs(t, e.svc.Start(e.ctx, ada, tb.ID), lobby.ErrNotForming)
	require.ErrorIs(t, e.svc.AddBot(e.ctx, ada, tb.ID), lobby.ErrNotForming)
	require.ErrorIs(t, e.svc.SetReady(e.ctx, bob, tb.ID, false), lobby.ErrNotForming)
	_, err = e.svc.Sit(e.ctx, cyd, tb.ID, -1)
	require.ErrorIs(t, err, lobby.ErrNotForming)
	seat, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err, "a player may take their own seat back")
	require.Equal(t, 1, seat)

	// The store has the setup and seats.
	rows := e.query(`SELECT status, seats, turn_timer, setup IS NOT NULL FROM games WHERE id = ?`, tb.ID)
	require.True(t, rows.Next())
	var status string
	var seats, timer int
	var hasSetup bool
	require.NoError(t, rows.Scan(&status, &seats, &timer, &hasSetup))
	require.NoError(t, rows.Close())
	require.Equal(t, []any{"playing", 3, 60, true}, []any{status, seats, timer, hasSetup})
}

func TestHostLeavesWhileForming(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.table(ada, 3, nil)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	_, err := e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, e.svc.Stand(e.ctx, ada, tb.ID))
	got := e.tableOf(bob, tb.ID)
	require.Equal(t, bob.ID, got.HostID, "the host passes to the next seated player")
	require.Equal(t, lobby.TableForming, got.Status)
	require.NoError(t, e.svc.AddBot(e.ctx, bob, tb.ID))
	require.NoError(t, e.svc.Stand(e.ctx, bob, tb.ID))
	got = e.tableOf(bob, tb.ID)
	require.Equal(t, lobby.TableAbandoned, got.Status, "bots alone do not keep a table")
	_, err = e.svc.Sit(e.ctx, ada, tb.ID, -1)
	require.ErrorIs(t, err, lobby.ErrNotForming)

	// Abandoned and finished tables drop out of the list after a while.
	ts, err := e.svc.Tables(e.ctx, nil, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Len(t, ts, 1)
	e.clock.Advance(31 * 60e9)
	ts, err = e.svc.Tables(e.ctx, nil, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Empty(t, ts)
}

func TestTablesListAndSpectators(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	playing := e.startWith(ada, nil, 1, nil)
	forming := e.table(bob, 2, nil)
	ts, err := e.svc.Tables(e.ctx, nil, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Len(t, ts, 2)
	require.Equal(t, forming.ID, ts[0].ID, "forming tables come first")
	require.Equal(t, playing.ID, ts[1].ID)

	// Spectators: Spectate calls and watching sessions, counted once each.
	require.NoError(t, e.svc.Spectate(e.ctx, nil, playing.ID, true))
	require.NoError(t, e.svc.Spectate(e.ctx, cyd, playing.ID, true))
	require.NoError(t, e.svc.Spectate(e.ctx, ada, playing.ID, true), "a seated player is no spectator")
	require.Equal(t, 2, e.tableOf(ada, playing.ID).Spectators)
	sub := e.svc.Subscribe(cyd)
	sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: playing.ID})
	require.Equal(t, 2, e.tableOf(ada, playing.ID).Spectators, "cyd is counted once")
	guest := e.svc.Subscribe(nil)
	guest.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: playing.ID})
	require.Equal(t, 2, e.tableOf(ada, playing.ID).Spectators, "the guest's session and Spectate count once")
	require.NoError(t, e.svc.Spectate(e.ctx, cyd, playing.ID, false))
	require.Equal(t, 2, e.tableOf(ada, playing.ID).Spectators, "cyd still watches")
	sub.Close()
	require.Equal(t, 1, e.tableOf(ada, playing.ID).Spectators)
	require.NoError(t, e.svc.Spectate(e.ctx, nil, playing.ID, false))
	require.Equal(t, 1, e.tableOf(ada, playing.ID).Spectators, "the guest session still watches")
	guest.Close()
	require.Equal(t, 0, e.tableOf(ada, playing.ID).Spectators)

	// Connected: a seated player's session watching the table.
	require.False(t, e.tableOf(ada, playing.ID).Seats[0].Connected)
	as := e.svc.Subscribe(ada)
	defer as.Close()
	as.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: playing.ID})
	require.True(t, e.tableOf(ada, playing.ID).Seats[0].Connected)
	as.Watch(lobby.Topic{Kind: lobby.TopicLobby, ID: lobby.PublicLobbyID})
	require.False(t, e.tableOf(ada, playing.ID).Seats[0].Connected)

	// Host limit for forming tables.
	e.table(cyd, 2, nil)
	e.table(cyd, 2, nil)
	e.table(cyd, 2, nil)
	_, err = e.svc.CreateTable(e.ctx, cyd, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.ErrorIs(t, err, lobby.ErrTooManyTables)
}

// TestStartNamesEveryoneNotReady: the host is ready by starting; Start
// names every other player who is not ready, not just the first.
func TestStartNamesEveryoneNotReady(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	tb := e.table(ada, 3, nil)
	for _, p := range []*lobby.Account{bob, cyd} {
		_, err := e.svc.Sit(e.ctx, p, tb.ID, -1)
		require.NoError(t, err)
	}
	err := e.svc.Start(e.ctx, ada, tb.ID)
	require.ErrorIs(t, err, lobby.ErrNotReady)
	require.Contains(t, err.Error(), "not everyone is ready: bob and cyd are not ready yet (the host is ready by starting)")
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	err = e.svc.Start(e.ctx, ada, tb.ID)
	require.Contains(t, err.Error(), "cyd is not ready yet")
	require.NotContains(t, err.Error(), "bob")
	require.NoError(t, e.svc.SetReady(e.ctx, cyd, tb.ID, true))
	require.False(t, e.tableOf(ada, tb.ID).Seats[0].Ready, "the host never pressed ready")
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID), "and need not")
}
