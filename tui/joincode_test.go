package tui

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestInviteCodeNewKeyPicksAHandleThenJoins (issue 25): a key without a
// handle that opens with an invite code in mind is asked for the handle
// on the welcome screen, which says the code, then joined to that lobby
// and lands in it; a key with a handle lands there at once; a wrong code
// says so and leaves the player in their lobby.
func TestInviteCodeNewKeyPicksAHandleThenJoins(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	team, err := api.CreateLobby(context.Background(), ada, "Team Room")
	require.NoError(t, err)

	h := start(t, api, Options{Fingerprint: "fp-eve", JoinCode: team.InviteCode})
	require.Equal(t, screenWelcome, h.m.screen)
	v := flatText(h.view())
	assert.Contains(t, v, "You came with the invite code "+team.InviteCode+": once you have a handle you join its lobby and land in it.")
	assert.Contains(t, v, "take this handle and join")
	h.typeText("eve")
	h.key("enter")
	require.Equal(t, screenLobby, h.m.screen)
	assert.Equal(t, team.ID, h.m.lob.lobbyID, "landed in the lobby of the code")
	v = h.view()
	assert.Contains(t, v, "[Team Room]")
	assert.Contains(t, v, "Welcome to Team Room")
	ms, err := api.Members(context.Background(), ada, team.ID)
	require.NoError(t, err)
	assert.Len(t, ms, 2, "eve is a member")
	h.key("esc")
	h.key("]")
	h.key("]")
	ms, _ = api.Members(context.Background(), ada, team.ID)
	assert.Len(t, ms, 2, "the code is used once")

	api.AddAccount("fp-bob", "bob")
	hb := start(t, api, Options{Fingerprint: "fp-bob", JoinCode: team.InviteCode})
	require.Equal(t, screenLobby, hb.m.screen)
	assert.Equal(t, team.ID, hb.m.lob.lobbyID, "a key with a handle joins at once")

	hw := start(t, api, Options{Fingerprint: "fp-ada", JoinCode: "NOPE1234"})
	require.Equal(t, screenLobby, hw.m.screen)
	assert.Equal(t, lobby.PublicLobbyID, hw.m.lob.lobbyID)
	assert.Contains(t, hw.view(), "Invite code NOPE1234: ")
	assert.True(t, hw.m.statusErr)
}
