package live

import (
	"context"
	"log/slog"
	"time"
)

// A table calls back on the node it runs on only through Host (the
// table's field Host): what a live table needs besides its own state, in
// three small parts. The root lobby answers Runtime and People
// (tablehost.go there) and lobby/floor, which runs the node's tables, the
// Events (its floor.go; the handlers in the files named below). A table
// names no field of the Service (issue 26).
type Host interface {
	Runtime
	People
	Events
}

// Runtime is the node's clock, log, store and settings as a table
// uses them. Every type it names is a leaf's (lobby/live, lobby/tables,
// lobby/play), so a package of live tables can declare it as it is.
type Runtime interface {
	// now is the lobby's clock (tests fake it).
	Now() time.Time
	Logger() *slog.Logger
	// afterFunc schedules f on the clock, a panic logged (service.go).
	AfterFunc(d time.Duration, what string, f func()) Timer
	// clustered: the node is one of a cluster (node.go), so an owner
	// queues what its next notice tells.
	Clustered() bool
	// The settings a table reads (Config, defaults filled in): how its
	// bots move, how long a seat waits for an absent player, and the
	// metrics' observer (nil: none).
	Bots() Bots
	AwayAfter() time.Duration
	Observer() Observer
	// tableStore is what a table writes: its record, its actions, its end.
	TableStore() Writes
	// storageErr logs a store failure and returns errs.ErrStorage (service.go).
	StorageErr(err error) error
	// watchedElsewhere: in a cluster, a session on another node watches
	// the table as the account (forward.go).
	WatchedElsewhere(tableID, accountID int64) bool
}

// Bots is how a node's bots move: the pause before each move (0: at once,
// inline), the node's slots for strong bots' moves (slots.go), one of
// which a strong bot's move waits for (schedule.go; nil: no bound), and
// how many moves a bot makes for one seat in one round before it makes
// only the seat's default moves until the round ends (runaway.go; 0:
// DefaultBotMovesPerRound).
type Bots struct {
	Delay         time.Duration
	Searches      *Slots
	MovesPerRound int
}

// Writes is the part of the Store a live table writes itself.
type Writes interface {
	SaveTable(ctx context.Context, rec TableRecord) error
	FinishGame(ctx context.Context, end GameEnd) error
	ActionLog
}

// People is what a table shows of the accounts at it.
type People interface {
	Handle(accountID int64) string // service.go
	SetHandle(accountID int64, h string)
	Online(accountID int64) bool // lobbyhost.go
	BotLevel(accountID int64) string
	// standardBot is the account of the game's standard bot (lobby/bots).
	StandardBot(game string) int64
}

// Events are the table's timers firing, its game's end and what the
// node counts of it; the timers' handlers take the table's lock themselves
// (lobby/floor's files named).
type Events interface {
	OnTurnTimer(t *Table, gen uint64)   // schedule.go
	OnBotTimer(t *Table, gen uint64)    // schedule.go
	OnAway(t *Table, i int, gen uint64) // schedule.go
	OnTimeLimit(t *Table)               // timelimit.go
	OnFormingIdle(t *Table, gen uint64) // idleforming.go
	GameOver(t *Table, end GameEnd)     // the game's end, told to the lobby's hooks and tournaments
	ObserveStart() time.Time            // floor.go
	StateBuilt()                        // a GameState was built (StateBuilds)
}
