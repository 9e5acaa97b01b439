// Package floor holds the tables a node of the lobby runs (issue 26): the
// registry of live tables with its lock, and what sessions and the other
// nodes of a cluster do at them (forming, seating, the start, moves,
// timers and bots, rematches, a restart's restore, watching, and a
// table's side of a cluster: replicas, adoption, forwarding and the moves
// that wait for a new owner). A table itself is lobby/live's; the floor
// composes tables and asks the rest of the live lobby through the small
// interfaces it declares (Node, Lobby, Sessions), which the root answers
// with thin adapters. It never imports the root lobby.
package floor

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/live"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
	"boardroom/lobby/wire"
)

// FinishedListed is how long a finished or abandoned table stays in its
// lobby's table list (by the lobby's clock); afterwards a finished game is
// among the lobby's RecentResults.
const FinishedListed = 10 * time.Minute

const (
	finishedRetention = 30 * time.Minute // in memory, for rematches
	maxFormingPerHost = 3
)

// Config is what the floor is built with: the Service's settings, their
// defaults filled in, and the parts it writes and reads.
type Config struct {
	Store      Store
	Registry   *engine.Registry
	Clock      live.Clock
	Log        *slog.Logger
	Background context.Context // for work started by timers
	// Cluster makes the node one of a cluster (lobby/wire); nil: one node
	// owning every table.
	Cluster wire.Cluster
	// Seed gives the seed of the game a table starts; it is called with
	// the table's lock held.
	Seed func(tableID int64) uint64
	// The caps: live and daily unfinished tables an account may host or
	// sit at.
	MaxTablesPerAccount      int
	MaxDailyTablesPerAccount int
	// OwnerWait is how long a call waits for a table that changes owner;
	// OwnerSilence how long a replica waits for a word of its owner.
	OwnerWait    time.Duration
	OwnerSilence time.Duration
	// Sanitize makes a user-typed string safe to show (lobby.Sanitize).
	Sanitize func(s string, max int) string
}

// Store is what the floor writes and reads of the store: tables, their
// action logs, and an account by id (a forwarded call's caller, a
// restored table's host).
type Store interface {
	tables.Store
	tables.ActionLog
	AccountByID(ctx context.Context, id int64) (*accounts.Account, error)
}

// Node is what a live table asks of its node (lobby/live's Runtime and
// People: the clock, log, timers, settings, its store part, handles and
// presence); the floor answers the table's events itself.
type Node interface {
	live.Runtime
	live.People
}

// Lobby is who may see and sit where, and the accounts the floor learns
// of: the lobbies' directory, players' blocks, bot levels and saved
// games' marks, which are other concerns of the live lobby.
type Lobby interface {
	// CanSee reports whether the viewer (0: a guest) may see the lobby.
	CanSee(viewer, lobbyID int64) bool
	// Has reports whether the lobby exists on this node; Reload reads the
	// lobbies again from the store (a replica of a table in a lobby made
	// on another node).
	Has(lobbyID int64) bool
	Reload(ctx context.Context) error
	// Blocked reports whether the account may not sit at the forming
	// table because its host blocks them (t's lock held).
	Blocked(t *live.Table, accountID int64) bool
	// Bot is the account of the game's bot of level, nil when the game has
	// no such level.
	Bot(game, level string) *accounts.Account
	// Known reports whether the handles' cache knows the account.
	Known(accountID int64) bool
	// Imported reports whether a stored table was opened by an import, and
	// whether it is a finished game's import (a result to look at).
	Imported(ctx context.Context, tableID int64) (imported, resultOnly bool)
}

// Sessions is what the floor tells: the sessions (publishing, who has a
// session here), the chat's channels, a private lobby's webhooks, the
// tournaments (a game's end).
type Sessions interface {
	Publish(ps ...live.Publication)
	// Here reports whether the account has a session open on this node.
	Here(accountID int64) bool
	// Notice says text in a channel as the server; Forget drops the
	// channels' lines from memory.
	Notice(ch chat.Channel, text string)
	Forget(chs ...chat.Channel)
	// TableOpened and MoveWaiting tell a private lobby's webhook.
	TableOpened(tableID, lobbyID int64, title string, hostID int64)
	MoveWaiting(tableID, lobbyID int64, title string, accountID int64, deadline time.Time)
	// GameOver tells the lobby's hooks and tournaments of a game's end
	// (t's lock held).
	GameOver(t *live.Table, end play.GameEnd)
}

