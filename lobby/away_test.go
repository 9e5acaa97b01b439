package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// target30 makes the test game long enough for the away tests.
var target30 = map[string]string{"target": "30"}

// twoWatching starts a two-player test game with the given turn timer and
// options, whose players both watch the table.
func (e *env) twoWatching(timer int, opts map[string]string) (ada, bob *lobby.Account, id int64) {
	e.t.Helper()
	ada, bob = e.player("ada"), e.player("bob")
	tb := e.table(ada, 2, opts)
	require.NoError(e.t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, timer))
	_, err := e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(e.t, err)
	require.NoError(e.t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(e.t, e.svc.Start(e.ctx, ada, tb.ID))
	e.watch(ada, tb.ID)
	e.watch(bob, tb.ID)
	return ada, bob, tb.ID
}

func TestHandOverLetsABotPlayUntilThePlayerActs(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, id := e.twoWatching(0, target30)
	require.ErrorIs(t, e.svc.HandOver(e.ctx, e.player("cyd"), id, true), lobby.ErrNotSeated)

	// Bob hands his seat over during the sealed bids: the bot bids at once.
	require.NoError(t, e.svc.HandOver(e.ctx, bob, id, true))
	got := e.tableOf(ada, id)
	require.True(t, got.Seats[1].BotPlays)
	require.False(t, got.Seats[1].Away, "he is here; a bot plays by his choice")
	st := e.state(ada, id)
	require.Equal(t, "bob let a bot play for them until they act again.", lastKind(st, "handover"))
	require.Equal(t, 1, st.Version, "the bot bid for bob without waiting")

	// Ada plays on; each of bob's turns is the bot's, at once.
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 0}))
	botAdds := map[string]bool{}
	for range 6 {
		st = e.state(ada, id)
		if !st.Prompt.Awaits(0) {
			break
		}
		require.NoError(t, e.act(ada, id, testgame.Add{N: 1}))
		st = e.state(ada, id)
		require.True(t, st.Prompt.Awaits(0) || st.Outcome.Finished, "bob's bot answered at once")
		for _, l := range st.Log.All() {
			if strings.HasPrefix(l.Text, "bob added") {
				botAdds[strings.Fields(l.Text)[2]] = true
			}
		}
	}
	require.NotEqual(t, map[string]bool{"1;": true}, botAdds, "a bot's choices, not only the default add of 1")

	// Pressing the key again takes it back.
	require.NoError(t, e.svc.HandOver(e.ctx, bob, id, false))
	require.False(t, e.tableOf(ada, id).Seats[1].BotPlays)
	require.Equal(t, "bob takes their seat back from the bot.", lastKind(e.state(ada, id), "handover"))
}

func TestActTakesAHandedSeatBack(t *testing.T) {
	e := newEnv(t, lobby.Config{BotDelay: time.Second})
	ada, bob, id := e.twoWatching(0, target30)
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 0}))
	require.NoError(t, e.act(bob, id, testgame.Bid{Amount: 3}))
	require.True(t, e.state(bob, id).Prompt.Awaits(1), "bob's turn")
	// Bob hands over, then acts before the bot's move is due: his action
	// takes the seat back, and the bot does not move for him.
	require.NoError(t, e.svc.HandOver(e.ctx, bob, id, true))
	require.Error(t, e.act(ada, id, testgame.Add{N: 1}), "not ada's turn")
	require.NoError(t, e.act(bob, id, testgame.Add{N: 2}))
	got := e.tableOf(ada, id)
	require.False(t, got.Seats[1].BotPlays)
	require.Equal(t, "bob takes their seat back from the bot.", lastKind(e.state(ada, id), "handover"))
	require.NoError(t, e.act(ada, id, testgame.Add{N: 1}))
	e.clock.Advance(time.Minute)
	st := e.state(bob, id)
	require.True(t, st.Prompt.Awaits(1), "the game waits for bob himself")
	require.Equal(t, 4, st.Version, "two bids and two adds; nothing for the bot")

	// Handed again: the bot moves after its delay.
	require.NoError(t, e.svc.HandOver(e.ctx, bob, id, true))
	e.clock.Advance(time.Second)
	require.True(t, e.state(bob, id).Prompt.Awaits(0), "the bot played bob's turn")
}

func TestTurnTimerFollowsC7PerDecision(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, id := e.twoWatching(lobby.TurnTimerRules, target30)
	st := e.state(ada, id)
	require.True(t, st.Prompt.Simultaneous)
	require.Equal(t, start.Add(30*time.Second), st.Deadline, "a sealed bid: 30 s")
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 3}))
	require.NoError(t, e.act(bob, id, testgame.Bid{Amount: 0}))
	st = e.state(ada, id)
	require.True(t, st.Prompt.Awaits(0))
	require.Equal(t, start.Add(60*time.Second), st.Deadline, "an ordinary decision: 60 s")
	e.clock.Advance(59 * time.Second)
	require.True(t, e.state(ada, id).Prompt.Awaits(0))
	e.clock.Advance(time.Second)
	st = e.state(bob, id)
	require.True(t, st.Prompt.Awaits(1), "ada's default was applied at 60 s")
	require.Equal(t, "ada added 1; total 1.", lastKind(st, "add"))
}

func TestDefaultTurnTimers(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	require.Equal(t, lobby.TurnTimerRules, e.table(ada, 2, nil).TurnTimer, "public tables follow C-7")
	l, err := e.svc.CreateLobby(e.ctx, ada, "Team Room")
	require.NoError(t, err)
	tb, err := e.svc.CreateTable(e.ctx, ada, l.ID, testgame.ID, 2, nil)
	require.NoError(t, err)
	require.Equal(t, 0, tb.TurnTimer, "private tables start without a timer")
	require.True(t, lobby.ValidTurnTimer(lobby.TurnTimerRules))
	require.False(t, lobby.ValidTurnTimer(-2))
	for _, v := range lobby.TurnTimers() {
		require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, v))
		require.Equal(t, v, e.tableOf(ada, tb.ID).TurnTimer)
	}
	require.ErrorIs(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 45), lobby.ErrBadTimer)
	// The setting survives a restart (the store keeps it).
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, lobby.TurnTimerRules))
	e.restart()
	require.Equal(t, lobby.TurnTimerRules, e.tableOf(ada, tb.ID).TurnTimer)
}

func TestAbsentSeatGetsOnlyDefaultsWhileAHandedOneGetsTheBot(t *testing.T) {
	e := newEnv(t, lobby.Config{AwayAfter: time.Minute})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.table(ada, 2, map[string]string{"target": "30"})
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 0))
	_, err := e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	e.watch(ada, tb.ID)
	// Bob never watches: after AwayAfter his seat takes defaults only.
	e.clock.Advance(time.Minute)
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 0}))
	for range 5 {
		require.NoError(t, e.act(ada, tb.ID, testgame.Add{N: 1}))
	}
	st := e.state(ada, tb.ID)
	for _, l := range st.Log.All() {
		if strings.HasPrefix(l.Text, "bob added") {
			require.True(t, strings.HasPrefix(l.Text, "bob added 1;"), l.Text)
		}
	}
	require.Equal(t, []int64{0, 0}, st.View.(testgame.View).Bids)
}
