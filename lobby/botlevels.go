package lobby

import (
	"boardroom/engine"
	"boardroom/lobby/bots"
)

// Bot levels (engine.Leveled): each level of each game's bot is an account
// of its own, kept by lobby/bots' Roster (s.bots, built in New); a bot
// seat holds the account of its level.

// ErrBadLevel is returned for a bot level the game does not offer.
var ErrBadLevel = bots.ErrBadLevel

// BotHandle is the handle of a game's rated bot account, under which its
// profile is found ("bot-" is reserved, so no player can take it).
func BotHandle(game string) string { return bots.Handle(game) }

// BotLevelHandle is the handle of the rated account of a game's bot of
// level (bots.LevelHandle).
func BotLevelHandle(game, level string) string { return bots.LevelHandle(game, level) }

// botAccount is the account of game's bot of level ("" is standard), or
// nil when the game has no such level.
func (s *Service) botAccount(game, level string) *Account { return s.bots.Account(game, level) }

// BotLevel is the level of the bot whose account has the id: "" for the
// standard level or an account that is not a bot of another level.
func (s *Service) BotLevel(accountID int64) string { return s.bots.Level(accountID) }

// GameBotLevels is the levels a game's bots come in, standard first (what
// a table of the game offers as Table.BotLevels), or nil for an unknown
// game: a command checks a level before it opens a table.
func (s *Service) GameBotLevels(game string) []engine.BotLevel {
	def, err := s.reg.Get(game)
	if err != nil {
		return nil
	}
	return engine.BotLevels(def)
}
