package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// openNewTable creates a 2-seat test game table through the lobby screen.
func openNewTable(t *testing.T, h *harness) {
	t.Helper()
	h.keys("n", "enter", "enter")
	require.Equal(t, screenTable, h.m.screen)
}

// startPlaying starts ada's session with o, opens a new two-seat test
// game table, presses keys on the table screen ("t": a turn timer), adds a
// bot, gets ready and starts: the session is on the play screen.
func startPlaying(t *testing.T, o Options, keys ...string) *harness {
	t.Helper()
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	o.Fingerprint = "fp-ada"
	h := start(t, api, o)
	openNewTable(t, h)
	h.keys(append(keys, "b", "r", "S")...)
	require.Equal(t, screenPlay, h.m.screen)
	return h
}

func TestTableToPlayToGameOver(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	openNewTable(t, h)
	v := h.view()
	assert.Contains(t, v, "Table #1")
	assert.Contains(t, v, "ada (you)")
	assert.Contains(t, v, "(empty)")
	assert.Contains(t, v, "Target: 15")

	h.key("b")
	assert.Contains(t, h.view(), "bot-2 [bot]")
	h.key("S")
	assert.Contains(t, h.view(), "Not enough seats are filled and ready.")
	h.key("r")
	h.key("S")
	require.Equal(t, screenPlay, h.m.screen)
	v = h.view()
	assert.Contains(t, v, "phase: bid")
	assert.Contains(t, v, "your move!")
	assert.Contains(t, v, "Bid (amount 0 to 3)")
	assert.Contains(t, v, "Players' chat")
	assert.Contains(t, v, "you are seat 1")

	h.key("enter")
	assert.Contains(t, h.view(), "Bid: amount (0 to 3)")
	h.key("5")
	h.key("enter")
	assert.Contains(t, h.view(), "The amount must be between 0 and 3.")
	h.key("backspace")
	h.key("3")
	h.key("enter")
	assert.Contains(t, api.Calls(), "act bid")
	assert.Contains(t, h.view(), "Seat 1 bid 3.")

	for i := 0; i < 20 && !h.m.play.gs.Outcome.Finished; i++ {
		require.NotEmpty(t, h.m.play.gs.Legal, "the bot answers at once, so it is always our move")
		h.key("enter")
		h.key("3")
		h.key("enter")
	}
	require.True(t, h.m.play.gs.Outcome.Finished)
	v = h.view()
	assert.Contains(t, v, "GAME OVER")
	assert.Contains(t, v, "1st")
	assert.Contains(t, v, "(you)")
	h.resize(160, 50)
	v = h.view()
	assert.Contains(t, v, "Log")
	assert.Contains(t, v, "wins")
}

func TestResignAsksFirst(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	openNewTable(t, h)
	h.keys("b", "r", "S", "enter", "0", "enter")
	require.Equal(t, screenPlay, h.m.screen)
	require.Len(t, h.m.play.gs.Legal, 2)
	h.keys("down", "enter")
	assert.Contains(t, h.view(), "Really resign?")
	assert.Contains(t, h.view(), YesNoLine)
	h.key("n")
	assert.NotContains(t, api.Calls(), "act resign")
	h.keys("enter", "enter") // the confirmation again, and Enter answers no
	assert.NotContains(t, api.Calls(), "act resign")
	h.keys("enter", "y")
	assert.Contains(t, api.Calls(), "act resign")
	assert.True(t, h.m.play.gs.Outcome.Finished)
}

func TestSpectatorWatchesAndLeaves(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	api.AddAccount("fp-bob", "bob")
	ctx := context.Background()
	tb, err := api.CreateTable(ctx, ada, lobby.PublicLobbyID, "testgame", 2, nil)
	require.NoError(t, err)
	require.NoError(t, api.AddBot(ctx, ada, tb.ID))
	require.NoError(t, api.SetReady(ctx, ada, tb.ID, true))
	require.NoError(t, api.Start(ctx, ada, tb.ID))

	h := start(t, api, Options{Fingerprint: "fp-bob"})
	v := h.view()
	assert.Contains(t, v, "Test Game")
	assert.Contains(t, v, "playing")
	h.key("enter")
	require.Equal(t, screenPlay, h.m.screen)
	v = h.view()
	assert.Contains(t, v, "spectating")
	assert.Contains(t, v, "Spectators' chat")
	assert.Contains(t, v, "You are watching this game.")
	assert.Contains(t, api.Calls(), "spectate true")
	assert.Contains(t, h.sub().Watching(), lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID})

	// A move by a player reaches the spectator through an update.
	gs, err := api.GameState(ctx, ada, tb.ID)
	require.NoError(t, err)
	require.NoError(t, api.Act(ctx, ada, tb.ID, gs.Version, firstLegal(t, api, ada, tb.ID)))
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}}}})
	assert.Contains(t, h.view(), "Bids revealed")

	h.key("esc")
	assert.Equal(t, screenLobby, h.m.screen)
	assert.Contains(t, api.Calls(), "spectate false")
}

