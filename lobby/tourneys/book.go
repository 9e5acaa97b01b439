// Package tourneys is the lobby's tournaments (issue 31): who may do what,
// what a player reads, and a tournament's progression (its start, its
// rounds or arena seatings, the games it hears have finished, its end), in
// one node or a cluster of them. The store is a tournament's truth
// (tournament.Store); the Book is this node's copy. The arithmetic of
// seating and standings is lobby/tournament's; the tables a tournament
// plays on are the live lobby's, which the Book asks through the small
// interfaces it declares here (Lobby, Tables): the root's Service builds a
// Book in New, answers them (lobby/tourneyhost.go) and embeds the Book's
// session side.
package tourneys

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/tournament"
)

// ErrNoTournaments: the store keeps no tournaments.
var ErrNoTournaments = errors.New("this server keeps no tournaments")

// ErrBadTournament: a tournament's settings that do not fit.
var ErrBadTournament = errors.New("those tournament settings do not fit")

// MinTournamentPlayers is how many players a tournament needs to start.
const MinTournamentPlayers = 2

// TournamentHostGames is how many rated games a player needs to create a
// tournament in the public lobby without being an operator.
const TournamentHostGames = 10

// defaultSeats is a tournament table's size when its creator chose none and
// the game allows it (as the lobby's tables).
const defaultSeats = 4

// Account is a player as the lobby knows them.
type Account = accounts.Account

// Settings is what a tournament's creator chooses.
type Settings struct {
	LobbyID   int64
	Game      string
	Format    tournament.Format
	Rounds    int // Swiss (default 3)
	Minutes   int // arena window (default 60)
	TableSize int // 0: the game's usual table
	Options   map[string]string
	TurnTimer int       // seconds a move; 0: the lobby's default (a daily pace is a long timer)
	StartsAt  time.Time // zero: when its creator starts it
	// StartsClock is a start time as a player types it, "19:30" (UTC):
	// the next time the lobby's clock shows it. Used when StartsAt is zero.
	StartsClock string
}

// Seat is a seat of a tournament game as a player reads it.
type Seat struct {
	Handle  string `json:"handle"`
	Bot     bool   `json:"bot,omitempty"`
	Placing int    `json:"placing,omitempty"`
	Points  string `json:"points,omitempty"`
}

// Game is a table of a tournament.
type Game struct {
	TableID  int64  `json:"table_id"`
	Round    int    `json:"round"`
	Table    int    `json:"table"`
	Seats    []Seat `json:"seats"`
	Finished bool   `json:"finished"`
}

// Line is a line of a tournament's standings.
type Line struct {
	Rank      int    `json:"rank"`
	AccountID int64  `json:"account_id"`
	Handle    string `json:"handle"`
	Points    string `json:"points"`
	Opponents string `json:"opponents_points"`
	Direct    int    `json:"direct"`
	Games     int    `json:"games"`
	Withdrawn bool   `json:"withdrawn,omitempty"`
	Absent    bool   `json:"absent,omitempty"`
}

// Tournament is a tournament as a player reads it.
type Tournament struct {
	ID        int64             `json:"id"`
	LobbyID   int64             `json:"lobby_id"`
	Lobby     string            `json:"lobby"`
	Game      string            `json:"game"`
	GameTitle string            `json:"game_title"`
	Format    tournament.Format `json:"format"`
	Rounds    int               `json:"rounds,omitempty"`
	Minutes   int               `json:"minutes,omitempty"`
	TableSize int               `json:"table_size"`
	Options   map[string]string `json:"options,omitempty"`
	Status    tournament.Status `json:"status"`
	Round     int               `json:"round,omitempty"`
	Creator   string            `json:"creator"`
	CreatorID int64             `json:"creator_id"`
	CreatedAt time.Time         `json:"created_at"`
	StartsAt  time.Time         `json:"starts_at,omitzero"`
	StartedAt time.Time         `json:"started_at,omitzero"`
	EndsAt    time.Time         `json:"ends_at,omitzero"`
	EndedAt   time.Time         `json:"ended_at,omitzero"`
	Standings []Line            `json:"standings"`
	Games     []Game            `json:"games,omitempty"`
	// Joined says whether the viewer plays in it.
	Joined bool `json:"joined,omitempty"`
}

// Timer is a pending call of the lobby's clock.
type Timer interface {
	// Stop prevents the call if it has not started; it reports whether it did.
	Stop() bool
}

