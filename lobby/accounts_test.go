package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

func TestHandles(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	acc, err := e.svc.AccountByFingerprint(e.ctx, "SHA256:unknown")
	require.NoError(t, err)
	require.Nil(t, acc)

	ada, err := e.svc.SetHandle(e.ctx, "SHA256:ada", "Ada")
	require.NoError(t, err)
	require.NotZero(t, ada.ID)
	got, err := e.svc.AccountByFingerprint(e.ctx, "SHA256:ada")
	require.NoError(t, err)
	require.Equal(t, ada.ID, got.ID)

	_, err = e.svc.SetHandle(e.ctx, "SHA256:other", "ADA")
	require.ErrorIs(t, err, lobby.ErrHandleTaken)
	_, err = e.svc.SetHandle(e.ctx, "SHA256:other", "ada")
	require.ErrorIs(t, err, lobby.ErrHandleTaken)
	none, err := e.svc.AccountByFingerprint(e.ctx, "SHA256:other")
	require.NoError(t, err)
	require.Nil(t, none, "a refused handle creates no account")

	for _, bad := range []string{"ab", "seventeen-chars-x", "has space", "émile", "a\x1b[31m"} {
		_, err = e.svc.SetHandle(e.ctx, "SHA256:other", bad)
		require.ErrorIs(t, err, lobby.ErrBadHandle, bad)
	}
	for _, reserved := range []string{"bot-unipoly", "BotMaster", "server", "Guest"} {
		_, err = e.svc.SetHandle(e.ctx, "SHA256:other", reserved)
		require.ErrorIs(t, err, lobby.ErrBadHandle, reserved)
		require.Contains(t, err.Error(), "reserved")
	}
	_, err = e.svc.SetHandle(e.ctx, "", "nokey")
	require.ErrorIs(t, err, lobby.ErrGuest)

	// Renames: same account, new handle; case changes of one's own handle work.
	renamed, err := e.svc.SetHandle(e.ctx, "SHA256:ada", "ADA")
	require.NoError(t, err)
	require.Equal(t, ada.ID, renamed.ID)
	require.Equal(t, "ADA", renamed.Handle)
	bob := e.player("bob")
	_, err = e.svc.SetHandle(e.ctx, "SHA256:key-of-bob", "ada")
	require.ErrorIs(t, err, lobby.ErrHandleTaken)
	bob2, err := e.svc.SetHandle(e.ctx, "SHA256:key-of-bob", "robert")
	require.NoError(t, err)
	require.Equal(t, bob.ID, bob2.ID)

	byHandle, err := e.svc.AccountByHandle(e.ctx, "ROBERT")
	require.NoError(t, err)
	require.Equal(t, bob.ID, byHandle.ID)
	_, err = e.svc.AccountByHandle(e.ctx, "bob")
	require.ErrorIs(t, err, lobby.ErrNotFound)

	// The bot account exists and is a bot.
	b, err := e.svc.AccountByHandle(e.ctx, "bot-testgame")
	require.NoError(t, err)
	require.True(t, b.Bot)
	require.Empty(t, b.Fingerprint)
}
