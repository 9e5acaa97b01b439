package lobby

import (
	"context"
	"fmt"

	"boardroom/engine"
	"boardroom/lobby/bots"
	"boardroom/lobby/play"
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

// SetBotLevel makes the bot in seat seatIdx a bot of level (host only,
// while forming): the seat then holds that level's account.
func (s *Service) SetBotLevel(ctx context.Context, host *Account, tableID int64, seatIdx int, level string) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallBotLevel, Seat: seatIdx, Value: level}); ok {
		return err
	}
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		if seatIdx < 0 || seatIdx >= len(t.Seats) || !t.Seats[seatIdx].Bot {
			return userErr(ErrNotFound, "there is no bot in that seat")
		}
		acc := s.botAccount(t.Info.ID, level)
		if acc == nil {
			return userErr(ErrBadLevel, fmt.Sprintf("%s has no %s bot; its levels: %s", t.Info.Title,
				Sanitize(level, 20), play.LevelList(t.Def)))
		}
		if t.Seats[seatIdx].AccountID == acc.ID {
			return nil
		}
		before := t.Snapshot()
		t.Seats[seatIdx].AccountID = acc.ID
		return t.Save(ctx, before)
	})
}

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
