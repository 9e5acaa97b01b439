// Package tournament is the arithmetic of a tournament, apart from the
// tables that play it: points from a game's placings, standings with their
// tie-breaks, Swiss seating by standing that avoids repeated company, and
// the arena's re-seating of waiting players. It knows no tables, no store
// and no clock: the lobby feeds it the games played and the players still
// in, and seats what it returns. Standard library only, deterministic.
package tournament

import (
	"fmt"
	"time"
)

// Format is how a tournament seats its players.
type Format string

const (
	// Swiss plays rounds: every round seats all active players at once,
	// by standing, and starts when every table of the previous one ended.
	Swiss Format = "swiss"
	// Arena plays a time window: a player who finishes is seated again
	// with others waiting, by standing, until the window closes.
	Arena Format = "arena"
)

// ParseFormat reads a format as a player types it.
func ParseFormat(s string) (Format, error) {
	switch Format(s) {
	case Swiss, Arena:
		return Format(s), nil
	}
	return "", fmt.Errorf("a tournament is swiss or arena, not %q", s)
}

// MinTableSize and MaxTableSize bound the seats of a tournament table.
const (
	MinTableSize = 2
	MaxTableSize = 7
)

// PlayerID names a tournament player (the lobby uses account ids). Zero is
// never a player: a seat with Player 0 is a bot's.
type PlayerID int64

// Entry is one player of a tournament, in the order they joined.
type Entry struct {
	Player PlayerID
	// Withdrawn: the player left after the start; they are not seated
	// again and their seats in running games play on by the timeouts'
	// defaults. Their points so far stay in the standings, marked.
	Withdrawn bool
	// Absent: the player timed out of their last game (flagged away);
	// they are not seated in the next round until they come back.
	Absent bool
}

// Active says whether the entry is seated in the next round.
func (e Entry) Active() bool { return !e.Withdrawn && !e.Absent }

// Seat is one seat of a tournament game: a player, or a bot filling an
// empty seat (Player 0, Bot true).
type Seat struct {
	Player PlayerID `json:"player,omitempty"`
	Bot    bool     `json:"bot,omitempty"`
	// Placing is the seat's place when the game ended: 1 is best and
	// tied seats share the better place (1, 1, 3, 4). Zero while running.
	Placing int
}

// Game is one table of a tournament: its round (Swiss) or its sequence
// number (arena), and its seats in seat order.
type Game struct {
	Round    int
	Table    int
	Seats    []Seat
	Finished bool
}

// Players are the tournament players seated in the game, in seat order.
func (g Game) Players() []PlayerID {
	var out []PlayerID
	for _, s := range g.Seats {
		if !s.Bot && s.Player != 0 {
			out = append(out, s.Player)
		}
	}
	return out
}

// NextAt is the next time the clock shows hh:mm (UTC) after now: today's
// if it is still ahead, else tomorrow's. A team's "starts at 19:30".
func NextAt(now time.Time, hhmm string) (time.Time, error) {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return time.Time{}, fmt.Errorf("a start time is HH:MM (UTC), not %q", hhmm)
	}
	now = now.UTC()
	at := time.Date(now.Year(), now.Month(), now.Day(), t.Hour(), t.Minute(), 0, 0, time.UTC)
	if !at.After(now) {
		at = at.AddDate(0, 0, 1)
	}
	return at, nil
}
