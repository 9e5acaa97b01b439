package tui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// TestInvitationBannerAndOneKey: bob in the lobby is invited to ada's
// forming table: the banner shows at 80x24 (words, no colour needed), and
// i opens the table, where s sits.
func TestInvitationBannerAndOneKey(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	created, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.NoError(t, err)
	tb := created.ID
	h := e.session(bob, 80, 24)
	require.Equal(t, screenLobby, h.m.screen)
	require.NoError(t, e.svc.Invite(e.ctx, ada, tb, "bob"))
	h.waitFor("Invitation: ada invites you to")
	assert.Contains(t, h.view(), "i: go there")
	h.key("i")
	require.Equal(t, screenTable, h.m.screen, h.view())
	assert.Equal(t, tb, h.m.tab.id)
	h.key("s")
	got, err := e.svc.Table(e.ctx, bob, tb)
	require.NoError(t, err)
	assert.Equal(t, 1, got.SeatOf(bob.ID))
	h.key("esc")
	assert.NotContains(t, h.view(), "Invitation:", "seated: the invitation is done")
}

// TestSeatShowsWhoIsOnline: the table screen tells a player at the table,
// one online elsewhere (in the lobby, at another table) and one offline
// apart, in words.
func TestSeatShowsWhoIsOnline(t *testing.T) {
	assert.Equal(t, "connected", seatStatus(lobby.Seat{AccountID: 1, Connected: true, Online: true}))
	assert.Equal(t, "online, elsewhere", seatStatus(lobby.Seat{AccountID: 1, Online: true}))
	assert.Equal(t, "offline", seatStatus(lobby.Seat{AccountID: 1}))
}

// TestAnOlderStateNeverReplacesANewerOne: a table's update still on its way
// when the player's own action returned a newer state must not take the
// screen back (it closed a card picker and reopened it with the picks
// lost: TestBillionaireE2E under load).
func TestAnOlderStateNeverReplacesANewerOne(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	id := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))
	h := e.session(ada, 80, 24)
	require.Equal(t, screenPlay, h.m.screen)
	old := h.m.play.gs
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 1}))
	h.m.loadGame()
	newer := h.m.play.gs.Version
	require.Greater(t, newer, old.Version)
	h.m.setGame(old)
	assert.Equal(t, newer, h.m.play.gs.Version, "the older state was ignored")
}