// Lobby is what a Book asks of the live lobby: its clock, who sees what,
// how a player is named, and the other nodes of a cluster.
type Lobby interface {
	Now() time.Time
	// AfterFunc runs f after d on the lobby's clock, guarded as Guard.
	AfterFunc(d time.Duration, what string, f func()) Timer
	// Guard runs f, logging instead of crashing if it panics.
	Guard(what string, f func())
	// Handle is an account's handle as players read it.
	Handle(accountID int64) string
	CanSeeLobby(viewer, lobbyID int64) bool
	LobbyName(lobbyID int64) string
	// StorageErr logs a store failure and returns what a player reads.
	StorageErr(err error) error
	// Clustered reports whether this lobby is a node of a cluster: the
	// store is then read again before every step.
	Clustered() bool
	// ShuttingDown reports whether the lobby is stopping: no new work is
	// armed.
	ShuttingDown() bool
	// Announce tells the other nodes that the tournament changed.
	Announce(tournamentID int64)
}

// Tables is what a Book asks of the live lobby's tables: to open one for
// a tournament, and whether one has ended.
type Tables interface {
	// OpenTable creates a tournament's table, calls link with its id
	// before it starts (so that a game that ends at once is heard), and
	// starts it.
	OpenTable(ctx context.Context, t NewTable, link func(tableID int64) error) error
	// Ended says whether a table of a tournament has ended (neither
	// forming nor playing, live or in the store) and, when it has results,
	// each seat's placing; a table it cannot read has not ended, and err
	// is a failure to read its results.
	Ended(ctx context.Context, tableID int64) (placings map[int]int, ended bool, err error)
}

// NewTable is a tournament table to open: its players seated and ready,
// its empty seats (Bot) the game's standard bot.
type NewTable struct {
	Tournament, LobbyID int64
	Round               int
	Def                 engine.Definition
	Info                engine.Info       // Def's, the registry's (shared: read only)
	Options             map[string]string // validated
	TurnTimer           int               // seconds; 0: the lobby's default
	Seats               []tournament.Seat
}

// Book is the lobby's tournaments in memory, rebuilt from the store at
// Load. mu guards the maps and every tourney's fields; it is never held
// while taking a table's lock or a tourney's step.
type Book struct {
	lobby  Lobby
	tables Tables
	store  tournament.Store // nil: the store keeps none
	reg    *engine.Registry
	log    *slog.Logger
	bg     context.Context // for work started by timers and finished games
	seed   func() uint64   // a new tournament's seed
	// sanitize makes a typed string safe to show (lobby.Sanitize).
	sanitize func(s string, max int) string

	mu    sync.Mutex
	byID  map[int64]*tourney
	table map[int64]int64 // a tournament's table -> the tournament
	// unheard are the tournament tables the last Sweep found ended and
	// not recorded (restore.go)
	unheard map[int64]bool
	// busy counts the progressions running apart from their callers
	// (a finished game's, a timer's), for tests to wait on.
	busy sync.WaitGroup
}

// New makes an empty Book; store is nil when the lobby's store keeps no
// tournaments (the commands say so); log nil logs nothing.
func New(bg context.Context, lobby Lobby, tables Tables, store tournament.Store, reg *engine.Registry,
	seed func() uint64, sanitize func(string, int) string, log *slog.Logger) *Book {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Book{lobby: lobby, tables: tables, store: store, reg: reg, seed: seed, sanitize: sanitize, log: log, bg: bg}
}

// tourney is one tournament. step serialises its progression: who starts
// a round, records a finished game or closes it (held while its tables
// open, so never under mu or a table's lock).
type tourney struct {
	// id, lobbyID and creator never change: read without mu.
	id, lobbyID, creator int64

	step    sync.Mutex
	rec     tournament.Record
	entries []tournament.EntryRecord
	games   []tournament.GameRecord
	timer   Timer
}

func newTourney(rec tournament.Record) *tourney {
	return &tourney{id: rec.ID, lobbyID: rec.LobbyID, creator: rec.CreatedBy, rec: rec}
}

func (b *Book) tournamentStore() (tournament.Store, error) {
	if b.store == nil {
		return nil, ErrNoTournaments
	}
	return b.store, nil
}

// announce tells the other nodes that the tournament changed.
func (b *Book) announce(id int64) { b.lobby.Announce(id) }

// WaitTournaments waits until every tournament step running apart from
// its caller (after a finished game, at a restart) is done: tests and
// tools read a settled tournament without sleeping.
func (b *Book) WaitTournaments() { b.busy.Wait() }

func viewerID(viewer *Account) int64 {
	if viewer == nil {
		return 0
	}
	return viewer.ID
}
