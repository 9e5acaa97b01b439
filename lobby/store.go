package lobby

import (
	"context"
	"encoding/json"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
)

// Store is the persistence the Service needs; package db implements it over
// SQLite and db/postgres over PostgreSQL. The Service is the only writer
// and keeps the live state in memory: it loads lobbies and unfinished
// tables once in New and afterwards writes every change through these
// methods before publishing it. All methods are safe for concurrent use;
// all times are UTC.
//
// Store is small interfaces, one per concern, so that a part of the lobby
// that needs one concern takes only that one (lobby/results takes
// ResultStore and ActionLog). Parts a store may lack are looked for on it
// and are not in Store: LastLobbyStore, ImportStore, ImportDigestStore and,
// in a cluster, LeaseStore.
type Store interface {
	accounts.Store
	lobbies.Store
	TableStore
	ActionLog
	chat.Store
	ResultStore // results, ratings and finished tables (results_store.go)
}

// AccountStore keeps accounts (lobby/accounts' Store).
type AccountStore = accounts.Store

// LobbyStore keeps lobbies and their members (lobby/lobbies' Store).
type LobbyStore = lobbies.Store

// TableStore keeps tables: their seats, options, setup and status, and
// the end of their game.
type TableStore interface {
	// LoadTables returns every forming or playing table, and the finished
	// or abandoned ones updated at or after since.
	LoadTables(ctx context.Context, since time.Time) ([]TableRecord, error)
	// LoadTable returns one table's record, whatever its status; nil, nil
	// when there is none. Replicas of a cluster reload a table with it
	// (node.go).
	LoadTable(ctx context.Context, tableID int64) (*TableRecord, error)
	CreateTable(ctx context.Context, rec TableRecord) (int64, error)
	// SaveTable writes a table's host, status, options, timer, seats and
	// setup and start time (all of rec except ID, LobbyID, Game and
	// CreatedAt). A setup's deal (game and seed) becomes the table's unless
	// another table holds it (ImportStore.DealTable).
	SaveTable(ctx context.Context, rec TableRecord) error
	// FinishGame marks the table finished and stores one result row per
	// seat and, for a rated game, the new ratings of every ladder with a
	// history row each, all in one transaction.
	FinishGame(ctx context.Context, end GameEnd) error
}

// ActionLog keeps each game's action log, the truth of the game: its
// setup and log replay it.
type ActionLog interface {
	AppendAction(ctx context.Context, tableID int64, rec ActionRecord) error
	LoadActions(ctx context.Context, tableID int64) ([]ActionRecord, error)
}

// ChatStore keeps chat (lobby/chat's Store).
type ChatStore = chat.Store

// LobbyRecord is a stored lobby.
type LobbyRecord = lobbies.Record

// MemberRecord is a stored membership. Handle is filled when loading.
type MemberRecord = lobbies.MemberRecord

// TableRecord is a stored table. Seats has one entry per seat; an empty
// seat has AccountID 0. Setup is nil until the game starts.
type TableRecord struct {
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
	// stale one with ErrFenced; node.go); 0 writes unfenced.
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

// GameEnd is everything stored when a game ends (lobby/play).
type GameEnd = play.GameEnd

// SeatOutcome is one seat's result row (lobby/play).
type SeatOutcome = play.SeatOutcome
