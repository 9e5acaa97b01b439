package lobby

import (
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
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

// Seat is one seat of a table. An empty seat has AccountID 0 and Bot false.
type Seat struct {
	Index     int    `json:"index"`
	AccountID int64  `json:"account_id,omitempty"`
	Handle    string `json:"handle,omitempty"`
	Bot       bool   `json:"bot,omitempty"`
	Ready     bool   `json:"ready,omitempty"`
	Connected bool   `json:"connected,omitempty"` // a session of the account watches the table
	Away      bool   `json:"away,omitempty"`      // the player is absent: the seat takes only its default actions (C-7)
	BotPlays  bool   `json:"bot_plays,omitempty"` // the player handed the seat to a bot until they act again
	Out       bool   `json:"out,omitempty"`       // the seat left the running game (resigned, bankrupt: engine.SeatsOut)
	// Awaited: the running game waits for this seat's decision now (whose
	// move it is: the lobby's "your move" marks and the status command).
	Awaited bool `json:"awaited,omitempty"`
	// Online: the seat's player has a session open now, at this table or
	// anywhere else (Connected is only this table).
	Online bool `json:"online,omitempty"`
	// Level is a bot seat's level (engine.LevelStandard, LevelStrong...).
	Level string `json:"level,omitempty"`
}

// Empty reports whether nobody sits in the seat.
func (s Seat) Empty() bool { return s.AccountID == 0 && !s.Bot }

// Table is a table as a viewer sees it.
type Table struct {
	ID         int64             `json:"id"`
	LobbyID    int64             `json:"lobby_id"`
	Game       string            `json:"game"`
	GameTitle  string            `json:"game_title"`
	Options    map[string]string `json:"options"`
	HostID     int64             `json:"host_id"`
	HostHandle string            `json:"host_handle"`
	Status     string            `json:"status"`
	Seats      []Seat            `json:"seats"`
	MinSeats   int               `json:"min_seats"`
	MaxSeats   int               `json:"max_seats"`
	TurnTimer  int               `json:"turn_timer"` // seconds; 0 = off, TurnTimerRules = C-7 per decision
	Spectators int               `json:"spectators"`
	Round      int               `json:"round,omitempty"`
	CreatedAt  time.Time         `json:"created_at"`
	UpdatedAt  time.Time         `json:"updated_at"`
	// BotLevels are the levels the game's bots come in, standard first.
	BotLevels []engine.BotLevel `json:"bot_levels,omitempty"`
}

// SeatOf returns the seat index of an account at the table, or -1.
func (t Table) SeatOf(accountID int64) int {
	if accountID == 0 {
		return -1
	}
	for _, s := range t.Seats {
		if s.AccountID == accountID && !s.Bot {
			return s.Index
		}
	}
	return -1
}

// LogLine is one event of a game as a viewer may read it (lobby/play).
type LogLine = play.LogLine

// GameState is everything a session needs to draw a table's game for one
// viewer. It never holds what that viewer may not see.
type GameState struct {
	Table    Table           `json:"table"`
	Seat     int             `json:"seat"` // the viewer's seat, or engine.Spectator
	View     engine.View     `json:"view"`
	Prompt   engine.Prompt   `json:"prompt"`
	Legal    []engine.Action `json:"-"`   // the viewer's legal actions now
	Log      []LogLine       `json:"log"` // most recent last
	Outcome  engine.Outcome  `json:"outcome"`
	Deadline time.Time       `json:"deadline,omitempty"` // when the turn timer lapses; zero if off
	Version  int             `json:"version"`            // number of actions applied
	// OwnerLost, in a cluster, is when this node last heard of the table's
	// owner, once that is Config.OwnerSilence ago: the screen says it is
	// reconnecting, and the turn timers stand still from then (the time
	// left is Deadline minus OwnerLost) until a new owner resumes them.
	// Zero while the owner is heard of (failover.go).
	OwnerLost time.Time `json:"ownerLost,omitempty"`
	// MoveWaits: the viewer's move waits for the table's new owner
	// (ErrMoving, moving.go).
	MoveWaits bool `json:"moveWaits,omitempty"`
}

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