// firstLegal is the first legal action of a seat, read straight from the fake.
func firstLegal(t *testing.T, api *lobbytest.Lobby, acc *lobby.Account, id int64) engine.Action {
	gs, err := api.GameState(context.Background(), acc, id)
	require.NoError(t, err)
	require.NotEmpty(t, gs.Legal)
	if tm, ok := gs.Legal[0].(engine.Template); ok {
		return tm.With(tm.Param().Min)
	}
	return gs.Legal[0]
}

func TestWatcherSwitchesToPlayWhenTheGameStarts(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	api.AddAccount("fp-bob", "bob")
	ctx := context.Background()
	tb, err := api.CreateTable(ctx, ada, lobby.PublicLobbyID, "testgame", 3, nil)
	require.NoError(t, err)

	h := start(t, api, Options{Fingerprint: "fp-bob", OpenTable: tb.ID})
	require.Equal(t, screenTable, h.m.screen)
	assert.Contains(t, h.view(), "bob (you)", "play ID sits down when a seat is free")
	assert.Equal(t, 1, h.m.mySeat())

	require.NoError(t, api.AddBot(ctx, ada, tb.ID))
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}}}})
	assert.Contains(t, h.view(), "bot-3 [bot]")

	h.key("r")
	require.NoError(t, api.SetReady(ctx, ada, tb.ID, true))
	require.NoError(t, api.Start(ctx, ada, tb.ID))
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}}}})
	assert.Equal(t, screenPlay, h.m.screen)
	assert.Contains(t, h.view(), "you are seat 2")
}

func TestOpenTableUnknownFallsBackToLobby(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-bob", "bob")
	h := start(t, api, Options{Fingerprint: "fp-bob", OpenTable: 42})
	assert.Equal(t, screenLobby, h.m.screen)
	assert.Contains(t, h.view(), "Not found.")
}

func TestTurnTimerCountsDown(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	openNewTable(t, h)
	h.key("t")
	assert.Contains(t, h.view(), "Turn timer: 30 s a move")
	h.keys("b", "r")
	cmd := h.key("S")
	require.Equal(t, screenPlay, h.m.screen)
	require.NotNil(t, cmd, "a deadline on screen starts the countdown")
	assert.NotZero(t, h.m.tickGen)
	left := h.m.play.gs.Deadline.Sub(h.clk.t)
	secs := int((left + time.Second - 1) / time.Second)
	assert.Contains(t, h.view(), "0:"+itoa(secs)+" left")

	h.clk.t = h.clk.t.Add(3 * time.Second)
	next := h.send(tickMsg{gen: h.m.tickGen})
	require.NotNil(t, next, "ticks go on while the deadline is ahead")
	assert.Contains(t, h.view(), "0:"+itoa(secs-3)+" left")
	assert.Nil(t, h.send(tickMsg{gen: 999}), "stale ticks are dropped")

	h.clk.t = h.play().Deadline.Add(time.Second)
	assert.Nil(t, h.send(tickMsg{gen: h.m.tickGen}), "no ticks once the deadline passed")
	assert.Contains(t, h.view(), "time is up")
}

func (h *harness) play() lobby.GameState { return *h.m.play.gs }

func TestNoTickWithoutDeadline(t *testing.T) {
	h, _ := adaPlaysABot(t)
	assert.Zero(t, h.m.tickGen)
}

func TestQuitWhileSeatedAsksFirst(t *testing.T) {
	h, api := adaPlaysABot(t)
	h.key("ctrl+c")
	assert.False(t, h.m.quitting)
	assert.Contains(t, h.view(), "Your seat is kept")
	cmd := h.key("ctrl+c")
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())

	// esc from the play screen asks too, and keeps the seat.
	h2 := start(t, api, Options{Fingerprint: "fp-ada", OpenTable: 1})
	require.Equal(t, screenPlay, h2.m.screen)
	h2.key("esc")
	assert.Contains(t, h2.view(), "Back to the lobby?")
	h2.key("y")
	assert.Equal(t, screenLobby, h2.m.screen)
	assert.Contains(t, h2.view(), "playing (you)")
}

