package live

import (
	"context"
	"errors"
	"log/slog"

	"boardroom/engine"
	"boardroom/lobby/errs"
)

// BotSeats is what a bot turn asks of its table, whose lock the caller
// holds.
type BotSeats interface {
	// AutoPlayed: the lobby moves for the seat without waiting for its
	// player (a bot plays it, or it takes its defaults at once, C-7).
	AutoPlayed(seat int) bool
	// BotPlays: a bot chooses the seat's moves with its full strategy.
	BotPlays(seat int) bool
	// Legal are the seat's legal actions now.
	Legal(seat int) []engine.Action
	// Choose asks the seat's bot; nil when it chose nothing (or panicked).
	// The bot asks the game for the parts of the legal list it reads
	// (engine.ChooseAction): a property game's whole list, with every
	// build, mortgage and trade template, was made for each bot move.
	Choose(seat int) engine.Action
	// Apply applies, stores and tells the seat's action; a refused write
	// is errs.ErrStorage.
	Apply(ctx context.Context, seat int, a engine.Action) error
}

// BotMove makes one move for the first seat awaited (waiting: the game's
// prompt) that the lobby moves for, and reports whether it made one. A
// seat that takes defaults only gets the prompt's default action; a bot
// that chooses an illegal action, or nothing, gets the default instead,
// then the first legal action that applies. A refused write stops the
// turn (the table backs off and tries again).
func BotMove(ctx context.Context, waiting []engine.Wait, s BotSeats, log *slog.Logger, tableID int64) bool {
	for _, w := range waiting {
		i := w.Seat
		if !s.AutoPlayed(i) {
			continue
		}
		if !s.BotPlays(i) {
			return ApplyDefault(ctx, s, log, tableID, i, w.Default)
		}
		a := s.Choose(i)
		if a != nil {
			err := s.Apply(ctx, i, a)
			if err == nil {
				return true
			}
			if errors.Is(err, errs.ErrStorage) {
				return false
			}
			log.Warn("bot chose an illegal action; applying the default", "table", tableID, "seat", i, "kind", a.Kind(), "err", err)
		} else {
			log.Warn("bot chose no action; applying the default", "table", tableID, "seat", i)
		}
		for _, fallback := range append([]engine.Action{w.Default}, s.Legal(i)...) {
			if fallback == nil {
				continue
			}
			err := s.Apply(ctx, i, fallback)
			if err == nil {
				return true
			}
			if errors.Is(err, errs.ErrStorage) {
				return false
			}
		}
		log.Error("no action applies for a bot seat", "table", tableID, "seat", i)
		return false
	}
	return false
}

// ApplyDefault applies an absent seat's default action, and nothing else:
// if the game refuses it, the seat waits for its player rather than have
// the lobby choose for them.
func ApplyDefault(ctx context.Context, s BotSeats, log *slog.Logger, tableID int64, i int, def engine.Action) bool {
	if def == nil {
		log.Error("the prompt has no default action", "table", tableID, "seat", i)
		return false
	}
	if err := s.Apply(ctx, i, def); err != nil {
		if !errors.Is(err, errs.ErrStorage) {
			log.Error("the default action failed", "table", tableID, "seat", i, "kind", def.Kind(), "err", err)
		}
		return false
	}
	return true
}
