package lobby

import (
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
)

// Account is a player (or a bot: Bot is true and Fingerprint empty;
// lobby/accounts).
type Account = accounts.Account

// PublicLobbyID is the id of the public lobby everyone sees.
const PublicLobbyID = lobbies.PublicID

// Lobby is a space with tables, chat and a leaderboard (lobby/lobbies).
type Lobby = lobbies.Lobby

// Member is one member of a private lobby.
type Member = lobbies.Member

// Table statuses.
const (
	TableForming   = "forming"
	TablePlaying   = "playing"
	TableFinished  = "finished"
	TableAbandoned = "abandoned"
)

// A table as a viewer sees it, its seats, and a game's state for one
// viewer (lobby/tables).
type (
	Seat      = tables.Seat
	Table     = tables.Table
	GameState = tables.GameState
)

// LogLine is one event of a game as a viewer may read it (lobby/play).
type LogLine = play.LogLine

// Channel names a chat room: a lobby's, a table's players', or a table's
// spectators'. Build them with LobbyChannel, TableChannel, SpectatorChannel.
type Channel = chat.Channel

// LobbyChannel is the chat of a lobby.
func LobbyChannel(lobbyID int64) Channel { return Channel{Lobby: lobbyID} }

// TableChannel is the chat of a table's players (everyone while forming).
func TableChannel(tableID int64) Channel { return Channel{Table: tableID} }

// SpectatorChannel is the spectators' chat of a table during a game; the
// players do not see it until the game is over.
func SpectatorChannel(tableID int64) Channel { return Channel{Table: tableID, Spectators: true} }

// ChatMessage is one chat line. Text and Handle are already sanitised.
type ChatMessage = chat.Message

// TopicKind says what changed.
type TopicKind int

// Topic kinds.
const (
	TopicLobby    TopicKind = iota + 1 // a lobby's table list, members or name
	TopicTable                         // a table's seats, options, status or game
	TopicChat                          // a chat channel got a message
	TopicAccount                       // the viewer's own account or memberships
	TopicShutdown                      // the server is going down; Text says why
	// TopicBell: a decision of the viewer opened (ID: the table) or a chat
	// line named them (ID 0); Text says which. Delivered to every session
	// of the account, whatever it watches (bell.go).
	TopicBell
	// TopicInvite: the viewer was invited to a forming table (ID); Text
	// says by whom. Delivered like TopicBell (invitations.go).
	TopicInvite
)

// Topic is something a session may watch.
type Topic struct {
	Kind    TopicKind
	ID      int64   // lobby or table id
	Channel Channel // for TopicChat
}

// Update tells a subscriber that a topic changed. A table's update carries
// the viewer's fresh state (State, built once per viewer class); for the
// rest the session reads the fresh state through the API. Resync means
// updates were dropped because the subscriber fell behind: refresh
// everything.
type Update struct {
	Topic  Topic
	Resync bool
	Text   string // for TopicShutdown and notices
	// State is, on a TopicTable update, the table and its game as the
	// subscription's viewer sees them after the change; nil when the
	// update does not carry it (then read GameState). It is shared with
	// every session of the same viewer class: read it, never change it.
	State *GameState
}

// Subscription is one session's stream of updates. C is buffered; the hub
// never blocks on it.
type Subscription interface {
	C() <-chan Update
	// Watch replaces the set of watched topics. TopicAccount and
	// TopicShutdown are always delivered.
	Watch(topics ...Topic)
	// Close ends the subscription and marks the viewer's seats as not
	// connected (they keep their seats).
	Close()
}
