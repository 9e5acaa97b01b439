package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestLastLobbySurvivesARestartAndFallsBackToPublic (issue 25): the lobby
// a player last used is remembered across a restart; one they are no
// longer a member of, or that a guest asks for, is the public lobby.
func TestLastLobbySurvivesARestartAndFallsBackToPublic(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	got := func(acc *lobby.Account) int64 {
		t.Helper()
		id, err := e.svc.LastLobby(e.ctx, acc)
		require.NoError(t, err)
		return id
	}
	require.Equal(t, lobby.PublicLobbyID, got(ada), "none yet: the public lobby")
	require.Equal(t, lobby.PublicLobbyID, got(nil), "a guest")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetLastLobby(e.ctx, ada, team.ID))
	require.NoError(t, e.svc.SetLastLobby(e.ctx, bob, team.ID))
	require.ErrorIs(t, e.svc.SetLastLobby(e.ctx, nil, lobby.PublicLobbyID), lobby.ErrGuest)
	carol := e.player("carol")
	require.ErrorIs(t, e.svc.SetLastLobby(e.ctx, carol, team.ID), lobby.ErrNotFound, "not a member")

	e.restart()
	require.Equal(t, team.ID, got(ada), "remembered across a restart")
	require.Equal(t, team.ID, got(bob))
	require.NoError(t, e.svc.LeaveLobby(e.ctx, bob, team.ID))
	require.Equal(t, lobby.PublicLobbyID, got(bob), "a lobby bob left falls back to the public one")
	require.Equal(t, lobby.PublicLobbyID, got(carol))
}

// TestJoiningOrCreatingALobbyOpensItNextTime: a player who joins a team's
// lobby (by the plain command, before ever opening the screens) or creates
// one lands in it at their next session, not in the public lobby.
func TestJoiningOrCreatingALobbyOpensItNextTime(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	id, err := e.svc.LastLobby(e.ctx, ada)
	require.NoError(t, err)
	require.Equal(t, team.ID, id, "the creator")
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	id, err = e.svc.LastLobby(e.ctx, bob)
	require.NoError(t, err)
	require.Equal(t, team.ID, id, "the new member")
}
