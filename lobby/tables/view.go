package tables

import (
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// A table as sessions see it (package lobby re-exports these: lobby.Table,
// lobby.Seat, lobby.GameState).

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

// GameState is everything a session needs to draw a table's game for one
// viewer. It never holds what that viewer may not see.
type GameState struct {
	Table    Table           `json:"table"`
	Seat     int             `json:"seat"` // the viewer's seat, or engine.Spectator
	View     engine.View     `json:"view"`
	Prompt   engine.Prompt   `json:"prompt"`
	Legal    []engine.Action `json:"-"`   // the viewer's legal actions now
	Log      play.LogLines   `json:"log"` // most recent last
	Outcome  engine.Outcome  `json:"outcome"`
	Deadline time.Time       `json:"deadline,omitempty"` // when the turn timer lapses; zero if off
	Version  int             `json:"version"`            // number of actions applied
	// OwnerLost, in a cluster, is when this node last heard of the table's
	// owner, once that is Config.OwnerSilence ago: the screen says it is
	// reconnecting, and the turn timers stand still from then (the time
	// left is Deadline minus OwnerLost) until a new owner resumes them.
	// Zero while the owner is heard of (lobby's failover.go).
	OwnerLost time.Time `json:"ownerLost,omitempty"`
	// MoveWaits: the viewer's move waits for the table's new owner
	// (lobby.ErrMoving, lobby's moving.go).
	MoveWaits bool `json:"moveWaits,omitempty"`
}
