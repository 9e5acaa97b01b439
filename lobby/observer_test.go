package lobby_test

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// recordingObserver keeps what the lobby reported.
type recordingObserver struct {
	mu      sync.Mutex
	actions map[string]int // by game/actor
	thought map[string]int // by game
	neg     int            // negative durations seen
}

func newRecordingObserver() *recordingObserver {
	return &recordingObserver{actions: map[string]int{}, thought: map[string]int{}}
}

func (o *recordingObserver) ActionApplied(game, actor string, took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.actions[game+"/"+actor]++
	if took < 0 {
		o.neg++
	}
}

func (o *recordingObserver) BotThought(game string, took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.thought[game]++
	if took < 0 {
		o.neg++
	}
}

// TestObserverCountsStoredActions: every action in the store's log was
// reported once, under the actor who made it, and every bot move was timed.
func TestObserverCountsStoredActions(t *testing.T) {
	obs := newRecordingObserver()
	e := newEnv(t, lobby.Config{Observer: obs})
	ada := e.player("ada")
	tb := e.startWith(ada, nil, 1, nil)
	e.playOut(tb.ID, 1, ada)
	require.Equal(t, lobby.TableFinished, e.tableOf(ada, tb.ID).Status)

	bySeat := map[int]int{}
	rows := e.query(`SELECT seat, COUNT(*) FROM actions WHERE game_id = ? GROUP BY seat`, tb.ID)
	defer rows.Close()
	for rows.Next() {
		var seat, n int
		require.NoError(t, rows.Scan(&seat, &n))
		bySeat[seat] = n
	}
	require.NoError(t, rows.Err())
	require.NotZero(t, bySeat[0])
	require.NotZero(t, bySeat[1])

	obs.mu.Lock()
	defer obs.mu.Unlock()
	require.Equal(t, map[string]int{
		testgame.ID + "/" + lobby.ActorPlayer: bySeat[0],
		testgame.ID + "/" + lobby.ActorBot:    bySeat[1],
	}, obs.actions)
	require.Equal(t, bySeat[1], obs.thought[testgame.ID], "one thought per bot move")
	require.Zero(t, obs.neg)
}

// TestObserverNotToldOfRefusedActions: an action the game refuses is not
// an applied action.
func TestObserverNotToldOfRefusedActions(t *testing.T) {
	obs := newRecordingObserver()
	e := newEnv(t, lobby.Config{Observer: obs})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	require.Error(t, e.act(ada, tb.ID, testgame.Bid{Amount: 9}))
	obs.mu.Lock()
	require.Empty(t, obs.actions)
	obs.mu.Unlock()
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 3}))
	obs.mu.Lock()
	require.Equal(t, map[string]int{testgame.ID + "/" + lobby.ActorPlayer: 1}, obs.actions)
	obs.mu.Unlock()
}

func TestTableCounts(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	require.Empty(t, e.svc.TableCounts())
	ada, bob := e.player("ada"), e.player("bob")
	e.table(ada, 2, nil)
	e.table(bob, 3, nil)
	played := e.startWith(ada, nil, 1, nil)
	require.Equal(t, []lobby.TableCount{
		{Game: testgame.ID, Status: lobby.TableForming, Tables: 2},
		{Game: testgame.ID, Status: lobby.TablePlaying, Tables: 1},
	}, e.svc.TableCounts())
	e.playOut(played.ID, 1, ada)
	require.Equal(t, []lobby.TableCount{
		{Game: testgame.ID, Status: lobby.TableFinished, Tables: 1},
		{Game: testgame.ID, Status: lobby.TableForming, Tables: 2},
	}, e.svc.TableCounts())
}

// nopObserver is told everything and keeps nothing.
type nopObserver struct{}

func (nopObserver) ActionApplied(string, string, time.Duration) {}
func (nopObserver) BotThought(string, time.Duration)            {}

// BenchmarkGameObserver plays whole games (a player against a bot, real
// SQLite) without an observer and with one that does nothing: the
// difference is what timing the actions costs.
func BenchmarkGameObserver(b *testing.B) {
	for _, c := range []struct {
		name string
		obs  lobby.Observer
	}{{"off", nil}, {"on", nopObserver{}}} {
		b.Run(c.name, func(b *testing.B) {
			e := newEnv(b, lobby.Config{Observer: c.obs})
			ada := e.player("ada")
			for b.Loop() {
				tb := e.startWith(ada, nil, 1, nil)
				e.playOut(tb.ID, 1, ada)
			}
		})
	}
}
