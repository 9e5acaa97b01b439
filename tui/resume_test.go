package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestReconnectLandsAtYourSeat(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	id := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))

	ha := e.session(ada, 80, 24)
	assert.Equal(t, screenPlay, ha.m.screen, "straight back to the running game")
	assert.Equal(t, id, ha.m.tab.id)
	assert.Equal(t, 0, ha.m.play.gs.Seat, "as a player, not a spectator")
	assert.Contains(t, ha.view(), "Welcome back")

	// Bob's session closes: ada sees him away at once, and a log line.
	hb := e.session(bob, 80, 24)
	require.Equal(t, screenPlay, hb.m.screen)
	hb.m.quit()
	require.Eventually(t, func() bool {
		tb, err := e.svc.Table(e.ctx, ada, id)
		return err == nil && tb.Seats[1].Away
	}, 5*time.Second, 2*time.Millisecond)
	ha.waitFor("2 bob (away)")
	ha.waitFor("bob disconnected")

	// He comes back and lands on his seat; the marker goes.
	hb = e.session(bob, 160, 50)
	assert.Equal(t, screenPlay, hb.m.screen)
	assert.Equal(t, 1, hb.m.play.gs.Seat)
	ha.waitFor("bob is back")
	assert.NotContains(t, ha.view(), "(away)")
}

func TestReconnectWithSeveralGamesListsThem(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	pub := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, pub))
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team Room")
	require.NoError(t, err)
	tb, err := e.svc.CreateTable(e.ctx, ada, team.ID, testgame.ID, 2, nil)
	require.NoError(t, err)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))

	h := startWith(t, e.svc, realStart, Options{Fingerprint: ada.Fingerprint, Width: 80, Height: 24})
	require.Equal(t, screenLobby, h.m.screen)
	v := h.view()
	assert.Contains(t, v, "Your games")
	assert.Contains(t, v, "Team Room")
	assert.Contains(t, v, "seat 1")
	h.key("esc")
	assert.Equal(t, screenLobby, h.m.screen, "esc leaves the list for the lobby")
	assert.NotContains(t, h.view(), "Your games")

	h = startWith(t, e.svc, realStart, Options{Fingerprint: ada.Fingerprint, Width: 80, Height: 24})
	h.key("down")
	h.key("enter")
	assert.Equal(t, screenPlay, h.m.screen)
	assert.Equal(t, tb.ID, h.m.tab.id, "the second game, in the private lobby")
	assert.Equal(t, team.ID, h.m.lob.lobbyID, "esc from the game goes to its lobby")
}

func TestHandOverKeyOnThePlayScreen(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	id := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))
	h := e.session(ada, 160, 50)
	require.Equal(t, screenPlay, h.m.screen)
	assert.Contains(t, h.view(), "let a bot play for me", "the footer shows the key")

	h.key("B")
	v := h.view()
	assert.Contains(t, v, "Let a bot play for you?")
	assert.Contains(t, v, "spend your money", "the question says what it means")
	h.key("n")
	tb, err := e.svc.Table(e.ctx, ada, id)
	require.NoError(t, err)
	assert.False(t, tb.Seats[0].BotPlays, "no is no")

	h.key("B")
	h.key("y")
	tb, err = e.svc.Table(e.ctx, ada, id)
	require.NoError(t, err)
	assert.True(t, tb.Seats[0].BotPlays)
	h.waitFor("take your seat back")
	h.waitFor("ada let a bot play for them")
	h.waitFor("bot plays")

	h.key("B")
	tb, err = e.svc.Table(e.ctx, ada, id)
	require.NoError(t, err)
	assert.False(t, tb.Seats[0].BotPlays, "the key again takes the seat back at once")
	h.waitFor("ada takes their seat back")
}

// TestYourGamesListsYourMoveFirst: on connecting with several running
// games, the list has whose move it is and the time left, the games
// waiting for the player first, and the status line says how many wait.
func TestYourGamesListsYourMoveFirst(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	pub := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, pub))
	gs, err := e.svc.GameState(e.ctx, ada, pub)
	require.NoError(t, err)
	require.NoError(t, e.svc.Act(e.ctx, ada, pub, gs.Version, testgame.Bid{Amount: 1})) // now bob's bid only
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team Room")
	require.NoError(t, err)
	tb, err := e.svc.CreateTable(e.ctx, ada, team.ID, testgame.ID, 2, nil)
	require.NoError(t, err)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))

	h := startWith(t, e.svc, realStart, Options{Fingerprint: ada.Fingerprint, Width: 80, Height: 24})
	v := h.view()
	assert.Contains(t, v, "Your move in 1 game.")
	assert.Contains(t, v, "Move")
	lines := strings.Split(v, "\n")
	row := func(id int64) int {
		for i, l := range lines {
			if strings.Contains(l, fmt.Sprintf("#%d ", id)) {
				return i
			}
		}
		t.Fatalf("table %d is not listed:\n%s", id, v)
		return -1
	}
	assert.Less(t, row(tb.ID), row(pub), "the game waiting for ada comes first\n%s", v)
	assert.Contains(t, lines[row(tb.ID)], "yours")
	assert.Contains(t, lines[row(pub)], "bob")
	assert.Contains(t, lines[row(pub)], "s left", "a public table's turn timer: the time left")
	assert.Contains(t, lines[row(tb.ID)], "no timer", "a private table starts without a timer")
}

// TestLobbyMarksYourMove: the lobby's table list marks the running game
// waiting for the player (without colour: the words) and its title counts
// the games waiting for them in every lobby; the marks follow the game.
func TestLobbyMarksYourMove(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	id := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))
	h := e.session(ada, 80, 24)
	require.Equal(t, screenPlay, h.m.screen)
	h.key("esc")
	h.key("y") // back to the lobby, if it asks
	require.Equal(t, screenLobby, h.m.screen, h.view())
	v := h.view()
	assert.Contains(t, v, "Your move in 1 game", "the sealed bid waits for ada")
	assert.Contains(t, v, "YOUR MOVE")

	gs, err := e.svc.GameState(e.ctx, ada, id)
	require.NoError(t, err)
	require.NoError(t, e.svc.Act(e.ctx, ada, id, gs.Version, testgame.Bid{Amount: 1}))
	h.m.loadLobby()
	v = h.view()
	assert.NotContains(t, v, "Your move in", "ada's bid is in: the game waits for bob")
	assert.NotContains(t, v, "YOUR MOVE")
	assert.Contains(t, v, "playing (you)")
}
