package lobby_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// newUnipolyEnv is newEnv with Unipoly registered too: its minutes:M end
// mode is the engine.TimeLimited game the lobby schedules. Its games are
// fixed by lobbytest.Seeds, as every env's are.
func newUnipolyEnv(t *testing.T, sealKey ...byte) *env {
	t.Helper()
	return newEnvWith(t, lobby.Config{SealKey: sealKey}, testgame.Definition{}, unipoly.Definition{})
}

// timedGame starts a two-seat Unipoly game of ada against a bot with a
// 30-minute limit; ada watches it, so she is never away. Bots move at once,
// so the game waits for ada when Start returns.
func (e *env) timedGame(ada *lobby.Account) int64 {
	e.t.Helper()
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, unipoly.ID, 2, map[string]string{"endMode": "minutes:30"})
	require.NoError(e.t, err)
	require.Equal(e.t, lobby.TurnTimerRules, tb.TurnTimer, "public tables follow C-7")
	require.NoError(e.t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 0), "these tests advance the clock by the time limit")
	require.NoError(e.t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(e.t, e.svc.Start(e.ctx, ada, tb.ID))
	e.watch(ada, tb.ID)
	st := e.state(ada, tb.ID)
	require.True(e.t, st.Prompt.Awaits(0), "the game waits for ada")
	require.Equal(e.t, 30, (*engine.ViewOf[opoly.View](st.View)).TimeLimit)
	require.False(e.t, (*engine.ViewOf[opoly.View](st.View)).TimeUp)
	return tb.ID
}

func (e *env) watch(acc *lobby.Account, id int64) {
	e.t.Helper()
	sub := e.svc.Subscribe(acc)
	e.t.Cleanup(sub.Close)
	sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: id})
}

func timeUp(st lobby.GameState) bool { return (*engine.ViewOf[opoly.View](st.View)).TimeUp }

// tableActions returns the seats and actions of the table's stored log.
func (e *env) tableActions(id int64) (seats []int, actions []string) {
	e.t.Helper()
	rows := e.query(`SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq`, id)
	defer rows.Close()
	for rows.Next() {
		var seat int
		var a string
		require.NoError(e.t, rows.Scan(&seat, &a))
		seats, actions = append(seats, seat), append(actions, a)
	}
	require.NoError(e.t, rows.Err())
	return seats, actions
}

// playDefaults has acc play its prompt's default action until the game ends.
func (e *env) playDefaults(acc *lobby.Account, id int64) lobby.GameState {
	e.t.Helper()
	for range 500 {
		st := e.state(acc, id)
		if st.Outcome.Finished {
			return st
		}
		require.True(e.t, st.Prompt.Awaits(st.Seat), "bots wait on %s: %+v", acc.Handle, st.Prompt)
		for _, w := range st.Prompt.Waiting {
			if w.Seat == st.Seat {
				require.NoError(e.t, e.act(acc, id, w.Default))
				break
			}
		}
	}
	e.t.Fatalf("the game at table %d did not end", id)
	return lobby.GameState{}
}

func TestTimeLimitEndsTheGameAfterTheRound(t *testing.T) {
	e := newUnipolyEnv(t, key(1)...)
	ada := e.player("ada")
	id := e.timedGame(ada)
	v := e.state(ada, id).Version

	e.clock.Advance(29*time.Minute + 59*time.Second)
	st := e.state(ada, id)
	require.False(t, timeUp(st))
	require.Equal(t, v, st.Version)

	e.clock.Advance(time.Second)
	st = e.state(ada, id)
	require.True(t, timeUp(st), "the table called time at start + 30 minutes")
	require.Equal(t, v+1, st.Version)
	require.False(t, st.Outcome.Finished, "the round in progress is played out")
	require.True(t, st.Prompt.Awaits(0), "still ada's move")
	require.Equal(t, "Time is up after 30 minutes: the game ends after this round.", lastKind(st, "time_up"))
	round := st.Table.Round
	seats, actions := e.tableActions(id)
	require.Len(t, seats, v+1)
	require.Equal(t, engine.Table, seats[v], "stored like any action, by the table")
	require.JSONEq(t, `{"kind":"time_up"}`, actions[v])

	st = e.playDefaults(ada, id)
	require.Equal(t, "The time limit of 30 minutes was reached; the highest capital wins.", st.Outcome.Reason)
	require.Equal(t, lobby.TableFinished, st.Table.Status)
	require.LessOrEqual(t, st.Table.Round-round, 1, "the game ended with the round in progress")
	require.Zero(t, e.clock.Pending(), "no timer is left")

	// The finished game replays from its log, the table's action included.
	frame, err := e.res.Replay(e.ctx, ada, id, st.Version)
	require.NoError(t, err)
	require.Equal(t, st.Outcome, frame.State.Outcome)
}

