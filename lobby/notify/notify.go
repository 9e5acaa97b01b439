// Package notify is the lobby's notifications and a player's own choices
// (issue 28): a private lobby's webhook to the team's chat and what it is
// told (a table opened, a daily move waits, an invitation, a game's
// standings), invitations to a forming table, a player's settings and the
// lobby their next session opens in.
//
// It imports no live table and no Service: the Service (package lobby)
// builds each part over its store and a Lobby, and asks Tables what only a
// table knows. The Service embeds the session-facing sides (lobby.Webhooks,
// lobby.AccountSettings, lobby.LastLobbies, lobby.Invitations), so sessions
// call them on *lobby.Service as before; the root re-exports the types.
package notify

import (
	"time"

	"boardroom/lobby/lobbies"
)

// Lobby is what the notifications ask the live lobby. Package lobby's
// Service implements it through a small adapter.
type Lobby interface {
	// CanSee reports whether the account may see the lobby.
	CanSee(accountID, lobbyID int64) bool
	// Lobby is the lobby's record, false when there is none.
	Lobby(lobbyID int64) (lobbies.Record, bool)
	// Handle is an account's handle (from the cache).
	Handle(accountID int64) string
	// AccountChanged tells the account's sessions that their account
	// changed (an account update).
	AccountChanged(accountID int64)
	// LobbyChanged tells the lobby's sessions, and the other nodes, that
	// the lobby changed.
	LobbyChanged(lobbyID int64)
	// StorageErr logs a store failure and words it for players.
	StorageErr(err error) error
	// Now is the lobby's clock.
	Now() time.Time
}
