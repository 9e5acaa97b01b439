package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// TestPublicTablesDefaultToAnEveningLimit: a Unipoly table in the public
// lobby starts with the game's public end option (a 90-minute limit), the
// host can change it back to last standing, an option the host gives is
// kept, and a private lobby keeps the rules' default.
func TestPublicTablesDefaultToAnEveningLimit(t *testing.T) {
	e := newUnipolyEnv(t)
	ada := e.player("ada")
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, unipoly.ID, 2, nil)
	require.NoError(t, err)
	require.Equal(t, "minutes:90", tb.Options["endMode"])
	require.NoError(t, e.svc.SetOption(e.ctx, ada, tb.ID, "endMode", "lastStanding"))
	require.Equal(t, "lastStanding", e.tableOf(ada, tb.ID).Options["endMode"])

	bob := e.player("bob")
	tb, err = e.svc.CreateTable(e.ctx, bob, lobby.PublicLobbyID, unipoly.ID, 2, map[string]string{"endMode": "rounds:30"})
	require.NoError(t, err)
	require.Equal(t, "rounds:30", tb.Options["endMode"], "the host's choice is kept")

	l, err := e.svc.CreateLobby(e.ctx, ada, "Team Room")
	require.NoError(t, err)
	tb, err = e.svc.CreateTable(e.ctx, ada, l.ID, unipoly.ID, 2, nil)
	require.NoError(t, err)
	require.Equal(t, "lastStanding", tb.Options["endMode"], "private lobbies keep the rules' default")
}
