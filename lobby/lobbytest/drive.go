package lobbytest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// Drivers of real test games (engine/testgame) on a real lobby, shared by
// the tests of the live lobby and of lobby/results: both need finished
// games, and writing them twice would let the two drift. They call require,
// so they run on the test goroutine only.

// Player creates (or finds) the account with the handle, whose key
// fingerprint is "SHA256:key-of-" + handle.
func Player(t testing.TB, api lobby.API, handle string) *lobby.Account {
	t.Helper()
	acc, err := api.SetHandle(context.Background(), "SHA256:key-of-"+handle, handle)
	require.NoError(t, err)
	return acc
}

// StartTestGame opens a testgame table in a lobby for the host, the players
// (seated and ready in order) and bots, starts it and returns its id.
func StartTestGame(t testing.TB, api lobby.API, lobbyID int64, host *lobby.Account, players []*lobby.Account,
	bots int, opts map[string]string) int64 {
	t.Helper()
	ctx := context.Background()
	tb := TestTable(t, api, lobbyID, host, 1+len(players)+bots, opts)
	for _, p := range players {
		_, err := api.Sit(ctx, p, tb.ID, -1)
		require.NoError(t, err)
		require.NoError(t, api.SetReady(ctx, p, tb.ID, true))
	}
	for range bots {
		require.NoError(t, api.AddBot(ctx, host, tb.ID))
	}
	require.NoError(t, api.Start(ctx, host, tb.ID))
	return tb.ID
}

// State is the game at a table as the viewer sees it.
func State(t testing.TB, api lobby.API, viewer *lobby.Account, tableID int64) lobby.GameState {
	t.Helper()
	st, err := api.GameState(context.Background(), viewer, tableID)
	require.NoError(t, err)
	return st
}

// Act is acc's action made on a screen read just before it.
func Act(api lobby.API, acc *lobby.Account, tableID int64, a engine.Action) error {
	ctx := context.Background()
	st, err := api.GameState(ctx, acc, tableID)
	if err != nil {
		return err
	}
	return api.Act(ctx, acc, tableID, st.Version, a)
}

// Move is a legal testgame action for the viewer now, or nil: bids bid 1,
// adds add n.
func Move(st lobby.GameState, n int64) engine.Action {
	for _, a := range st.Legal {
		switch a.(type) {
		case testgame.Bid:
			return testgame.Bid{Amount: 1}
		case testgame.Add:
			return testgame.Add{N: n}
		}
	}
	return nil
}

// PlayOut has the human players act (adding n) until the game ends.
func PlayOut(t testing.TB, api lobby.API, tableID int64, n int64, players ...*lobby.Account) {
	t.Helper()
	for range 200 {
		acted := false
		for _, p := range players {
			st := State(t, api, p, tableID)
			if st.Outcome.Finished {
				return
			}
			if a := Move(st, n); a != nil {
				require.NoError(t, Act(api, p, tableID, a))
				acted = true
			}
		}
		if !acted {
			t.Fatalf("nobody can act at table %d: %+v", tableID, State(t, api, players[0], tableID).Prompt)
		}
	}
	t.Fatalf("the game at table %d did not end", tableID)
}

// WinGame plays a two-player testgame in the lobby that winner wins, and
// returns its table: both bid (the winner more, so the winner starts), then
// the winner adds up to 3 a turn and the loser 1 until the winner reaches
// the target.
func WinGame(t testing.TB, api lobby.API, lobbyID int64, winner, loser *lobby.Account) int64 {
	t.Helper()
	id := StartTestGame(t, api, lobbyID, winner, []*lobby.Account{loser}, 0, nil)
	require.NoError(t, Act(api, winner, id, testgame.Bid{Amount: 3}))
	require.NoError(t, Act(api, loser, id, testgame.Bid{Amount: 0}))
	for range 20 {
		st := State(t, api, winner, id)
		if st.Outcome.Finished {
			return id
		}
		v := st.View.(testgame.View)
		if v.Turn == st.Seat {
			require.NoError(t, Act(api, winner, id, testgame.Add{N: min(3, v.Target-v.Total)}))
		} else {
			require.NoError(t, Act(api, loser, id, testgame.Add{N: 1}))
		}
	}
	t.Fatalf("game %d did not end", id)
	return 0
}

// TestTable opens a forming testgame table in a lobby, hosted by host.
func TestTable(t testing.TB, api lobby.API, lobbyID int64, host *lobby.Account, seats int, opts map[string]string) lobby.Table {
	t.Helper()
	tb, err := api.CreateTable(context.Background(), host, lobbyID, testgame.ID, seats, opts)
	require.NoError(t, err)
	return tb
}

// JSON is v as JSON, for comparing what a session would be sent.
func JSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
