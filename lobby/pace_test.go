package lobby_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// dailyGame starts a two-player daily test game (24 hours a move) whose
// players are not connected at all.
func (e *env) dailyGame() (ada, bob *lobby.Account, id int64) {
	e.t.Helper()
	ada, bob = e.player("ada"), e.player("bob")
	tb := e.table(ada, 2, target30)
	require.NoError(e.t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, lobby.Pace24h))
	_, err := e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(e.t, err)
	require.NoError(e.t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(e.t, e.svc.Start(e.ctx, ada, tb.ID))
	return ada, bob, tb.ID
}

// TestC13_DailyTableWaitsForTheDeadlineAcrossARestart: at a daily table
// nobody needs to stay connected: after an hour away no seat took a
// default (a live table's seat would after a minute); the deadline runs
// from when the decision opened, so a restart 20 hours in does not extend
// it; at the deadline the C-7 default applies.
func TestC13_DailyTableWaitsForTheDeadlineAcrossARestart(t *testing.T) {
	e := newEnv(t, lobby.Config{AwayAfter: time.Minute})
	ada, bob, id := e.dailyGame()
	st := e.state(ada, id)
	require.Equal(t, 24*time.Hour, st.Deadline.Sub(start), "the sealed bid waits a day")
	seat := e.tableOf(ada, id).Seats[0]
	require.True(t, seat.Awaited && !seat.Connected && !seat.Away, "nobody connected, nobody away: %+v", seat)

	e.clock.Advance(time.Hour)
	require.Equal(t, 0, e.state(ada, id).Version, "an hour away: no default taken")
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 2}))

	e.clock.Advance(19 * time.Hour)
	e.restart()
	// The bid that opened before the restart rang then: the first change
	// at the table after it rings nobody again.
	bs := e.svc.Subscribe(bob)
	defer bs.Close()
	require.NoError(t, e.svc.Spectate(e.ctx, e.player("cyd"), id, true))
	require.Zero(t, bells(drain(bs), id), "no second bell for a decision opened before the restart")
	st = e.state(bob, id)
	require.Equal(t, start.Add(24*time.Hour), st.Deadline, "bob's bid keeps the deadline it had before the restart")
	e.clock.Advance(3*time.Hour + 59*time.Minute)
	require.True(t, e.state(bob, id).Prompt.Awaits(1), "a minute before the deadline bob's bid still waits")
	e.clock.Advance(2 * time.Minute)
	st = e.state(bob, id)
	require.False(t, st.Prompt.Awaits(1) && st.Prompt.Phase == "bid", "the deadline lapsed: bob's default bid was made")
	require.Equal(t, 2, st.Version)
}

// TestC13_DailyTablesHaveTheirOwnCap: daily tables do not count against
// the live-table cap, and have their own.
func TestC13_DailyTablesHaveTheirOwnCap(t *testing.T) {
	e := newEnv(t, lobby.Config{MaxTablesPerAccount: 1, MaxDailyTablesPerAccount: 1})
	ada := e.player("ada")
	daily := e.table(ada, 2, nil)
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, daily.ID, lobby.Pace72h))
	live := e.table(ada, 2, nil) // the live cap of 1 is still free
	require.ErrorIs(t, e.svc.SetTurnTimer(e.ctx, ada, live.ID, lobby.Pace12h), lobby.ErrTooManyGames, "the daily cap of 1 is full")
	_, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.ErrorIs(t, err, lobby.ErrTooManyGames, "the live cap of 1 is full")
}
