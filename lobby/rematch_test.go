package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

func TestRematchStartsWhenEveryPlayerAccepts(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, eve := e.player("ada"), e.player("bob"), e.player("eve")
	old := e.startWith(ada, []*lobby.Account{bob}, 1, map[string]string{"target": "21"})
	botID := old.Seats[2].AccountID

	_, err := e.svc.Rematch(e.ctx, ada, old.ID, true)
	require.ErrorIs(t, err, lobby.ErrNoResult, "not before the game is over")
	e.playOut(old.ID, 3, ada, bob)

	sub := e.svc.Subscribe(eve)
	defer sub.Close()
	sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: old.ID})
	drain(sub)

	acc, pend, next, err := e.svc.RematchState(e.ctx, eve, old.ID)
	require.NoError(t, err)
	require.Equal(t, []int64{botID}, acc, "bots accept at once")
	require.Equal(t, []int64{ada.ID, bob.ID}, pend)
	require.Zero(t, next)

	_, err = e.svc.Rematch(e.ctx, eve, old.ID, true)
	require.ErrorIs(t, err, lobby.ErrNotSeated, "spectators have no say")
	_, err = e.svc.Rematch(e.ctx, nil, old.ID, true)
	require.ErrorIs(t, err, lobby.ErrGuest)

	id, err := e.svc.Rematch(e.ctx, ada, old.ID, true)
	require.NoError(t, err)
	require.Zero(t, id)
	require.True(t, hasTopic(drain(sub), lobby.TopicTable, old.ID), "watchers learn who accepted")
	acc, pend, _, err = e.svc.RematchState(e.ctx, eve, old.ID)
	require.NoError(t, err)
	require.Equal(t, []int64{ada.ID, botID}, acc)
	require.Equal(t, []int64{bob.ID}, pend)

	// Withdrawing and accepting again.
	_, err = e.svc.Rematch(e.ctx, ada, old.ID, false)
	require.NoError(t, err)
	_, pend, _, err = e.svc.RematchState(e.ctx, eve, old.ID)
	require.NoError(t, err)
	require.Equal(t, []int64{ada.ID, bob.ID}, pend)
	_, err = e.svc.Rematch(e.ctx, ada, old.ID, true)
	require.NoError(t, err)

	id, err = e.svc.Rematch(e.ctx, bob, old.ID, true)
	require.NoError(t, err)
	require.NotZero(t, id)
	require.NotEqual(t, old.ID, id)
	require.True(t, hasTopic(drain(sub), lobby.TopicTable, old.ID), "watchers learn the new table")
	_, pend, next, err = e.svc.RematchState(e.ctx, eve, old.ID)
	require.NoError(t, err)
	require.Empty(t, pend)
	require.Equal(t, id, next)
	again, err := e.svc.Rematch(e.ctx, ada, old.ID, true)
	require.NoError(t, err)
	require.Equal(t, id, again, "one rematch per table")

	tb := e.tableOf(ada, id)
	require.Equal(t, lobby.TablePlaying, tb.Status, "the rematch starts at once")
	require.Equal(t, old.LobbyID, tb.LobbyID)
	require.Equal(t, ada.ID, tb.HostID)
	require.Equal(t, map[string]string{"target": "21"}, tb.Options)
	require.Len(t, tb.Seats, 3)
	require.Equal(t, []int64{ada.ID, bob.ID, botID}, []int64{tb.Seats[0].AccountID, tb.Seats[1].AccountID, tb.Seats[2].AccountID})
	require.True(t, tb.Seats[2].Bot)
	st := e.state(bob, id)
	require.Equal(t, 1, st.Seat)
	require.NotEmpty(t, st.Legal, "bob can bid in the new game")
	e.playOut(id, 2, ada, bob)
	_, err = e.res.Results(e.ctx, ada, id)
	require.NoError(t, err)
}

func TestRematchInAPrivateLobbyNeedsMembers(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	id := e.game(team.ID, ada, bob)
	_, err = e.svc.Rematch(e.ctx, bob, id, true)
	require.NoError(t, err)
	require.NoError(t, e.svc.LeaveLobby(e.ctx, bob, team.ID))
	_, err = e.svc.Rematch(e.ctx, bob, id, false)
	require.ErrorIs(t, err, lobby.ErrNotFound, "bob no longer sees the lobby's table")
	_, err = e.svc.Rematch(e.ctx, ada, id, true)
	require.ErrorIs(t, err, lobby.ErrForbidden, "bob's acceptance no longer counts")
	require.Contains(t, err.Error(), "bob is no longer a member")
	_, _, next, err := e.svc.RematchState(e.ctx, ada, id)
	require.NoError(t, err)
	require.Zero(t, next)
	tables, err := e.svc.Tables(e.ctx, ada, team.ID)
	require.NoError(t, err)
	require.Len(t, tables, 1, "no rematch table was made")
}