// Floor is the tables of a node and what is done at them.
type Floor struct {
	cfg      Config
	store    Store
	reg      *engine.Registry
	clock    live.Clock
	log      *slog.Logger
	bg       context.Context
	host     live.Host // what each table asks: Node, and the floor's events (floor.go)
	lobby    Lobby
	sessions Sessions

	// closing is set (under mu) when Shutdown starts.
	closing atomic.Bool

	mu     sync.RWMutex // guards tables; never held while taking a table's lock
	tables map[int64]*table

	seatLocks [64]sync.Mutex // by account id: a count of unfinished tables and the seat it allows stay together (caps.go)
	bells     play.Awaited   // who each table awaited at its last update (bells.go)

	stateBuilds atomic.Int64 // GameStates built, for tests and benchmarks of the fan-out (frame.go)
}

// New builds an empty floor; Restore loads the store's tables into it.
func New(cfg Config, node Node, lobby Lobby, sessions Sessions) *Floor {
	fl := &Floor{cfg: cfg, store: cfg.Store, reg: cfg.Registry, clock: cfg.Clock, log: cfg.Log, bg: cfg.Background,
		lobby: lobby, sessions: sessions, tables: map[int64]*table{}}
	fl.host = tableHost{Node: node, fl: fl}
	return fl
}

// Host is what a new table asks of this node (its Host field).
func (fl *Floor) Host() live.Host { return fl.host }

// ShuttingDown reports whether Shutdown has started.
func (fl *Floor) ShuttingDown() bool { return fl.closing.Load() }

// Shutdown stops every table after its in-flight action is stored, once
// tell has told the sessions; it returns how many tables it stopped.
// Games stay saved and resume at the next start.
func (fl *Floor) Shutdown(ctx context.Context, tell func()) (int, error) {
	fl.mu.Lock()
	fl.closing.Store(true)
	all := make([]*table, 0, len(fl.tables))
	for _, t := range fl.tables {
		all = append(all, t)
	}
	fl.mu.Unlock()
	tell()
	for _, t := range all {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		t.Mu.Lock()
		t.Closed = true
		t.StopTimersLocked()
		t.Mu.Unlock()
	}
	return len(all), nil
}

// Announce hands a notice to the cluster (nil: nothing to tell).
func (fl *Floor) Announce(n *Notice) {
	if n == nil || fl.cfg.Cluster == nil {
		return
	}
	n.Node = fl.cfg.Cluster.Node()
	fl.cfg.Cluster.Announce(*n)
}

// guard runs f, logging instead of crashing if it panics (a goroutine the
// floor starts; timers are guarded by Node.AfterFunc).
func (fl *Floor) guard(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fl.log.Error("panic in lobby", "where", what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		}
	}()
	f()
}

// tableHost is what a table asks of its node: the root's Node, and the
// table's events, which the floor handles.
type tableHost struct {
	Node
	fl *Floor
}

var _ live.Host = tableHost{}

func (h tableHost) OnTurnTimer(t *table, gen uint64)   { h.fl.onTurnTimer(t, gen) }
func (h tableHost) OnBotTimer(t *table, gen uint64)    { h.fl.onBotTimer(t, gen) }
func (h tableHost) OnAway(t *table, i int, gen uint64) { h.fl.onAway(t, i, gen) }
func (h tableHost) OnTimeLimit(t *table)               { h.fl.onTimeLimit(t) }
func (h tableHost) OnFormingIdle(t *table, gen uint64) { h.fl.onFormingIdle(t, gen) }
func (h tableHost) GameOver(t *table, end GameEnd)     { h.fl.sessions.GameOver(t, end) }
func (h tableHost) StateBuilt()                        { h.fl.stateBuilds.Add(1) }

// ObserveStart is the start of something the observer times; the zero
// time when there is no observer, so that no clock is read for nothing.
// Durations of work are wall time, not the lobby's Clock (which tests
// fake and which only schedules timers).
func (h tableHost) ObserveStart() time.Time {
	if h.Observer() == nil {
		return time.Time{}
	}
	return time.Now()
}
