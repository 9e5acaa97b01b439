package search

import "boardroom/engine"

// The bot-level setup every game with a searching strong bot shares: its
// levels, how a level's bot is made, and the budget of a strong bot that
// plays out a number of rounds over a few candidates.

// Levels is engine.Leveled's BotLevels of a game whose strong bot
// searches: the standard level and the strong one.
func Levels() []engine.BotLevel {
	return []engine.BotLevel{engine.StandardLevel, engine.StrongLevel}
}

// NewLevel is engine.Leveled's NewBotLevel of such a game: standard (the
// game's NewBot) for "" and engine.LevelStandard, strong for
// engine.LevelStrong, nil for a level the game does not list.
func NewLevel(level string, seat int, seed uint64, standard, strong func(seat int, seed uint64) engine.Bot) engine.Bot {
	switch level {
	case "", engine.LevelStandard:
		return standard(seat, seed)
	case engine.LevelStrong:
		return strong(seat, seed)
	}
	return nil
}

// RoundsBudget bounds a strong bot's search of one decision in a game
// whose playouts run a number of rounds (IT Billionaire, IT's All in the
// Game): the search's own Budget, how many rounds a playout runs (each
// game says from which round it counts) and how many candidates are
// compared at most, the standard choice included.
type RoundsBudget struct {
	Budget
	Rounds int
	Cands  int
}
