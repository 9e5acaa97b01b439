// Package bots is the lobby's bot accounts: each level of each game's bot
// is an account of its own ("bot-unipoly" for the standard bot,
// "bot-s-unipoly" for the strong one), so results and ladders rate the
// levels separately. A bot seat holds the account of its level: the level
// is stored with the seat through the account it holds, and survives
// restarts without a column of its own. The Roster is built once at the
// lobby's start and only read after.
package bots

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
)

// ErrBadLevel is returned for a bot level the game does not offer.
var ErrBadLevel = errors.New("the game has no bot of that level")

// Store makes the bot accounts (the accounts' store does).
type Store interface {
	EnsureBot(ctx context.Context, handle string, at time.Time) (*accounts.Account, error)
}

// key names one level's bot account.
type key struct{ game, level string }

// Roster is every game's bot accounts, by game and level.
type Roster struct {
	std map[string]*accounts.Account // the standard level's, by game id
	// levels and levelOf are the accounts of the other bot levels.
	levels  map[key]*accounts.Account
	levelOf map[int64]string
}

// Handle is the handle of a game's rated bot account, under which its
// profile is found ("bot-" is reserved, so no player can take it).
func Handle(game string) string {
	h := "bot-" + game
	if len(h) > 16 {
		h = h[:16]
	}
	return h
}

// LevelHandle is the handle of the rated account of a game's bot of
// level: Handle for the standard level, "bot-" plus the level's first
// letter and the game id for the others (cut to 16 characters).
func LevelHandle(game, level string) string {
	if level == "" || level == engine.LevelStandard {
		return Handle(game)
	}
	h := "bot-" + level[:1] + "-" + game
	if len(h) > 16 {
		h = h[:16]
	}
	return h
}

// Load creates (or finds) the accounts of every level of every game's
// bots, in the registry's order; learn hears each account's handle.
func Load(ctx context.Context, store Store, defs []engine.Definition, now time.Time, learn func(id int64, handle string)) (*Roster, error) {
	r := &Roster{std: map[string]*accounts.Account{}, levels: map[key]*accounts.Account{}, levelOf: map[int64]string{}}
	for _, def := range defs {
		handle := Handle(def.Info().ID)
		acc, err := store.EnsureBot(ctx, handle, now)
		if err != nil {
			return nil, fmt.Errorf("lobby: bot account %s: %w", handle, err)
		}
		r.std[def.Info().ID] = acc
		learn(acc.ID, acc.Handle)
		if err := r.ensureLevels(ctx, store, def, now, learn); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// ensureLevels creates the accounts of every non-standard level of def's
// bots.
func (r *Roster) ensureLevels(ctx context.Context, store Store, def engine.Definition, now time.Time, learn func(int64, string)) error {
	id := def.Info().ID
	for _, l := range engine.BotLevels(def) {
		if l.Name == engine.LevelStandard {
			continue
		}
		handle := LevelHandle(id, l.Name)
		acc, err := store.EnsureBot(ctx, handle, now)
		if err != nil {
			return fmt.Errorf("lobby: bot account %s: %w", handle, err)
		}
		r.levels[key{id, l.Name}] = acc
		r.levelOf[acc.ID] = l.Name
		learn(acc.ID, acc.Handle)
	}
	return nil
}

// Standard is the account of game's standard bot (nil: no such game).
func (r *Roster) Standard(game string) *accounts.Account { return r.std[game] }

// Account is the account of game's bot of level ("" is standard), or nil
// when the game has no such level.
func (r *Roster) Account(game, level string) *accounts.Account {
	if level == "" || level == engine.LevelStandard {
		return r.std[game]
	}
	return r.levels[key{game, level}]
}

// Level is the level of the bot whose account has the id: "" for the
// standard level or an account that is not a bot of another level.
func (r *Roster) Level(accountID int64) string { return r.levelOf[accountID] }

// Game is the game whose bot account has the id, if it is one.
func (r *Roster) Game(accountID int64) (string, bool) {
	for game, acc := range r.std {
		if acc.ID == accountID {
			return game, true
		}
	}
	for k, acc := range r.levels {
		if acc.ID == accountID {
			return k.game, true
		}
	}
	return "", false
}
