package results_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// spectated is what a spectator's screen showed at one moment.
type spectated struct {
	View    string
	Log     []lobby.LogLine
	Prompt  engine.Prompt
	Outcome engine.Outcome
	Version int
	Round   int
	Seats   []string
}

func spectate(t *testing.T, st lobby.GameState) spectated {
	t.Helper()
	v, err := json.Marshal(st.View)
	require.NoError(t, err)
	out := spectated{View: string(v), Log: st.Log.All(), Prompt: st.Prompt, Outcome: st.Outcome, Version: st.Version,
		Round: st.Table.Round}
	for _, s := range st.Table.Seats {
		out.Seats = append(out.Seats, s.Handle)
	}
	return out
}

// TestReplayShowsWhatTheLiveGameShowed records a guest spectator's state
// after every action of a live game (sealed bids included), then replays
// every step and compares.
func TestReplayShowsWhatTheLiveGameShowed(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cat := e.player("ada"), e.player("bob"), e.player("cat")
	id := e.startIn(lobby.PublicLobbyID, ada, []*lobby.Account{bob, cat}, 0)
	st, err := e.svc.GameState(e.ctx, nil, id)
	require.NoError(t, err)
	live := []spectated{spectate(t, st)}
	rounds := map[int]int{1: 0}
	players := []*lobby.Account{ada, bob, cat}
	for step := 0; !st.Outcome.Finished; step++ {
		require.Less(t, step, 100)
		acted := false
		for i, p := range players {
			ps := e.state(p, id)
			if len(ps.Legal) == 0 {
				continue
			}
			var a engine.Action = testgame.Add{N: 1 + int64(step%2)}
			switch {
			case ps.Legal[0].Kind() == "bid":
				a = testgame.Bid{Amount: int64(i)}
			case step == 6 && i == 2:
				a = testgame.Resign{}
			}
			require.NoError(t, e.act(p, id, a))
			acted = true
			break
		}
		require.True(t, acted)
		st, err = e.svc.GameState(e.ctx, nil, id)
		require.NoError(t, err)
		live = append(live, spectate(t, st))
		if _, ok := rounds[st.Table.Round]; !ok {
			rounds[st.Table.Round] = st.Version
		}
	}
	require.Greater(t, len(rounds), 2, "the game lasted a few rounds")

	for step, want := range live {
		f, err := e.res.Replay(e.ctx, nil, id, step)
		require.NoError(t, err)
		require.Equal(t, step, f.Step)
		require.Equal(t, len(live)-1, f.Steps)
		require.Equal(t, engine.Spectator, f.State.Seat)
		require.Nil(t, f.State.Legal)
		require.Equal(t, want.Round, f.Round)
		require.Equal(t, lobby.TableFinished, f.State.Table.Status)
		require.Equal(t, want, spectate(t, f.State), "step %d", step)
	}
	mid, err := e.res.Replay(e.ctx, nil, id, 1)
	require.NoError(t, err)
	require.Nil(t, mid.State.View.(testgame.View).Secrets, "no secret shows during the game")
	require.Contains(t, mid.State.Log.All()[len(mid.State.Log.All())-1].Text, "ada committed a bid.")
	last, err := e.res.Replay(e.ctx, nil, id, 1000)
	require.NoError(t, err)
	require.Equal(t, last.Steps, last.Step, "steps past the end show the end")
	require.Len(t, last.State.View.(testgame.View).Secrets, 3, "the end reveals what the game reveals")
	first, err := e.res.Replay(e.ctx, nil, id, -5)
	require.NoError(t, err)
	require.Zero(t, first.Step)

	for round, step := range rounds {
		got, err := e.res.ReplayRoundStart(e.ctx, nil, id, round)
		require.NoError(t, err)
		require.Equal(t, step, got, "round %d", round)
	}
	_, err = e.res.ReplayRoundStart(e.ctx, nil, id, 99)
	require.ErrorIs(t, err, lobby.ErrNotFound)

	// The same after a restart, from the store alone.
	e.restart()
	for step, want := range live {
		f, err := e.res.Replay(e.ctx, bob, id, step)
		require.NoError(t, err)
		require.Equal(t, want, spectate(t, f.State), "step %d after restart", step)
	}
}

func TestReplayNeedsAFinishedGame(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	id := e.startIn(lobby.PublicLobbyID, ada, []*lobby.Account{bob}, 0)
	_, err := e.res.Replay(e.ctx, ada, id, 0)
	require.ErrorIs(t, err, lobby.ErrNoResult)
	_, err = e.res.Replay(e.ctx, ada, 4242, 0)
	require.ErrorIs(t, err, lobby.ErrNoResult)
	_, err = e.res.ReplayRoundStart(e.ctx, ada, id, 1)
	require.ErrorIs(t, err, lobby.ErrNoResult)
}
