package lobby

import (
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
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

// TableStore keeps tables (lobby/tables' Store).
type TableStore = tables.Store

// ActionLog keeps each game's action log (lobby/tables' ActionLog).
type ActionLog = tables.ActionLog

// ChatStore keeps chat (lobby/chat's Store).
type ChatStore = chat.Store

// LobbyRecord is a stored lobby.
type LobbyRecord = lobbies.Record

// MemberRecord is a stored membership. Handle is filled when loading.
type MemberRecord = lobbies.MemberRecord

// The stored table, its seats and its action log's entries (lobby/tables).
type (
	TableRecord  = tables.Record
	SeatRecord   = tables.SeatRecord
	ActionRecord = tables.ActionRecord
)

// GameEnd is everything stored when a game ends (lobby/play).
type GameEnd = play.GameEnd

// SeatOutcome is one seat's result row (lobby/play).
type SeatOutcome = play.SeatOutcome
