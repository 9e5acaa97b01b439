package lobby

import (
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/live"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
	"boardroom/lobby/topics"
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

// LogLines is a game's log as one viewer reads it (GameState.Log): a view
// whose lines hold no pointer (lobby/play).
type LogLines = play.LogLines

// LinesOf is a view of lines, their texts copied (lobby/play).
func LinesOf(lines []LogLine) LogLines { return play.LinesOf(lines) }

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

// What a session watches and is told (lobby/topics).
type (
	TopicKind    = topics.TopicKind
	Topic        = topics.Topic
	Update       = topics.Update
	Subscription = topics.Subscription
)

// Topic kinds (lobby/topics).
const (
	TopicLobby    = topics.TopicLobby
	TopicTable    = topics.TopicTable
	TopicChat     = topics.TopicChat
	TopicAccount  = topics.TopicAccount
	TopicShutdown = topics.TopicShutdown
	TopicBell     = topics.TopicBell
	TopicInvite   = topics.TopicInvite
)

// SeatNames lists the display name of every seat: the player's handle, or
// "Bot N" for a bot seat (lobby/live).
func SeatNames(seats []Seat) []string { return live.SeatNames(seats) }

// BotName is the name of the bot in seat i (0-based): "Bot 1" for the
// first, on every screen and in every result.
func BotName(i int) string { return live.BotName(i) }

// NameSeats replaces the engine's "Seat N" in text with the names
// (lobby/play).
func NameSeats(text string, names []string) string { return play.NameSeats(text, names) }
