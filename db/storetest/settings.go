package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// testSettings: an account has the default settings until some are saved;
// the last saved text is what a fresh read returns, per account.
func testSettings(t *testing.T, s Store) {
	ctx := context.Background()
	ada, err := s.CreateAccount(ctx, "SHA256:ada", "ada", T0)
	require.NoError(t, err)
	bob, err := s.CreateAccount(ctx, "SHA256:bob", "bob", T0)
	require.NoError(t, err)
	text, err := s.AccountSettings(ctx, ada.ID)
	require.NoError(t, err)
	require.Equal(t, lobby.Settings{}, lobby.DecodeSettings(text), "every default")
	text, err = s.AccountSettings(ctx, 9999)
	require.NoError(t, err)
	require.Equal(t, lobby.Settings{}, lobby.DecodeSettings(text), "no such account")

	require.NoError(t, s.SetAccountSettings(ctx, ada.ID, lobby.EncodeSettings(lobby.Settings{BellOff: true})))
	text, err = s.AccountSettings(ctx, ada.ID)
	require.NoError(t, err)
	require.True(t, lobby.DecodeSettings(text).BellOff)
	text, err = s.AccountSettings(ctx, bob.ID)
	require.NoError(t, err)
	require.False(t, lobby.DecodeSettings(text).BellOff, "per account")
}

// testWebhooks: a lobby has no webhook until one is set; setting again
// replaces it; nil removes it; it goes with its lobby.
func testWebhooks(t *testing.T, s Store) {
	ctx := context.Background()
	ada, err := s.CreateAccount(ctx, "SHA256:ada", "ada", T0)
	require.NoError(t, err)
	team, err := s.CreateLobby(ctx, lobby.LobbyRecord{Slug: "team-w1", Name: "Team", OwnerID: ada.ID, InviteCode: "CODEW", CreatedAt: T0,
		Members: []lobby.MemberRecord{{AccountID: ada.ID, JoinedAt: T0}}})
	require.NoError(t, err)
	w, err := s.LobbyWebhook(ctx, team)
	require.NoError(t, err)
	require.Nil(t, w)

	require.NoError(t, s.SetLobbyWebhook(ctx, team, &lobby.Webhook{URL: "https://chat.example/hook/1", Secret: "s1", CreatedAt: T0}))
	require.NoError(t, s.SetLobbyWebhook(ctx, team, &lobby.Webhook{URL: "https://chat.example/hook/2", Secret: "s2", CreatedAt: T0.Add(time.Second)}))
	w, err = s.LobbyWebhook(ctx, team)
	require.NoError(t, err)
	require.Equal(t, &lobby.Webhook{URL: "https://chat.example/hook/2", Secret: "s2", CreatedAt: T0.Add(time.Second)}, w)
	w, err = s.LobbyWebhook(ctx, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Nil(t, w, "per lobby")

	require.NoError(t, s.SetLobbyWebhook(ctx, team, nil))
	w, err = s.LobbyWebhook(ctx, team)
	require.NoError(t, err)
	require.Nil(t, w)
	require.NoError(t, s.SetLobbyWebhook(ctx, team, nil), "removing none is no error")
}