func TestTimeLimitStopsWhenTheGameEndsFirst(t *testing.T) {
	e := newUnipolyEnv(t, key(1)...)
	ada := e.player("ada")
	id := e.timedGame(ada)
	require.NotZero(t, e.clock.Pending())
	st := e.state(ada, id)
	for !hasKind(st.Legal, "resign") { // an auction, say: bid the default first
		require.True(t, st.Prompt.Awaits(0))
		for _, w := range st.Prompt.Waiting {
			if w.Seat == 0 {
				require.NoError(t, e.act(ada, id, w.Default))
			}
		}
		st = e.state(ada, id)
	}
	require.NoError(t, e.act(ada, id, opoly.Resign{}))
	st = e.state(ada, id)
	require.True(t, st.Outcome.Finished)
	require.Zero(t, e.clock.Pending(), "the time limit was stopped with the game")
	e.clock.Advance(time.Hour)
	seats, _ := e.tableActions(id)
	require.NotContains(t, seats, engine.Table)
}

func TestTimeLimitIsNotArmedForOtherEndModes(t *testing.T) {
	e := newUnipolyEnv(t, key(1)...)
	ada := e.player("ada")
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, unipoly.ID, 2, map[string]string{"endMode": "rounds:10"})
	require.NoError(t, err)
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 0))
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	e.watch(ada, tb.ID)
	e.clock.Advance(2 * time.Hour)
	seats, _ := e.tableActions(tb.ID)
	require.NotContains(t, seats, engine.Table)
	require.True(t, e.state(ada, tb.ID).Prompt.Awaits(0))
}

func TestTimeLimitRunsAcrossARestart(t *testing.T) {
	e := newUnipolyEnv(t, key(1)...)
	ada := e.player("ada")
	id := e.timedGame(ada)
	e.clock.Advance(10 * time.Minute)
	e.restart()
	e.watch(ada, id)
	e.clock.Advance(19 * time.Minute)
	require.False(t, timeUp(e.state(ada, id)))
	e.clock.Advance(time.Minute)
	require.True(t, timeUp(e.state(ada, id)), "the limit counts from the game's start, not the restart")
}

func TestTimeLimitPassedDuringADowntimeLapsesAtOnce(t *testing.T) {
	e := newUnipolyEnv(t, key(1)...)
	ada := e.player("ada")
	id := e.timedGame(ada)
	e.close()
	e.clock.Advance(45 * time.Minute)
	e.open()
	e.watch(ada, id)
	require.False(t, timeUp(e.state(ada, id)))
	e.clock.Advance(0)
	st := e.state(ada, id)
	require.True(t, timeUp(st))
	require.False(t, st.Outcome.Finished)

	// A second restart replays the table's action and arms nothing.
	e.restart()
	e.watch(ada, id)
	st = e.state(ada, id)
	require.True(t, timeUp(st))
	e.clock.Advance(time.Hour)
	seats, _ := e.tableActions(id)
	n := 0
	for _, s := range seats {
		if s == engine.Table {
			n++
		}
	}
	require.Equal(t, 1, n)
	require.Equal(t, "The time limit of 30 minutes was reached; the highest capital wins.", e.playDefaults(ada, id).Outcome.Reason)
}

func TestTimeLimitOfAnImportedGame(t *testing.T) {
	e := newUnipolyEnv(t, key(1)...)
	ada := e.player("ada")
	id := e.timedGame(ada)
	before := e.export(ada, id)
	e.clock.Advance(30 * time.Minute)
	require.True(t, timeUp(e.state(ada, id)))
	after := e.export(ada, id)

	// A file whose log holds the table's action imports and plays out.
	d := newUnipolyEnv(t, key(1)...)
	dAda := d.player("ada")
	cp := d.importFile(dAda, after)
	d.watch(dAda, cp.ID)
	require.True(t, timeUp(d.state(dAda, cp.ID)))
	require.Zero(t, d.clock.Pending(), "time is up already: nothing to arm")
	require.Equal(t, "The time limit of 30 minutes was reached; the highest capital wins.", d.playDefaults(dAda, cp.ID).Outcome.Reason)

	// A game imported before its time is up gets the full limit from its import.
	f := newUnipolyEnv(t, key(1)...)
	fAda := f.player("ada")
	f.clock.Advance(time.Hour)
	cp = f.importFile(fAda, before)
	f.watch(fAda, cp.ID)
	f.clock.Advance(29 * time.Minute)
	require.False(t, timeUp(f.state(fAda, cp.ID)))
	f.clock.Advance(time.Minute)
	require.True(t, timeUp(f.state(fAda, cp.ID)))
}

func hasKind(legal []engine.Action, kind string) bool {
	for _, a := range legal {
		if a.Kind() == kind {
			return true
		}
	}
	return false
}
