package results_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestFinishedTablesMoveToRecentResults: a finished table stays in its
// lobby's table list for FinishedListed, after the forming and playing
// ones; then it leaves the list and is among the lobby's recent results,
// still reachable for its standings and replay.
func TestFinishedTablesMoveToRecentResults(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, eve := e.player("ada"), e.player("bob"), e.player("eve")
	done := e.game(lobby.PublicLobbyID, ada, bob)
	playing := e.startIn(lobby.PublicLobbyID, ada, []*lobby.Account{bob}, 0)
	forming := e.table(eve, 2, nil).ID
	es := e.svc.Subscribe(eve) // eve waits at her table: it stays open (lobby.FormingIdleAfter)
	defer es.Close()
	es.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: forming})

	ids := func(viewer *lobby.Account) []int64 {
		ts, err := e.svc.Tables(e.ctx, viewer, lobby.PublicLobbyID)
		require.NoError(t, err)
		var out []int64
		for _, tb := range ts {
			out = append(out, tb.ID)
		}
		return out
	}
	require.Equal(t, []int64{forming, playing, done}, ids(nil), "forming, then playing, then finished")

	// (Bots take over the absent players of the playing table meanwhile,
	// which may end it: only the first finished table is followed here.)
	e.clock.Advance(lobby.FinishedListed - time.Second)
	require.Contains(t, ids(ada), done)
	e.clock.Advance(2 * time.Second)
	require.NotContains(t, ids(ada), done, "after FinishedListed the finished table leaves the list")
	require.Equal(t, forming, ids(ada)[0])

	for _, viewer := range []*lobby.Account{nil, eve, ada} {
		rs, err := e.res.RecentResults(e.ctx, viewer, lobby.PublicLobbyID, 0)
		require.NoError(t, err)
		require.NotEmpty(t, rs)
		last := rs[len(rs)-1]
		require.Equal(t, done, last.TableID)
		require.Equal(t, "ada won.", last.Reason)
		_, err = e.res.Results(e.ctx, viewer, done)
		require.NoError(t, err, "its standings stay reachable")
		_, err = e.res.Replay(e.ctx, viewer, done, 0)
		require.NoError(t, err, "and its replay")
	}

	// A private lobby's results are for its members.
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	e.clock.Advance(time.Minute)
	priv := e.game(team.ID, bob, ada)
	rs, err := e.res.RecentResults(e.ctx, bob, team.ID, 10)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, priv, rs[0].TableID)
	for _, viewer := range []*lobby.Account{nil, eve} {
		_, err = e.res.RecentResults(e.ctx, viewer, team.ID, 10)
		require.ErrorIs(t, err, lobby.ErrNotFound)
	}
	rs, err = e.res.RecentResults(e.ctx, nil, lobby.PublicLobbyID, 10)
	require.NoError(t, err)
	for _, r := range rs {
		require.NotEqual(t, priv, r.TableID, "the public list holds no private game")
	}

	// Newest first, and the limit holds.
	e.clock.Advance(time.Minute)
	later := e.game(lobby.PublicLobbyID, bob, ada)
	rs, err = e.res.RecentResults(e.ctx, nil, lobby.PublicLobbyID, 1)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, later, rs[0].TableID)

	// After a restart the lists are the same.
	before, err := e.res.RecentResults(e.ctx, nil, lobby.PublicLobbyID, 0)
	require.NoError(t, err)
	listed := ids(nil)
	require.Contains(t, listed, later)
	require.NotContains(t, listed, done)
	e.restart()
	require.Equal(t, listed, ids(nil))
	rs, err = e.res.RecentResults(e.ctx, nil, lobby.PublicLobbyID, 0)
	require.NoError(t, err)
	require.Equal(t, before, rs)
	require.Equal(t, later, rs[0].TableID)
	require.Equal(t, done, rs[len(rs)-1].TableID)
}
