package lobby

import (
	"context"
	"log/slog"
	"time"
)

// A table calls back on the node it runs on only through tableHost (the
// table's field s; *Service implements it here and in the files named):
// what a live table needs besides its own state, in three small parts. It
// is the seam along which the live table leaves the root package (issue
// 26): a table names no field of the Service, so a package of its own can
// take the same three interfaces from its host.
type tableHost interface {
	tableRuntime
	tablePeople
	tableEvents
}

// tableRuntime is the node's clock, log, store and settings as a table
// uses them. Every type it names is a leaf's (lobby/live, lobby/tables,
// lobby/play), so a package of live tables can declare it as it is.
type tableRuntime interface {
	// now is the lobby's clock (tests fake it).
	now() time.Time
	logger() *slog.Logger
	// afterFunc schedules f on the clock, a panic logged (service.go).
	afterFunc(d time.Duration, what string, f func()) Timer
	// clustered: the node is one of a cluster (node.go), so an owner
	// queues what its next notice tells.
	clustered() bool
	// The settings a table reads (Config, defaults filled in): the pause
	// before a bot's move, how long a seat waits for an absent player, and
	// the metrics' observer (nil: none).
	botDelay() time.Duration
	awayAfter() time.Duration
	observer() Observer
	// tableStore is what a table writes: its record, its actions, its end.
	tableStore() tableWrites
	// storageErr logs a store failure and returns ErrStorage (service.go).
	storageErr(err error) error
	// watchedElsewhere: in a cluster, a session on another node watches
	// the table as the account (forward.go).
	watchedElsewhere(tableID, accountID int64) bool
}

// tableWrites is the part of the Store a live table writes itself.
type tableWrites interface {
	SaveTable(ctx context.Context, rec TableRecord) error
	FinishGame(ctx context.Context, end GameEnd) error
	ActionLog
}

// tablePeople is what a table shows of the accounts at it.
type tablePeople interface {
	handle(accountID int64) string // service.go
	setHandle(accountID int64, h string)
	online(accountID int64) bool // lobbyhost.go
	BotLevel(accountID int64) string
	// standardBot is the account of the game's standard bot (lobby/bots).
	standardBot(game string) int64
}

// tableEvents are the table's timers firing, its game's end and what the
// node counts of it; the timers' handlers take the table's lock themselves.
type tableEvents interface {
	onTurnTimer(t *table, gen uint64)   // schedule.go
	onBotTimer(t *table, gen uint64)    // schedule.go
	onAway(t *table, i int, gen uint64) // schedule.go
	onTimeLimit(t *table)               // timelimit.go
	onFormingIdle(t *table, gen uint64) // idleforming.go
	gameOver(t *table, end GameEnd)     // the game's end, told to the lobby's hooks and tournaments
	observeStart() time.Time            // observer.go
	stateBuilt()                        // a GameState was built (StateBuilds)
}

var _ tableHost = (*Service)(nil)

func (s *Service) now() time.Time           { return s.clock.Now() }
func (s *Service) logger() *slog.Logger     { return s.log }
func (s *Service) botDelay() time.Duration  { return s.cfg.BotDelay }
func (s *Service) awayAfter() time.Duration { return s.cfg.AwayAfter }
func (s *Service) observer() Observer       { return s.cfg.Observer }
func (s *Service) tableStore() tableWrites  { return s.store }
func (s *Service) stateBuilt()              { s.stateBuilds.Add(1) }

func (s *Service) standardBot(game string) int64 { return s.bots.Standard(game).ID }

// gameOver tells a private lobby's chat the standings (webhooks.go; not
// for a finished game's import, which is no game played here) and the
// tournament the table plays for (tournamentplay.go). t's lock is held.
func (s *Service) gameOver(t *table, end GameEnd) {
	if !t.resultOnly {
		s.hooks.Finished(t.id, t.lobbyID, t.info.Title, end)
	}
	s.tournamentGameOver(t, end)
}
