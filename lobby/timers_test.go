package lobby_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestTurnTimerLapsesAndAFK(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, id := e.twoWatching(30, nil)

	st := e.state(ada, id)
	require.Equal(t, start.Add(30*time.Second), st.Deadline)
	e.clock.Advance(10 * time.Second)
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 3}))
	require.Equal(t, start.Add(30*time.Second), e.state(bob, id).Deadline, "bob's deadline did not move")
	e.clock.Advance(19 * time.Second)
	require.Equal(t, 1, e.state(ada, id).Version)
	e.clock.Advance(time.Second)
	st = e.state(ada, id)
	require.Equal(t, 2, st.Version, "bob's default bid was applied when his timer lapsed")
	require.Equal(t, []int64{3, 0}, st.View.(testgame.View).Bids)
	require.True(t, st.Prompt.Awaits(0))
	require.Equal(t, e.clock.Now().Add(30*time.Second), st.Deadline, "ada's turn has a fresh deadline")

	// Ada lapses three times in a row (bob acts in between): she is flagged away.
	for lapse := 1; lapse <= 3; lapse++ {
		require.False(t, e.tableOf(ada, id).Seats[0].Away)
		e.clock.Advance(30 * time.Second)
		st = e.state(bob, id)
		require.True(t, st.Prompt.Awaits(1), "ada's default add was applied (lapse %d)", lapse)
		require.Equal(t, "ada added 1; total "+strconv.Itoa(2*lapse-1)+".", lastKind(st, "add"))
		require.NoError(t, e.act(bob, id, testgame.Add{N: 1}))
	}
	tb2 := e.tableOf(ada, id)
	require.True(t, tb2.Seats[0].Away)
	require.True(t, tb2.Seats[0].Connected)
	st = e.state(ada, id)
	require.True(t, st.Prompt.Awaits(1), "ada's default was applied at once")
	require.Equal(t, "ada added 1; total 7.", lastKind(st, "add"), "a default, not a bot's choice")
	require.Equal(t, "ada missed 3 turns in a row; their seat takes only its default actions until they act again.", lastKind(st, "away"))
	v := st.Version

	// Ada takes her seat back; the next turn waits for her again.
	seat, err := e.svc.Sit(e.ctx, ada, id, -1)
	require.NoError(t, err)
	require.Equal(t, 0, seat)
	require.False(t, e.tableOf(ada, id).Seats[0].Away)
	require.NoError(t, e.act(bob, id, testgame.Add{N: 1}))
	st = e.state(ada, id)
	require.Equal(t, v+1, st.Version)
	require.True(t, st.Prompt.Awaits(0))
	require.NoError(t, e.act(ada, id, testgame.Add{N: 1}))

	// Every lapse is in the action log like any other action.
	rows := e.query(`SELECT COUNT(*) FROM actions WHERE game_id = ?`, id)
	require.True(t, rows.Next())
	var n int
	require.NoError(t, rows.Scan(&n))
	require.NoError(t, rows.Close())
	require.Equal(t, e.state(ada, id).Version, n)
}

func TestAwayAfterDisconnectAndReturn(t *testing.T) {
	e := newEnv(t, lobby.Config{AwayAfter: time.Minute})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.table(ada, 2, map[string]string{"target": "30"})
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 0), "away seats only: no turn timer")
	_, err := e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	watch := lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}
	as := e.svc.Subscribe(ada)
	defer as.Close()
	as.Watch(watch)
	bs := e.svc.Subscribe(bob)
	bs.Watch(watch)
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 3}))

	// A short drop marks bob away at once (the others see it), and his
	// seat waits for him: nothing is played for him.
	bs.Close()
	got := e.tableOf(ada, tb.ID)
	require.False(t, got.Seats[1].Connected)
	require.True(t, got.Seats[1].Away, "away at once, not only after AwayAfter")
	require.Equal(t, "bob disconnected; their seat waits for them.", lastKind(e.state(ada, tb.ID), "away"))
	e.clock.Advance(30 * time.Second)
	require.Equal(t, 1, e.state(ada, tb.ID).Version)
	bs = e.svc.Subscribe(bob)
	bs.Watch(watch)
	require.False(t, e.tableOf(ada, tb.ID).Seats[1].Away, "the marker goes when he is back")
	require.Equal(t, "bob is back.", lastKind(e.state(ada, tb.ID), "back"))
	e.clock.Advance(2 * time.Minute)
	require.Equal(t, 1, e.state(ada, tb.ID).Version)

	// A long one lets his seat take its default actions (C-7), not a bot's.
	bs.Close()
	e.clock.Advance(59 * time.Second)
	require.Equal(t, 1, e.state(ada, tb.ID).Version, "the seat waits until AwayAfter")
	e.clock.Advance(time.Second)
	got = e.tableOf(ada, tb.ID)
	require.True(t, got.Seats[1].Away)
	require.False(t, got.Seats[1].BotPlays)
	st := e.state(ada, tb.ID)
	require.Equal(t, 2, st.Version, "bob's default bid was applied")
	require.Equal(t, []int64{3, 0}, st.View.(testgame.View).Bids, "the default bid is 0")
	require.Equal(t, "bob has been away for 1m0s; their seat takes only its default actions (nothing that spends money) until they return.", lastKind(st, "away"))
	require.NoError(t, e.act(ada, tb.ID, testgame.Add{N: 1}))
	st = e.state(ada, tb.ID)
	require.Equal(t, 4, st.Version, "bob's default answered ada's move")
	require.Equal(t, "bob added 1; total 2.", lastKind(st, "add"))
	require.True(t, st.Prompt.Awaits(0))

	// Bob comes back: watching the table gives him his seat again.
	bs = e.svc.Subscribe(bob)
	defer bs.Close()
	bs.Watch(watch)
	require.False(t, e.tableOf(ada, tb.ID).Seats[1].Away)
	require.Equal(t, "bob is back.", lastKind(e.state(ada, tb.ID), "back"))
	require.NoError(t, e.act(ada, tb.ID, testgame.Add{N: 1}))
	st = e.state(bob, tb.ID)
	require.Equal(t, 5, st.Version)
	require.True(t, st.Prompt.Awaits(1), "the game waits for bob now")

	// Standing up during a game keeps the seat; it takes its defaults at once.
	require.NoError(t, e.svc.Stand(e.ctx, bob, tb.ID))
	got = e.tableOf(ada, tb.ID)
	require.Equal(t, 1, got.SeatOf(bob.ID))
	require.True(t, got.Seats[1].Away)
	require.Equal(t, 6, e.state(ada, tb.ID).Version)
}

func lastKind(st lobby.GameState, kind string) string {
	for i := len(st.Log.All()) - 1; i >= 0; i-- {
		if st.Log.All()[i].Kind == kind {
			return st.Log.All()[i].Text
		}
	}
	return ""
}
