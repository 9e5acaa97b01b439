package lobby_test

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

// env is a lobby service over a real SQLite store in t.TempDir(), with the
// test game registered and a fake clock.
type env struct {
	t     testing.TB
	ctx   context.Context
	path  string
	cfg   lobby.Config
	clock *lobbytest.FakeClock
	reg   *engine.Registry
	store *db.Store
	svc   *lobby.Service
	res   *results.Service // finished games, over the same store and live lobby
}

func newEnv(t testing.TB, cfg lobby.Config) *env {
	t.Helper()
	return newEnvWith(t, cfg, testgame.Definition{})
}

// newEnvWith is newEnv with other games registered.
func newEnvWith(t testing.TB, cfg lobby.Config, defs ...engine.Definition) *env {
	t.Helper()
	reg, err := engine.NewRegistry(defs...)
	require.NoError(t, err)
	e := &env{t: t, ctx: context.Background(), path: filepath.Join(t.TempDir(), "boardroom.db"), reg: reg,
		clock: lobbytest.NewFakeClock(start)}
	cfg.Clock = e.clock
	if cfg.Seed == nil {
		cfg.Seed = lobbytest.Seeds(t)
	}
	e.cfg = cfg
	e.open()
	t.Cleanup(e.close)
	return e
}

func (e *env) open() {
	e.t.Helper()
	st, err := db.Open(e.ctx, e.path, nil)
	require.NoError(e.t, err)
	svc, err := lobby.New(e.ctx, st, e.reg, e.cfg, nil)
	require.NoError(e.t, err)
	e.store, e.svc = st, svc
	e.res = results.New(svc, st, e.reg, e.clock, nil)
}

func (e *env) close() {
	if e.svc != nil {
		_ = e.svc.Shutdown(e.ctx)
		_ = e.store.Close()
		e.svc, e.store, e.res = nil, nil, nil
	}
}

// restart stops the service, closes the store, and opens both again.
func (e *env) restart() {
	e.t.Helper()
	require.NoError(e.t, e.svc.Shutdown(e.ctx))
	require.NoError(e.t, e.store.Close())
	e.svc, e.store, e.res = nil, nil, nil
	e.open()
}

func (e *env) player(handle string) *lobby.Account { return lobbytest.Player(e.t, e.svc, handle) }

// query runs a read-only SQL query against the store's file.
func (e *env) query(q string, args ...any) *sql.Rows {
	e.t.Helper()
	return lobbytest.Query(e.t, e.path, q, args...)
}

// table creates a testgame table hosted by host in the public lobby.
func (e *env) table(host *lobby.Account, seats int, opts map[string]string) lobby.Table {
	e.t.Helper()
	return lobbytest.TestTable(e.t, e.svc, lobby.PublicLobbyID, host, seats, opts)
}

// startWith seats the given players (after the host) and bots, readies
// everyone and starts, in the public lobby.
func (e *env) startWith(host *lobby.Account, players []*lobby.Account, bots int, opts map[string]string) lobby.Table {
	e.t.Helper()
	return e.tableOf(host, lobbytest.StartTestGame(e.t, e.svc, lobby.PublicLobbyID, host, players, bots, opts))
}

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

func (e *env) tableOf(viewer *lobby.Account, id int64) lobby.Table {
	e.t.Helper()
	tb, err := e.svc.Table(e.ctx, viewer, id)
	require.NoError(e.t, err)
	return tb
}

func (e *env) state(viewer *lobby.Account, id int64) lobby.GameState {
	e.t.Helper()
	return lobbytest.State(e.t, e.svc, viewer, id)
}

// readAlike is st with its log as a plain view of its lines, so that two
// states that read the same compare equal (a table's log is a view of
// the table's own texts: GameState.Log).
func readAlike(st lobby.GameState) lobby.GameState {
	st.Log = lobby.LinesOf(st.Log.All())
	return st
}

// act is acc's action made on a screen read just before it.
func (e *env) act(acc *lobby.Account, id int64, a engine.Action) error {
	return lobbytest.Act(e.svc, acc, id, a)
}

// move returns a legal action for the viewer now, or nil: bids bid 1, adds
// add n.
func move(st lobby.GameState, n int64) engine.Action { return lobbytest.Move(st, n) }

// playOut has the human players act (adding n) until the game ends.
func (e *env) playOut(id int64, n int64, players ...*lobby.Account) {
	e.t.Helper()
	lobbytest.PlayOut(e.t, e.svc, id, n, players...)
}

// drain reads every update queued on a subscription without blocking.
func drain(sub lobby.Subscription) []lobby.Update {
	if d, ok := sub.(interface {
		Drain() ([]lobby.Update, bool)
	}); ok {
		us, _ := d.Drain() // as a session takes its updates (tui's onWake)
		return us
	}
	var out []lobby.Update
	for {
		select {
		case u, ok := <-sub.C():
			if !ok {
				return out
			}
			out = append(out, u)
		default:
			return out
		}
	}
}

func hasTopic(us []lobby.Update, k lobby.TopicKind, id int64) bool {
	for _, u := range us {
		if u.Topic.Kind == k && u.Topic.ID == id {
			return true
		}
	}
	return false
}
