package lobby_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestRestartSurvival(t *testing.T) {
	e := newEnv(t, lobby.Config{BotDelay: 700 * time.Millisecond})
	ada, bob := e.player("ada"), e.player("bob")

	// A private lobby with a forming table, and a game in progress.
	team, err := e.svc.CreateLobby(e.ctx, ada, "Night Owls")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	forming, err := e.svc.CreateTable(e.ctx, ada, team.ID, testgame.ID, 3, map[string]string{"target": "21"})
	require.NoError(t, err)
	require.NoError(t, e.svc.SetTurnTimer(e.ctx, ada, forming.ID, 120))
	_, err = e.svc.Sit(e.ctx, bob, forming.ID, 2)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetReady(e.ctx, bob, forming.ID, true))
	require.NoError(t, e.svc.AddBot(e.ctx, ada, forming.ID))

	game := e.startWith(ada, []*lobby.Account{bob}, 1, nil)
	require.NoError(t, e.act(ada, game.ID, testgame.Bid{Amount: 2}))
	require.NoError(t, e.act(bob, game.ID, testgame.Bid{Amount: 3}))
	// The bot's bid is due in 700ms when the server goes down.

	before := map[string]any{}
	snap := func(m map[string]any) {
		m["forming"] = e.tableOf(bob, forming.ID)
		m["members"], err = e.svc.Members(e.ctx, bob, team.ID)
		require.NoError(t, err)
		m["lobbies"], err = e.svc.Lobbies(e.ctx, bob)
		require.NoError(t, err)
		for name, viewer := range map[string]*lobby.Account{"ada": ada, "bob": bob, "guest": nil} {
			m["state-"+name] = readAlike(e.state(viewer, game.ID))
		}
	}
	snap(before)
	require.Equal(t, 2, before["state-ada"].(lobby.GameState).Version)

	e.restart()

	after := map[string]any{}
	snap(after)
	for k := range before {
		require.Equal(t, before[k], after[k], k)
	}

	// The game goes on: the bot's pending move resumes on the clock, then
	// the players play it out.
	for _, p := range []*lobby.Account{ada, bob} {
		sub := e.svc.Subscribe(p)
		defer sub.Close()
		sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: game.ID})
	}
	e.clock.Advance(700 * time.Millisecond)
	st := e.state(bob, game.ID)
	require.Equal(t, 3, st.Version)
	require.True(t, st.Prompt.Awaits(1), "bob bid highest and starts")
	for range 100 {
		st = e.state(ada, game.ID)
		if st.Outcome.Finished {
			break
		}
		for _, p := range []*lobby.Account{ada, bob} {
			if a := move(e.state(p, game.ID), 1); a != nil {
				require.NoError(t, e.act(p, game.ID, a))
			}
		}
		e.clock.Advance(700 * time.Millisecond)
	}
	require.True(t, st.Outcome.Finished)

	// The forming table can still start.
	require.NoError(t, e.svc.Start(e.ctx, ada, forming.ID))
}

// flakyStore fails chosen writes.
type flakyStore struct {
	*db.Store
	failAppend atomic.Bool
	failFinish atomic.Bool
	failSave   atomic.Bool
}

func (f *flakyStore) SaveTable(ctx context.Context, r lobby.TableRecord) error {
	if f.failSave.Load() {
		return errDisk
	}
	return f.Store.SaveTable(ctx, r)
}

var errDisk = errors.New("disk on fire")

func (f *flakyStore) AppendAction(ctx context.Context, id int64, r lobby.ActionRecord) error {
	if f.failAppend.Load() {
		return errDisk
	}
	return f.Store.AppendAction(ctx, id, r)
}

func (f *flakyStore) FinishGame(ctx context.Context, end lobby.GameEnd) error {
	if f.failFinish.Load() {
		return errDisk
	}
	return f.Store.FinishGame(ctx, end)
}

func TestStoreFailuresRollBackAndRecover(t *testing.T) {
	e, flaky, _ := flakyEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 1}))
	before := e.state(bob, tb.ID)

	flaky.failAppend.Store(true)
	err := e.act(bob, tb.ID, testgame.Bid{Amount: 2})
	require.ErrorIs(t, err, lobby.ErrStorage)
	require.Equal(t, before, e.state(bob, tb.ID), "the refused write left the game as it was")
	flaky.failAppend.Store(false)
	require.NoError(t, e.act(bob, tb.ID, testgame.Bid{Amount: 2}))
	require.Equal(t, 2, e.state(bob, tb.ID).Version)

	// The end of the game fails to store; the next start finishes it.
	flaky.failFinish.Store(true)
	require.NoError(t, e.act(bob, tb.ID, testgame.Resign{}))
	require.True(t, e.state(ada, tb.ID).Outcome.Finished)
	rows := e.query(`SELECT status FROM games WHERE id = ?`, tb.ID)
	require.True(t, rows.Next())
	var status string
	require.NoError(t, rows.Scan(&status))
	require.NoError(t, rows.Close())
	require.Equal(t, lobby.TablePlaying, status)

	e.restart()
	require.Equal(t, lobby.TableFinished, e.tableOf(ada, tb.ID).Status)
	rows = e.query(`SELECT COUNT(*) FROM results WHERE game_id = ?`, tb.ID)
	require.True(t, rows.Next())
	var n int
	require.NoError(t, rows.Scan(&n))
	require.NoError(t, rows.Close())
	require.Equal(t, 2, n)
}