func TestHostControls(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	openNewTable(t, h)
	h.key("+")
	assert.Contains(t, h.view(), "Seats: 3 (2-4)")
	h.keys("+", "+")
	assert.Contains(t, h.view(), "Test Game needs 2-4 seats.")
	h.key("-")
	assert.Contains(t, h.view(), "Seats: 3 (2-4)")
	h.keys("o", "enter")
	tb, err := api.Table(context.Background(), nil, h.m.tab.id)
	require.NoError(t, err)
	assert.Equal(t, "21", tb.Options["target"])
	h.key("esc")
	assert.Contains(t, h.view(), "Target: 21")
	h.key("b")
	h.key("x") // the highlight is on seat 1
	assert.Contains(t, h.view(), "Highlight a bot's seat first.")
	h.keys("down", "x")
	assert.NotContains(t, h.view(), "[bot]")
	h.key("s")
	assert.NotContains(t, h.view(), "ada (you)")
	assert.True(t, strings.Contains(h.view(), "You are watching"))
}

// A key pressed on a screen the game has moved past is refused: the
// player reads why and sees the fresh state at once, without waiting for
// the table's update; pressed again, it applies.
func TestStaleSubmitShowsMessageAndRefetches(t *testing.T) {
	h, api, ada, tb := bobPlaysAda(t)
	ctx := context.Background()

	// Ada bids; the update for it has not reached bob's session yet.
	require.NoError(t, api.Act(ctx, ada, tb.ID, 0, testgame.Bid{Amount: 1}))
	assert.NotContains(t, h.view(), "Seat 1 bid 1.")

	h.keys("enter", "2", "enter")
	v := h.view()
	assert.Contains(t, v, "The game moved on: look again.")
	assert.Equal(t, 1, h.play().Version, "the screen refetched the state")
	assert.Contains(t, v, "Seat 1 bid 1.", "and shows it")
	assert.Equal(t, []bool{true, false}, h.play().View.(testgame.View).Committed)

	h.keys("enter", "2", "enter")
	assert.NotContains(t, h.view(), "The game moved on")
	assert.Equal(t, 2, h.play().Version)
	assert.Equal(t, []int64{1, 2}, h.play().View.(testgame.View).Bids)
}

// A player's own action shows at once: submit reloads the state, so a
// renderer that submits several actions for one decision (a count of
// builds) makes each on the version the previous one left instead of being
// refused as stale.
func TestSubmitReloadsTheStateAtOnce(t *testing.T) {
	h, api, ada, tb := bobPlaysAda(t)
	ctx := context.Background()

	require.NoError(t, h.m.submit(testgame.Bid{Amount: 2}))
	require.Equal(t, 1, h.play().Version, "no table update was delivered, yet the screen has the new state")
	require.NoError(t, api.Act(ctx, ada, tb.ID, 1, testgame.Bid{Amount: 1}), "the next action is made on version 1")
	gs, err := api.GameState(ctx, ada, tb.ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 2}, gs.View.(testgame.View).Bids)
}

// bobPlaysAda starts a two-player test game that ada hosts, with bob's
// session on its play screen at version 0.
func bobPlaysAda(t *testing.T) (*harness, *lobbytest.Lobby, *lobby.Account, lobby.Table) {
	t.Helper()
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	api.AddAccount("fp-bob", "bob")
	ctx := context.Background()
	tb, err := api.CreateTable(ctx, ada, lobby.PublicLobbyID, "testgame", 2, nil)
	require.NoError(t, err)
	h := start(t, api, Options{Fingerprint: "fp-bob", OpenTable: tb.ID})
	h.key("r")
	require.NoError(t, api.SetReady(ctx, ada, tb.ID, true))
	require.NoError(t, api.Start(ctx, ada, tb.ID))
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}}}})
	require.Equal(t, screenPlay, h.m.screen)
	require.Equal(t, 0, h.play().Version)
	return h, api, ada, tb
}

// adaPlaysABot opens a test-game table for ada, adds a bot, gets ready and
// starts: her session is on the play screen.
func adaPlaysABot(t *testing.T) (*harness, *lobbytest.Lobby) {
	t.Helper()
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	openNewTable(t, h)
	h.keys("b", "r", "S")
	require.Equal(t, screenPlay, h.m.screen)
	return h, api
}
