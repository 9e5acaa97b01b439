package lobby_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// watcher is one session watching a table: its account (nil: a guest) and
// its subscription.
type watcher struct {
	acc *lobby.Account
	sub lobby.Subscription
}

// watchTable subscribes each account to the table and drains what the
// watching itself published.
func (e *env) watchTable(id int64, accs ...*lobby.Account) []watcher {
	e.t.Helper()
	ws := make([]watcher, len(accs))
	for i, a := range accs {
		ws[i] = watcher{acc: a, sub: e.svc.Subscribe(a)}
		ws[i].sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: id})
		e.t.Cleanup(ws[i].sub.Close)
	}
	for _, w := range ws {
		drain(w.sub)
	}
	return ws
}

// tableState is the one table update a watcher got since the last drain,
// with its state.
func tableState(t *testing.T, w watcher, id int64) *lobby.GameState {
	t.Helper()
	var got []*lobby.GameState
	for _, u := range drain(w.sub) {
		if u.Topic.Kind == lobby.TopicTable && u.Topic.ID == id {
			got = append(got, u.State)
		}
	}
	require.Len(t, got, 1, "one table update per change")
	require.NotNil(t, got[0], "the update carries the viewer's state")
	return got[0]
}

// TestOneStateBuildPerViewerClass: after an action at a table of 4 players
// watched by 4 spectators and 2 guests (and a second session of one
// player), the table builds 5 states: one per seat and one that every
// spectator and guest shares. Each session's state equals what GameState
// returns to its viewer.
func TestOneStateBuildPerViewerClass(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd, dan := e.player("ada"), e.player("bob"), e.player("cyd"), e.player("dan")
	tb := e.startWith(ada, []*lobby.Account{bob, cyd, dan}, 0, nil)
	players := []*lobby.Account{ada, bob, cyd, dan}
	var specs []*lobby.Account
	for i := range 4 {
		specs = append(specs, e.player(fmt.Sprintf("spec%d", i)))
	}
	ws := e.watchTable(tb.ID, append(append(append([]*lobby.Account{}, players...), ada), append(specs, nil, nil)...)...)

	before := e.svc.StateBuilds()
	st := e.state(ada, tb.ID) // the screen ada acts on
	require.NoError(t, e.svc.Act(e.ctx, ada, tb.ID, st.Version, testgame.Bid{Amount: 2}))
	require.Equal(t, int64(1+5), e.svc.StateBuilds()-before, "ada's read, then 4 seats + 1 spectators' class")

	got := make([]*lobby.GameState, len(ws))
	for i, w := range ws {
		got[i] = tableState(t, w, tb.ID)
		require.Equal(t, e.state(w.acc, tb.ID), *got[i], "session %d", i)
		require.Equal(t, st.Version+1, got[i].Version)
	}
	for i := 0; i < 4; i++ {
		require.Equal(t, i, got[i].Seat, "each player gets their own seat's state")
	}
	require.Same(t, got[0], got[4], "two sessions of one player share their seat's state")
	for _, g := range got[5:] {
		require.Same(t, got[5], g, "spectators and guests share one state")
		require.Equal(t, engine.Spectator, g.Seat)
	}
}

// TestPrivateStateNeverCrossesClasses: in the sealed bidding of the test
// game each seat knows its own secret card and whether it bid; no session
// receives the state of another seat, and spectators see no secret.
func TestPrivateStateNeverCrossesClasses(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd, eve := e.player("ada"), e.player("bob"), e.player("cyd"), e.player("eve")
	tb := e.startWith(ada, []*lobby.Account{bob, cyd}, 0, nil)
	ws := e.watchTable(tb.ID, ada, bob, cyd, eve, nil)
	for i, p := range []*lobby.Account{ada, bob} {
		require.NoError(t, e.act(p, tb.ID, testgame.Bid{Amount: int64(i + 1)}))
		secrets := map[int64]int{}
		for j, w := range ws {
			got := tableState(t, w, tb.ID)
			v := got.View.(testgame.View)
			if j < 3 {
				require.Equal(t, j, got.Seat)
				require.Equal(t, j, v.Viewer, "seat %d got another viewer's view", j)
				require.Equal(t, e.state(w.acc, tb.ID), *got)
				secrets[v.MySecret]++
				continue
			}
			require.Equal(t, engine.Spectator, got.Seat)
			require.Zero(t, v.MySecret, "a spectator sees no secret card")
			require.Nil(t, v.Secrets)
			require.Empty(t, got.Legal)
		}
		require.NotContains(t, secrets, int64(0), "every seat sees its own card")
	}
}
