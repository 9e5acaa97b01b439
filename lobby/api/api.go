// Package lobby holds boardroom's live state: accounts, lobbies, tables,
// seats, spectators, chat, turn timers and the fan-out of changes to the
// sessions watching them. Every table has one owner of its state: actions
// are applied one at a time, written to the Store, and only then published.
// Storage is behind the Store interface declared here and implemented by db.
// Package api declares what sessions ask of the live lobby (API: games,
// accounts, lobbies, tables and play, saved games, chat, rematches,
// updates) and of finished games (Results), each part a small interface.
// Every type they name lives in a leaf, so this package is one too; the
// root re-exports each interface (lobby.API, lobby.Seating...) and its
// Service implements API.
package api

import (
	"context"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/finished"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/tables"
	"boardroom/lobby/topics"
)

// The session-facing interfaces, one per concern, so that each screen of a
// session (tui) or plain command (sshserver) depends only on what it uses.
// viewer is nil for a guest; guests may read the public lobby and spectate,
// nothing more. All methods are safe for concurrent use and never block on
// a session. *Service implements every interface of the live lobby (API);
// lobby/results implements Results. lobbytest has fakes of them.

// Games lists the games the server offers.
type Games interface {
	Games() []engine.Info
}

// Accounts finds and names accounts.
type Accounts interface {
	AccountByFingerprint(ctx context.Context, fp string) (*accounts.Account, error) // nil, nil if none
	AccountByHandle(ctx context.Context, handle string) (*accounts.Account, error)
	SetHandle(ctx context.Context, fp, handle string) (*accounts.Account, error) // create or rename
}

// Lobbies lists, makes and manages lobbies and their members.
type Lobbies interface {
	Lobbies(ctx context.Context, viewer *accounts.Account) ([]lobbies.Lobby, error) // public first, then private by name
	Lobby(ctx context.Context, viewer *accounts.Account, id int64) (lobbies.Lobby, error)
	LobbyBySlug(ctx context.Context, viewer *accounts.Account, slug string) (lobbies.Lobby, error)
	CreateLobby(ctx context.Context, owner *accounts.Account, name string) (lobbies.Lobby, error)
	JoinLobby(ctx context.Context, acc *accounts.Account, code string) (lobbies.Lobby, error)
	LeaveLobby(ctx context.Context, acc *accounts.Account, lobbyID int64) error
	RotateInvite(ctx context.Context, owner *accounts.Account, lobbyID int64) (string, error)
	Members(ctx context.Context, viewer *accounts.Account, lobbyID int64) ([]lobbies.Member, error)
	RemoveMember(ctx context.Context, owner *accounts.Account, lobbyID, accountID int64) error
}

// Tables lists and reads a lobby's tables.
type Tables interface {
	Tables(ctx context.Context, viewer *accounts.Account, lobbyID int64) ([]tables.Table, error)
	Table(ctx context.Context, viewer *accounts.Account, tableID int64) (tables.Table, error)
}

// Forming opens tables and runs a forming table: its seats and bots, its
// settings, the start, and spectating.
type Forming interface {
	Tables
	Seating
	TableSettings
	CreateTable(ctx context.Context, host *accounts.Account, lobbyID int64, game string, seats int, opts map[string]string) (tables.Table, error)
	Start(ctx context.Context, host *accounts.Account, tableID int64) error
	// Spectate marks the viewer as watching (for the spectator count).
	Spectate(ctx context.Context, viewer *accounts.Account, tableID int64, on bool) error
}

// Seating seats players and bots at a forming table.
type Seating interface {
	Sit(ctx context.Context, acc *accounts.Account, tableID int64, seat int) (int, error) // seat -1: first free
	Stand(ctx context.Context, acc *accounts.Account, tableID int64) error
	SetReady(ctx context.Context, acc *accounts.Account, tableID int64, ready bool) error
	AddBot(ctx context.Context, host *accounts.Account, tableID int64) error
	RemoveBot(ctx context.Context, host *accounts.Account, tableID int64, seat int) error
	// SetBotLevel makes a bot seat's bot of another level (Table.BotLevels).
	SetBotLevel(ctx context.Context, host *accounts.Account, tableID int64, seat int, level string) error
}

// TableSettings changes a forming table's seats, options and turn timer
// (the host only).
type TableSettings interface {
	SetSeats(ctx context.Context, host *accounts.Account, tableID int64, n int) error
	SetOption(ctx context.Context, host *accounts.Account, tableID int64, key, value string) error
	SetTurnTimer(ctx context.Context, host *accounts.Account, tableID int64, seconds int) error
}

