package tui

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby/lobbytest"
)

// TestRotateInviteCodeAsksFirstYOnly (issue 25): rotating a lobby's
// invite code asks first, at 80x24 and whole: the old code, by name, stops
// working; only y rotates, Enter, esc, n and any other key keep it.
func TestRotateInviteCodeAsksFirstYOnly(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	team, err := api.CreateLobby(context.Background(), ada, "Team Room")
	require.NoError(t, err)
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("]")
	require.Equal(t, team.ID, h.m.lob.lobbyID)
	code := func() string {
		l, err := api.Lobby(context.Background(), ada, team.ID)
		require.NoError(t, err)
		return l.InviteCode
	}
	ask := func() {
		h.keys("L", "down", "down", "down", "down", "enter") // Public, Team Room, create, join, rotate
		v := flatText(exactView(t, h))
		require.Contains(t, v, "Rotate the invite code of Team Room?")
		require.Contains(t, v, "The old code "+team.InviteCode+" stops working at once: anyone you gave it to needs the new one. Members stay members.")
		require.Contains(t, v, flatText(YesNoLine))
	}
	for _, k := range []string{"enter", "esc", "n", " ", "x"} {
		ask()
		h.key(k)
		assert.Equal(t, team.InviteCode, code(), "%q keeps the code", k)
		h.m.dialogs = nil
	}
	ask()
	h.key("y")
	assert.NotEqual(t, team.InviteCode, code(), "y rotates")
	assert.Contains(t, h.view(), "New invite code: "+code())
}
