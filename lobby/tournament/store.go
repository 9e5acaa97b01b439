package tournament

import (
	"context"
	"time"
)

// Status is where a tournament is.
type Status string

const (
	Open     Status = "open"     // players join and leave
	Running  Status = "running"  // its games are played
	Finished Status = "finished" // its standings are final
)

// Record is a tournament as stored: its settings and where it is.
// Everything the lobby needs after a restart is here, in its entries and
// in its games, never only in memory.
type Record struct {
	ID        int64
	LobbyID   int64
	Game      string
	Format    Format
	Rounds    int // Swiss: how many rounds
	Minutes   int // arena: the window's length
	TableSize int
	Options   map[string]string // the tables' options, as the CLI takes them
	Pace      string            // the tables' pace ("" live)
	StartsAt  time.Time         // zero: when its creator starts it
	CreatedBy int64
	CreatedAt time.Time
	Status    Status
	Round     int       // Swiss: the round being played (0 before the start)
	StartedAt time.Time // zero until it starts
	EndsAt    time.Time // arena: when the window closes
	EndedAt   time.Time // zero until it finishes
	Seed      int64     // orders the first round's equal standings
	// The seating lease: the node seating the current round (or arena
	// seating) and until when; zero once the round's tables are linked.
	// MoveTournament writes it with the round; a node that finds it
	// expired with the round not seated claims it (ClaimSeating).
	SeatingNode  string
	SeatingUntil time.Time
}

// EntryRecord is one player of a tournament as stored.
type EntryRecord struct {
	Player    PlayerID
	JoinedAt  time.Time
	Withdrawn bool
	Absent    bool
}

// GameRecord is one game of a tournament as stored: the lobby's table that
// plays it (the game's link to its tournament) and its seats, whose
// placings are set when it finishes.
type GameRecord struct {
	TableID int64
	Game
}

// Store keeps tournaments. Both of the server's stores implement it (the
// contract is in db/storetest).
type Store interface {
	SeatingLeases
	OpenEntries
	// CreateTournament stores a new tournament and returns its id.
	CreateTournament(ctx context.Context, r Record) (int64, error)
	// SaveTournament rewrites a tournament's status, round and times.
	SaveTournament(ctx context.Context, r Record) error
	// MoveTournament rewrites a tournament's status, round and times as
	// SaveTournament does, only while it still has the status and round
	// from (a compare-and-set): ok is false when another node moved it
	// first. Nodes of a cluster start, advance and end a tournament with
	// it, so a round is seated once whichever nodes try.
	MoveTournament(ctx context.Context, r Record, fromStatus Status, fromRound int) (ok bool, err error)
	// Tournaments returns every tournament, oldest first.
	Tournaments(ctx context.Context) ([]Record, error)
	// SaveEntry adds a player to a tournament or rewrites their entry.
	SaveEntry(ctx context.Context, tournamentID int64, e EntryRecord) error
	// DeleteEntry removes a player who left before the start.
	DeleteEntry(ctx context.Context, tournamentID int64, player PlayerID) error
	// Entries returns a tournament's players in the order they joined.
	Entries(ctx context.Context, tournamentID int64) ([]EntryRecord, error)
	// SaveTournamentGame links a table to a tournament, or rewrites its
	// seats and whether it finished.
	SaveTournamentGame(ctx context.Context, tournamentID int64, g GameRecord) error
	// TournamentGames returns a tournament's games by round and table.
	TournamentGames(ctx context.Context, tournamentID int64) ([]GameRecord, error)
	// TournamentOfTable says which tournament a table plays for (0: none).
	TournamentOfTable(ctx context.Context, tableID int64) (int64, error)
}

// SeatingLeases keeps a round's seating lease (see Record.SeatingNode):
// a node that died while seating a round leaves it to another.
type SeatingLeases interface {
	// ClaimSeating takes the seating lease of the tournament's running
	// round for node until until, only while that round is current and
	// its lease is free or expired at now (a compare-and-set): ok is false
	// when another node holds it.
	ClaimSeating(ctx context.Context, id int64, round int, node string, until, now time.Time) (ok bool, err error)
	// ReleaseSeating clears the lease once the round's tables are linked,
	// only while node holds it for that round.
	ReleaseSeating(ctx context.Context, id int64, round int, node string) error
}

// OpenEntries adds a player to a tournament only while it is open.
type OpenEntries interface {
	// JoinOpen adds the player's entry only while the tournament's status
	// is open, ordered with the start's move (a compare-and-set): ok is
	// false when it started (on another node) first, and nothing is
	// written. A start that moves it after reads the entry.
	JoinOpen(ctx context.Context, tournamentID int64, e EntryRecord) (ok bool, err error)
}
