package engine

import (
	"errors"
	"fmt"
)

// Bot levels. Every game's NewBot is its standard level; a game that also
// ships stronger bots implements Leveled. The platform lets a table's host
// pick a level per bot seat, and rates each level under its own account.
const (
	// LevelStandard is the bot of Definition.NewBot: a fair opponent for
	// a beginner, fast enough for thousands of simulated games.
	LevelStandard = "standard"
	// LevelStrong searches: it plays its candidate moves out over the
	// engine itself, from positions sampled from its own View, within a
	// bounded number of playouts per decision (no wall clock, so it stays
	// deterministic for its seed).
	LevelStrong = "strong"
)

// ErrUnknownLevel is wrapped when a game has no bot of the level asked for.
var ErrUnknownLevel = errors.New("unknown bot level")

// BotLevel names one level of a game's bots for the table screen and the
// plain commands.
type BotLevel struct {
	Name        string `json:"name"`        // LevelStandard, LevelStrong, ...
	Description string `json:"description"` // one line for players
}

// StandardLevel describes the level every game has.
var StandardLevel = BotLevel{Name: LevelStandard, Description: "plays by simple rules of thumb; a fair opponent for a beginner"}

// StrongLevel describes the searching level (LevelStrong).
var StrongLevel = BotLevel{Name: LevelStrong, Description: "thinks ahead: plays each choice out many times before it decides"}

// Leveled is implemented by games whose bots come in more than one level.
// BotLevels lists them, LevelStandard first; NewBotLevel makes a bot of a
// listed level (LevelStandard gives the same bot as NewBot) and returns nil
// for a level it does not list. Like every Bot, a leveled bot sees only its
// own View and the Legal actions, and is deterministic for its seed.
type Leveled interface {
	BotLevels() []BotLevel
	NewBotLevel(level string, seat int, seed uint64) Bot
}

// BotLevels returns the levels def offers: those of Leveled, else the
// standard level only.
func BotLevels(def Definition) []BotLevel {
	if l, ok := def.(Leveled); ok {
		if lv := l.BotLevels(); len(lv) > 0 {
			return lv
		}
	}
	return []BotLevel{StandardLevel}
}

// HasLevel reports whether def offers a bot of level ("" is standard).
func HasLevel(def Definition, level string) bool {
	if level == "" || level == LevelStandard {
		return true
	}
	for _, l := range BotLevels(def) {
		if l.Name == level {
			return true
		}
	}
	return false
}

// NewLeveledBot makes def's bot of level for seat ("" is standard). It
// returns an error wrapping ErrUnknownLevel when def has no such level.
func NewLeveledBot(def Definition, level string, seat int, seed uint64) (Bot, error) {
	if level == "" || level == LevelStandard {
		return def.NewBot(seat, seed), nil
	}
	if l, ok := def.(Leveled); ok && HasLevel(def, level) {
		if b := l.NewBotLevel(level, seat, seed); b != nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("%w %q for %s", ErrUnknownLevel, level, def.Info().ID)
}
