package tables

import (
	"context"
	"encoding/json"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// A table as the stores keep it, and the stores' table and action-log
// parts (package lobby re-exports them: TableRecord, TableStore...).

// Store keeps tables: their seats, options, setup and status, and
// the end of their game.
type Store interface {
	// LoadTables returns every forming or playing table, and the finished
	// or abandoned ones updated at or after since.
	LoadTables(ctx context.Context, since time.Time) ([]Record, error)
	// LoadTable returns one table's record, whatever its status; nil, nil
	// when there is none. Replicas of a cluster reload a table with it
	// (package lobby's node.go).
	LoadTable(ctx context.Context, tableID int64) (*Record, error)
	CreateTable(ctx context.Context, rec Record) (int64, error)
	// SaveTable writes a table's host, status, options, timer, seats and
	// setup and start time (all of rec except ID, LobbyID, Game and
	// CreatedAt). A setup's deal (game and seed) becomes the table's unless
	// another table holds it (lobby/saved's ImportStore.DealTable).
	SaveTable(ctx context.Context, rec Record) error
	// FinishGame marks the table finished and stores one result row per
	// seat and, for a rated game, the new ratings of every ladder with a
	// history row each, all in one transaction.
	FinishGame(ctx context.Context, end play.GameEnd) error
}

// ActionLog keeps each game's action log, the truth of the game: its
// setup and log replay it.
type ActionLog interface {
	AppendAction(ctx context.Context, tableID int64, rec ActionRecord) error
	LoadActions(ctx context.Context, tableID int64) ([]ActionRecord, error)
}

// Record is a stored table. Seats has one entry per seat; an empty
// seat has AccountID 0. Setup is nil until the game starts.
type Record struct {
	ID        int64
	LobbyID   int64
	Game      string
	Options   map[string]string
	HostID    int64
	Status    string
	Seats     []SeatRecord
	TurnTimer int
	Setup     *engine.Setup
	CreatedAt time.Time
	UpdatedAt time.Time
	StartedAt time.Time // zero until the game starts
	// Token is the writer's lease token in a cluster (SaveTable refuses a
	// stale one with ErrFenced; package lobby's node.go); 0 writes unfenced.
	Token int64 `json:"-"`
}

// SeatRecord is a stored seat. A bot seat holds the game's bot account.
// Handle is filled when loading.
type SeatRecord struct {
	AccountID int64
	Handle    string
	Bot       bool
	Ready     bool
}

// ActionRecord is one entry of a game's action log. Seq counts from 1.
type ActionRecord struct {
	Seq    int
	Seat   int
	Action json.RawMessage
	At     time.Time
	// Token is the writer's lease token in a cluster (AppendAction refuses
	// a stale one with ErrFenced); 0 writes unfenced.
	Token int64 `json:"-"`
}
