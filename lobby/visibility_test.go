package lobby_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// TestWhatResultsAsksTheLobby: the answers lobby/results builds its privacy
// on (results.Lobby). Who sees which lobby is the live lobby's rule and is
// tested here, once; lobby/results tests what it does with the answers.
func TestWhatResultsAsksTheLobby(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, eve := e.player("ada"), e.player("bob"), e.player("eve")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	other, err := e.svc.CreateLobby(e.ctx, eve, "Other")
	require.NoError(t, err)

	for _, c := range []struct {
		name    string
		viewer  *lobby.Account
		lobbies []int64
	}{
		{"a guest", nil, []int64{lobby.PublicLobbyID}},
		{"the owner", ada, []int64{lobby.PublicLobbyID, team.ID}},
		{"a member", bob, []int64{lobby.PublicLobbyID, team.ID}},
		{"a stranger", eve, []int64{lobby.PublicLobbyID, other.ID}},
	} {
		var id int64
		if c.viewer != nil {
			id = c.viewer.ID
		}
		require.Equal(t, lobby.Visibility{Viewer: id, Lobbies: c.lobbies}, e.svc.Visibility(c.viewer), c.name)
		for _, l := range []int64{lobby.PublicLobbyID, team.ID, other.ID} {
			require.Equal(t, slices.Contains(c.lobbies, l), e.svc.CanSeeLobby(id, l), "%s, lobby %d", c.name, l)
		}
		require.False(t, e.svc.CanSeeLobby(id, other.ID+100), "%s: no such lobby", c.name)
	}

	// Leaving a lobby takes it out of the answers at once.
	require.NoError(t, e.svc.LeaveLobby(e.ctx, bob, team.ID))
	require.Equal(t, []int64{lobby.PublicLobbyID}, e.svc.Visibility(bob).Lobbies)
	require.False(t, e.svc.CanSeeLobby(bob.ID, team.ID))

	require.Equal(t, "Team", e.svc.LobbyName(team.ID))
	require.Equal(t, "", e.svc.LobbyName(other.ID+100))

	// The bot of a game is one account, named by its game.
	tb := e.startWith(ada, nil, 1, nil)
	botID := tb.Seats[1].AccountID
	require.True(t, tb.Seats[1].Bot)
	game, ok := e.svc.BotGame(botID)
	require.True(t, ok)
	require.Equal(t, testgame.ID, game)
	_, ok = e.svc.BotGame(ada.ID)
	require.False(t, ok, "a player is no bot")

	require.Equal(t, "ada", e.svc.Handle(ada.ID))
	_, err = e.svc.SetHandle(e.ctx, "SHA256:key-of-ada", "ada2")
	require.NoError(t, err)
	require.Equal(t, "ada2", e.svc.Handle(ada.ID), "a renamed player is named anew")
	acc, err := e.svc.AccountByHandle(e.ctx, "ada2")
	require.NoError(t, err)
	require.Equal(t, ada.ID, acc.ID)
	_, err = e.svc.AccountByHandle(e.ctx, "ada")
	require.ErrorIs(t, err, lobby.ErrNotFound)
}
