package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestImportKeepsAPrivateGamePrivate: a finished game of a private lobby
// never lands in the public lobby; it goes back to its lobby (the default),
// or into a private lobby whose members all could see it. On the server
// that played it, the import is the table that played it.
func TestImportKeepsAPrivateGamePrivate(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(8)})
	ada, bob, eve := e.player("ada"), e.player("bob"), e.player("eve")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	priv := e.game(team.ID, ada, bob)
	file := e.export(bob, priv)
	m := fileMap(t, file)
	require.Equal(t, map[string]any{"id": float64(team.ID), "slug": team.Slug},
		m["header"].(map[string]any)["lobby"], "the file names its lobby")

	_, err = e.svc.ImportGame(e.ctx, bob, lobby.PublicLobbyID, file)
	require.ErrorIs(t, err, lobby.ErrForbidden, "never into the public lobby")
	tb, err := e.svc.ImportGame(e.ctx, bob, 0, file)
	require.NoError(t, err)
	require.Equal(t, team.ID, tb.LobbyID, "by default, back to its lobby")
	require.Equal(t, priv, tb.ID, "the table that played it")
	for _, viewer := range []*lobby.Account{eve, nil} {
		_, err := e.svc.Table(e.ctx, viewer, tb.ID)
		require.ErrorIs(t, err, lobby.ErrNotFound)
	}

	// A lobby with someone who could not see the game is refused; bob's
	// own lobby (bob played) is fine.
	mixed, err := e.svc.CreateLobby(e.ctx, bob, "Mixed")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, eve, mixed.InviteCode)
	require.NoError(t, err)
	_, err = e.svc.ImportGame(e.ctx, bob, mixed.ID, file)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	require.ErrorContains(t, err, "eve could not see it")
	solo, err := e.svc.CreateLobby(e.ctx, bob, "Solo")
	require.NoError(t, err)
	tb, err = e.svc.ImportGame(e.ctx, bob, solo.ID, file)
	require.NoError(t, err)
	require.Equal(t, priv, tb.ID, "allowed, and the game is already here: its table")

	// eve, given the file, has no lobby of the game's audience.
	_, err = e.svc.ImportGame(e.ctx, eve, 0, file)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	_, err = e.svc.ImportGame(e.ctx, eve, lobby.PublicLobbyID, file)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	_, err = e.svc.ImportGame(e.ctx, eve, team.ID, file)
	require.ErrorIs(t, err, lobby.ErrNotFound)

	// A public game's file goes anywhere its importer belongs; by default
	// to the public lobby.
	pub := e.game(lobby.PublicLobbyID, ada, bob)
	tb, err = e.svc.ImportGame(e.ctx, eve, 0, e.export(nil, pub))
	require.NoError(t, err)
	require.Equal(t, lobby.PublicLobbyID, tb.LobbyID)
	require.Equal(t, pub, tb.ID)
	tb, err = e.svc.ImportGame(e.ctx, eve, mixed.ID, e.export(nil, pub))
	require.NoError(t, err)
	require.Equal(t, pub, tb.ID)

	// On another server with the same key, the private lobby is not there:
	// the game is private to its players.
	d := newEnv(t, lobby.Config{SealKey: key(8)})
	dBob, dEve := d.player("bob"), d.player("eve")
	_, err = d.svc.ImportGame(d.ctx, dBob, lobby.PublicLobbyID, file)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	_, err = d.svc.ImportGame(d.ctx, dBob, 0, file)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	other, err := d.svc.CreateLobby(d.ctx, dBob, "Elsewhere")
	require.NoError(t, err)
	mixedD, err := d.svc.CreateLobby(d.ctx, dBob, "Mixed")
	require.NoError(t, err)
	_, err = d.svc.JoinLobby(d.ctx, dEve, mixedD.InviteCode)
	require.NoError(t, err)
	_, err = d.svc.ImportGame(d.ctx, dBob, mixedD.ID, file)
	require.ErrorContains(t, err, "eve could not see it")
	tb, err = d.svc.ImportGame(d.ctx, dBob, other.ID, file)
	require.NoError(t, err)
	require.Equal(t, other.ID, tb.LobbyID)
	_, err = d.svc.ImportGame(d.ctx, dEve, 0, file)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	_, err = d.svc.ImportGame(d.ctx, dEve, mixedD.ID, file)
	require.ErrorContains(t, err, "could not see it", "the copy in bob's lobby does not open the game to eve")
}
