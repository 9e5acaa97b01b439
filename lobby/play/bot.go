package play

import (
	"strings"

	"boardroom/engine"
)

// Bots move for bot seats, open seats and seats handed to a bot; the
// table decides when (its schedule) and applies what they choose.

// NewBot makes seat's bot of level ("" or engine.LevelStandard: the game's
// standard bot). ok is false when the game has no bot of that level: the
// standard bot plays, and the caller says so.
func NewBot(def engine.Definition, level string, seat int, seed uint64) (b engine.Bot, ok bool) {
	if level != "" && level != engine.LevelStandard {
		if b, err := engine.NewLeveledBot(def, level, seat, seed); err == nil {
			return b, true
		}
		return def.NewBot(seat, seed), false
	}
	return def.NewBot(seat, seed), true
}

// Choose asks b for an action from the seat's own view and legal actions
// only: a bot that reads parts of the legal list (engine.LazyChooser)
// asks g for those, and chooses what it would from the whole list. A
// panicking bot chooses nothing; panicked is what it panicked with.
func Choose(b engine.Bot, g engine.Game, seat int) (a engine.Action, panicked any) {
	defer func() {
		if r := recover(); r != nil {
			a, panicked = nil, r
		}
	}()
	return engine.ChooseAction(b, engine.ViewFor(b, g, seat), g, seat), nil // chosen at once: a lent view (or none, engine.GameReader) will do
}

// LevelName is how a bot level is written for players: "standard" for "".
func LevelName(level string) string {
	if level == "" {
		return engine.LevelStandard
	}
	return level
}

// LevelList is the game's bot levels, comma-separated.
func LevelList(def engine.Definition) string {
	var names []string
	for _, l := range engine.BotLevels(def) {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}