// Play reads and plays a running game.
type Play interface {
	GameState(ctx context.Context, viewer *accounts.Account, tableID int64) (tables.GameState, error)
	// Act applies the seat's action made on a screen of GameState.Version
	// version; ErrStale if the game moved on since in a way the seat sees.
	Act(ctx context.Context, acc *accounts.Account, tableID int64, version int, a engine.Action) error
	// HandOver hands the player's seat to a bot (on) or takes it back (off,
	// as does any action of theirs). Only a seated player of a running game.
	HandOver(ctx context.Context, acc *accounts.Account, tableID int64, on bool) error
}

// SavedGames exports and imports game files (G004-15). ExportGame writes
// the game file of a table the viewer may see; ImportGame opens a new table
// in the lobby that resumes the running game of a file this server
// exported, or returns the one table of the server holding a finished
// game's result (errors wrap ErrBadFile).
type SavedGames interface {
	ExportGame(ctx context.Context, viewer *accounts.Account, tableID int64) ([]byte, error)
	ImportGame(ctx context.Context, acc *accounts.Account, lobbyID int64, data []byte) (tables.Table, error)
}

// Chatter says and reads chat lines.
type Chatter interface {
	Say(ctx context.Context, acc *accounts.Account, ch chat.Channel, text string) error
	Chat(ctx context.Context, viewer *accounts.Account, ch chat.Channel, n int) ([]chat.Message, error)
}

// Rematches runs the rematch of a finished table (rematch.go).
type Rematches interface {
	// Rematch records a seated player's answer to a rematch of a finished
	// table (bots accept at once). When every player has accepted, a new
	// table with the same seats and options starts and its id is returned;
	// until then it returns 0. accept false withdraws an acceptance.
	Rematch(ctx context.Context, acc *accounts.Account, tableID int64, accept bool) (newTableID int64, err error)
	// RematchState lists who accepted a rematch (account ids, bots
	// included) and who has not yet, and the new table's id once started.
	RematchState(ctx context.Context, viewer *accounts.Account, tableID int64) (accepted, pending []int64, newTableID int64, err error)
}

// Subscriber starts a session's stream of live updates.
type Subscriber interface {
	Subscribe(viewer *accounts.Account) topics.Subscription
}

// API is the whole live lobby, as *Service implements it: what the
// sessions use besides Results.
type API interface {
	Games
	Accounts
	Lobbies
	Forming
	Play
	SavedGames
	Chatter
	Rematches
	Subscriber
}

// Results, ratings and replays of finished games (lobby/results implements
// them). Guests may read public data; a private lobby's games and ladders
// are for its members (and a game's own players).

// LeaderboardSource reads ladders.
type LeaderboardSource interface {
	// Leaderboard is one page of a ladder: a game's global ladder (LobbyID
	// 0) or a private lobby's (members only, else ErrNotFound).
	Leaderboard(ctx context.Context, viewer *accounts.Account, q finished.LeaderboardQuery) (finished.Leaderboard, error)
}

// ProfileSource reads players' profiles and game histories.
type ProfileSource interface {
	// Profile is a player's (or a game bot's) ratings, recent games and
	// totals, limited to what the viewer may see.
	Profile(ctx context.Context, viewer *accounts.Account, handle string) (finished.Profile, error)
	// History lists the player's finished games the viewer may see, newest
	// first (limit 0: 20; at most 100).
	History(ctx context.Context, viewer *accounts.Account, handle string, limit int) ([]finished.GameSummary, error)
}

// ResultSource reads finished games' standings.
type ResultSource interface {
	// RecentResults lists a lobby's finished games, newest first (limit 0:
	// 20; at most 100); finished tables leave the table list after
	// FinishedListed and stay reachable here.
	RecentResults(ctx context.Context, viewer *accounts.Account, lobbyID int64, limit int) ([]finished.GameSummary, error)
	// Results is a finished table's standings with each seat's rating change.
	Results(ctx context.Context, viewer *accounts.Account, tableID int64) (finished.GameSummary, error)
}

// ReplaySource steps through finished games.
type ReplaySource interface {
	// Replay shows a finished game the viewer may see after step actions,
	// as a spectator saw it then (step 0: the set-up; Steps: the end).
	Replay(ctx context.Context, viewer *accounts.Account, tableID int64, step int) (finished.ReplayFrame, error)
	// ReplayRoundStart is the step at which a round of a finished game
	// begins (round 1: step 0).
	ReplayRoundStart(ctx context.Context, viewer *accounts.Account, tableID int64, round int) (int, error)
}

// Results is everything sessions read of finished games.
type Results interface {
	LeaderboardSource
	ProfileSource
	ResultSource
	ReplaySource
}
