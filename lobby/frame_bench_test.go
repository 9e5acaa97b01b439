package lobby_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// BenchmarkActionFanout is one action at a 4-player Unipoly table watched
// by the 4 players and N spectators, up to every session holding the
// state it draws next. "reload" is how sessions worked before the states
// travelled with the update (each session read GameState after every
// table update); "carried" takes the state from the update. builds/op
// counts GameStates built per action, the figure that grows with the
// number of watchers.
func BenchmarkActionFanout(b *testing.B) {
	for _, n := range []int{0, 10, 100} {
		for _, mode := range []string{"reload", "carried"} {
			b.Run(fmt.Sprintf("spectators=%d/%s", n, mode), func(b *testing.B) {
				benchFanout(b, n, mode == "reload")
			})
		}
	}
}

func benchFanout(b *testing.B, spectators int, reload bool) {
	e := newEnvWith(b, lobby.Config{}, unipoly.Definition{})
	var players []*lobby.Account
	for i := range 4 {
		players = append(players, e.player(fmt.Sprintf("player%d", i)))
	}
	accs := append([]*lobby.Account(nil), players...)
	for i := range spectators {
		accs = append(accs, e.player(fmt.Sprintf("spec%d", i)))
	}
	var (
		id int64
		ws []watcher
	)
	newTable := func() {
		for _, w := range ws {
			w.sub.Close()
		}
		tb, err := e.svc.CreateTable(e.ctx, players[0], lobby.PublicLobbyID, unipoly.ID, 4, nil)
		require.NoError(b, err)
		for _, p := range players[1:] {
			_, err := e.svc.Sit(e.ctx, p, tb.ID, -1)
			require.NoError(b, err)
			require.NoError(b, e.svc.SetReady(e.ctx, p, tb.ID, true))
		}
		require.NoError(b, e.svc.Start(e.ctx, players[0], tb.ID))
		id = tb.ID
		ws = e.watchTable(id, accs...)
	}
	newTable()
	// Each player's screen, as their session holds it.
	screens := make([]lobby.GameState, len(players))
	for i, p := range players {
		screens[i] = e.state(p, id)
	}
	b.ReportAllocs()
	b.ResetTimer()
	before := e.svc.StateBuilds()
	for range b.N {
		st := screens[0]
		if st.Outcome.Finished {
			b.StopTimer()
			newTable()
			for i, p := range players {
				screens[i] = e.state(p, id)
			}
			b.StartTimer()
			st = screens[0]
		}
		seat := st.Prompt.Waiting[0].Seat
		mine := screens[seat]
		require.NoError(b, e.svc.Act(e.ctx, players[seat], id, mine.Version, mine.Prompt.Waiting[0].Default))
		for _, w := range ws {
			var got *lobby.GameState
			for _, u := range drain(w.sub) {
				if u.Topic.Kind == lobby.TopicTable && u.Topic.ID == id {
					got = u.State
				}
			}
			if reload || got == nil {
				s, err := e.svc.GameState(e.ctx, w.acc, id)
				require.NoError(b, err)
				got = &s
			}
			if i := got.Seat; i >= 0 {
				screens[i] = *got
			}
		}
	}
	b.ReportMetric(float64(e.svc.StateBuilds()-before)/float64(b.N), "builds/op")
}
