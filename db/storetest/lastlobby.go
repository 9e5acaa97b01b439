package storetest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// testLastLobby: an account has no last lobby until one is set; the last
// one set is what a fresh read returns, per account.
func testLastLobby(t *testing.T, s Store) {
	ctx := context.Background()
	ada, err := s.CreateAccount(ctx, "SHA256:ada", "ada", T0)
	require.NoError(t, err)
	bob, err := s.CreateAccount(ctx, "SHA256:bob", "bob", T0)
	require.NoError(t, err)
	id, err := s.LastLobby(ctx, ada.ID)
	require.NoError(t, err)
	require.Zero(t, id, "none yet")
	id, err = s.LastLobby(ctx, 9999)
	require.NoError(t, err)
	require.Zero(t, id, "no such account")

	team, err := s.CreateLobby(ctx, lobby.LobbyRecord{Slug: "team-x1", Name: "Team", OwnerID: ada.ID, InviteCode: "CODE1", CreatedAt: T0,
		Members: []lobby.MemberRecord{{AccountID: ada.ID, JoinedAt: T0}}})
	require.NoError(t, err)
	require.NoError(t, s.SetLastLobby(ctx, ada.ID, team))
	require.NoError(t, s.SetLastLobby(ctx, bob.ID, lobby.PublicLobbyID))
	id, err = s.LastLobby(ctx, ada.ID)
	require.NoError(t, err)
	require.Equal(t, team, id)
	id, err = s.LastLobby(ctx, bob.ID)
	require.NoError(t, err)
	require.Equal(t, lobby.PublicLobbyID, id)
	require.NoError(t, s.SetLastLobby(ctx, ada.ID, lobby.PublicLobbyID))
	id, err = s.LastLobby(ctx, ada.ID)
	require.NoError(t, err)
	require.Equal(t, lobby.PublicLobbyID, id, "the last one set")
}
