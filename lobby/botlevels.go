package lobby

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// Bot levels (engine.Leveled). Each level of each game's bot is an account
// of its own ("bot-unipoly" for the standard bot, "bot-s-unipoly" for the
// strong one), so results and ladders rate the levels separately. A bot
// seat holds the account of its level: the level is stored with the seat
// through the account it holds, and survives restarts without a column of
// its own.

// ErrBadLevel is returned for a bot level the game does not offer.
var ErrBadLevel = errors.New("the game has no bot of that level")

// botKey names one level's bot account.
type botKey struct{ game, level string }

// BotLevelHandle is the handle of the rated account of a game's bot of
// level: BotHandle for the standard level, "bot-" plus the level's first
// letter and the game id for the others (cut to 16 characters).
func BotLevelHandle(game, level string) string {
	if level == "" || level == engine.LevelStandard {
		return BotHandle(game)
	}
	h := "bot-" + level[:1] + "-" + game
	if len(h) > 16 {
		h = h[:16]
	}
	return h
}

// ensureLevelBots creates the accounts of every non-standard level of def's
// bots (New calls it once per game, before anything reads the maps).
func (s *Service) ensureLevelBots(ctx context.Context, def engine.Definition, now time.Time) error {
	id := def.Info().ID
	for _, l := range engine.BotLevels(def) {
		if l.Name == engine.LevelStandard {
			continue
		}
		handle := BotLevelHandle(id, l.Name)
		acc, err := s.store.EnsureBot(ctx, handle, now)
		if err != nil {
			return fmt.Errorf("lobby: bot account %s: %w", handle, err)
		}
		s.levelBots[botKey{id, l.Name}] = acc
		s.botLevels[acc.ID] = l.Name
		s.accounts.Learn(acc.ID, acc.Handle)
	}
	return nil
}

// botAccount is the account of game's bot of level ("" is standard), or
// nil when the game has no such level.
func (s *Service) botAccount(game, level string) *Account {
	if level == "" || level == engine.LevelStandard {
		return s.bots[game]
	}
	return s.levelBots[botKey{game, level}]
}

// BotLevel is the level of the bot whose account has the id: "" for the
// standard level or an account that is not a bot of another level.
func (s *Service) BotLevel(accountID int64) string { return s.botLevels[accountID] }

// SetBotLevel makes the bot in seat seatIdx a bot of level (host only,
// while forming): the seat then holds that level's account.
func (s *Service) SetBotLevel(ctx context.Context, host *Account, tableID int64, seatIdx int, level string) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallBotLevel, Seat: seatIdx, Value: level}); ok {
		return err
	}
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.hostForming(host); err != nil {
			return err
		}
		if seatIdx < 0 || seatIdx >= len(t.seats) || !t.seats[seatIdx].bot {
			return userErr(ErrNotFound, "there is no bot in that seat")
		}
		acc := s.botAccount(t.info.ID, level)
		if acc == nil {
			return userErr(ErrBadLevel, fmt.Sprintf("%s has no %s bot; its levels: %s", t.info.Title,
				Sanitize(level, 20), play.LevelList(t.def)))
		}
		if t.seats[seatIdx].accountID == acc.ID {
			return nil
		}
		before := t.snapshot()
		t.seats[seatIdx].accountID = acc.ID
		return t.save(ctx, before)
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
