package results_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
	"boardroom/lobby/results"
)

var start = time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)

// env is what cmd wires, for these tests: the real live lobby (which plays
// the games whose results are read here) and the results service under
// test, over one SQLite store in t.TempDir(), with the test game and a fake
// clock. restart reopens both from the file alone.
type env struct {
	t     *testing.T
	ctx   context.Context
	path  string
	clock *lobbytest.FakeClock
	reg   *engine.Registry
	cfg   lobby.Config
	store *db.Store
	svc   *lobby.Service   // the live lobby
	res   *results.Service // under test
}

func newEnv(t *testing.T, cfg lobby.Config) *env {
	t.Helper()
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	e := &env{t: t, ctx: context.Background(), path: filepath.Join(t.TempDir(), "boardroom.db"),
		clock: lobbytest.NewFakeClock(start), reg: reg, cfg: cfg}
	e.cfg.Clock = e.clock
	if e.cfg.Seed == nil {
		e.cfg.Seed = lobbytest.Seeds(t)
	}
	e.serve()
	t.Cleanup(func() {
		if e.svc != nil {
			e.stop()
		}
	})
	return e
}

// serve opens the store and starts the live lobby and results over it.
func (e *env) serve() {
	e.t.Helper()
	st, err := db.Open(e.ctx, e.path, nil)
	require.NoError(e.t, err)
	svc, err := lobby.New(e.ctx, st, e.reg, e.cfg, nil)
	require.NoError(e.t, err)
	e.store, e.svc, e.res = st, svc, results.New(svc, st, e.reg, e.clock, nil)
}

func (e *env) stop() {
	e.t.Helper()
	require.NoError(e.t, e.svc.Shutdown(e.ctx))
	require.NoError(e.t, e.store.Close())
	e.store, e.svc, e.res = nil, nil, nil
}

// restart stops both services, closes the store, and opens all again.
func (e *env) restart() {
	e.t.Helper()
	e.stop()
	e.serve()
}

func (e *env) player(handle string) *lobby.Account { return lobbytest.Player(e.t, e.svc, handle) }

// startIn starts a testgame in a lobby with the host, players and bots.
func (e *env) startIn(lobbyID int64, host *lobby.Account, players []*lobby.Account, bots int) int64 {
	e.t.Helper()
	return lobbytest.StartTestGame(e.t, e.svc, lobbyID, host, players, bots, nil)
}

// game plays a two-player game in the lobby that winner wins.
func (e *env) game(lobbyID int64, winner, loser *lobby.Account) int64 {
	e.t.Helper()
	return lobbytest.WinGame(e.t, e.svc, lobbyID, winner, loser)
}

// table creates a forming testgame table hosted by host in the public lobby.
func (e *env) table(host *lobby.Account, seats int, opts map[string]string) lobby.Table {
	e.t.Helper()
	return lobbytest.TestTable(e.t, e.svc, lobby.PublicLobbyID, host, seats, opts)
}

func (e *env) state(viewer *lobby.Account, id int64) lobby.GameState {
	e.t.Helper()
	return lobbytest.State(e.t, e.svc, viewer, id)
}

// act is acc's action made on a screen read just before it.
func (e *env) act(acc *lobby.Account, id int64, a engine.Action) error {
	return lobbytest.Act(e.svc, acc, id, a)
}

// playOut has the human players act (adding n) until the game ends.
func (e *env) playOut(id int64, n int64, players ...*lobby.Account) {
	e.t.Helper()
	lobbytest.PlayOut(e.t, e.svc, id, n, players...)
}

// query runs a read-only SQL query against the store's file.
func (e *env) query(q string, args ...any) *sql.Rows {
	e.t.Helper()
	return lobbytest.Query(e.t, e.path, q, args...)
}

var js = lobbytest.JSON
