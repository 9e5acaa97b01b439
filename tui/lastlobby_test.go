package tui

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestSessionOpensInTheLobbyLastUsed (issue 25): a player who left from
// their team's lobby opens there next time, not in the public lobby; a
// player no longer a member of their last lobby opens in the public one.
func TestSessionOpensInTheLobbyLastUsed(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team Room")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)

	for _, p := range []*lobby.Account{ada, bob} {
		h := e.session(p, 80, 24)
		require.Equal(t, team.ID, h.m.lob.lobbyID, "first time: the lobby they created or joined")
		h.key("[")
		require.Equal(t, lobby.PublicLobbyID, h.m.lob.lobbyID)
		h.key("q")
		require.True(t, h.m.quitting)
	}
	h := e.session(ada, 80, 24)
	require.Equal(t, lobby.PublicLobbyID, h.m.lob.lobbyID, "ada left from the public lobby and opens there")
	h.key("]")
	require.Equal(t, team.ID, h.m.lob.lobbyID)
	h.key("q")
	h = e.session(ada, 80, 24)
	require.Equal(t, team.ID, h.m.lob.lobbyID, "ada left from Team Room and opens there")
	require.Contains(t, h.view(), "[Team Room]")
	hb := e.session(bob, 80, 24)
	hb.key("]")
	require.Equal(t, team.ID, hb.m.lob.lobbyID)
	hb.key("q")

	require.NoError(t, e.svc.RemoveMember(e.ctx, ada, team.ID, bob.ID))
	hb = e.session(bob, 80, 24)
	require.Equal(t, lobby.PublicLobbyID, hb.m.lob.lobbyID, "bob is no longer a member of Team Room")
	require.NotContains(t, hb.view(), "Team Room")
}
