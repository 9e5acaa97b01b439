// Package results answers what sessions read of finished games: results,
// leaderboards, profiles, history, a lobby's recent results and replays. It
// reads finished games from the store and asks the live lobby (package
// lobby) only who may see which lobby and how accounts are named; it never
// touches a live table. Finishing a game and rating it (lobby.RateGame) is
// the live lobby's job; rematches, which open a table, are too.
package results

import (
	"context"
	"log/slog"

	"boardroom/engine"
	"boardroom/lobby"
)

// Lobby is what results needs from the live lobby; *lobby.Service
// implements it.
type Lobby interface {
	// CanSeeLobby reports whether the viewer (0: a guest) may see a lobby.
	CanSeeLobby(viewerID, lobbyID int64) bool
	// Visibility lists the lobbies whose finished games the viewer may see.
	Visibility(viewer *lobby.Account) lobby.Visibility
	// LobbyName is a lobby's name, "" if there is none.
	LobbyName(lobbyID int64) string
	// BotGame is the game whose bot account has the id, if it is one.
	BotGame(accountID int64) (string, bool)
	// Handle is an account's handle from the lobby's cache.
	Handle(accountID int64) string
	// AccountByHandle finds an account (lobby.ErrNotFound if none).
	AccountByHandle(ctx context.Context, handle string) (*lobby.Account, error)
}

// Store is the part of the store results reads: the finished games and
// ratings, the action logs (replays) and accounts by id; package db and
// db/postgres implement it.
type Store interface {
	lobby.ResultStore
	lobby.ActionLog
	AccountByID(ctx context.Context, id int64) (*lobby.Account, error)
}

// Service implements lobby.Results over a Store. It is safe for concurrent
// use.
type Service struct {
	live  Lobby
	store Store
	reg   *engine.Registry
	clock lobby.Clock
	log   *slog.Logger

	replays replays // finished games prepared for replay (replay.go)
}

var _ lobby.Results = (*Service)(nil)

// New makes the results service. clock nil: the real clock; log nil: discard.
func New(live Lobby, store Store, reg *engine.Registry, clock lobby.Clock, log *slog.Logger) *Service {
	if clock == nil {
		clock = lobby.RealClock()
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{live: live, store: store, reg: reg, clock: clock, log: log}
}

// storageErr logs a store failure and returns lobby.ErrStorage: players read
// a plain sentence, the log keeps the cause.
func (s *Service) storageErr(err error) error {
	s.log.Error("store failed", "err", err)
	return lobby.ErrStorage
}

// userErr is an error with a sentence for players that matches sentinel.
func userErr(sentinel error, msg string) error { return &lobby.Error{Msg: msg, Err: sentinel} }

func viewerID(viewer *lobby.Account) int64 {
	if viewer == nil {
		return 0
	}
	return viewer.ID
}

// canSeeLobby reports whether the viewer may see the lobby.
func (s *Service) canSeeLobby(viewer, lobbyID int64) bool { return s.live.CanSeeLobby(viewer, lobbyID) }
