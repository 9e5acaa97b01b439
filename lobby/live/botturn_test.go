package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"

	"boardroom/engine"
	"boardroom/lobby/errs"

	"github.com/stretchr/testify/require"
)

// act is a test action; refused ones fail to apply.
type act string

func (a act) Kind() string { return string(a) }

// fakeSeats records what a bot turn applied.
type fakeSeats struct {
	auto, bots map[int]bool
	legal      []engine.Action
	choice     engine.Action
	refused    map[engine.Action]error
	applied    []string
}

func (f *fakeSeats) AutoPlayed(i int) bool     { return f.auto[i] }
func (f *fakeSeats) BotPlays(i int) bool       { return f.bots[i] }
func (f *fakeSeats) Legal(int) []engine.Action { return f.legal }
func (f *fakeSeats) Choose(int) engine.Action  { return f.choice }
func (f *fakeSeats) Apply(_ context.Context, i int, a engine.Action) error {
	if err := f.refused[a]; err != nil {
		return err
	}
	f.applied = append(f.applied, fmt.Sprintf("%d:%s", i, a.Kind()))
	return nil
}

var quiet = slog.New(slog.DiscardHandler)

// TestBotMoveFallsBackFromARefusedChoice: a bot's illegal choice gets the
// prompt's default, then the first legal action that applies; a refused
// write stops the turn; the player's own seat is never moved for.
func TestBotMoveFallsBackFromARefusedChoice(t *testing.T) {
	ctx := context.Background()
	waiting := []engine.Wait{{Seat: 0, Default: act("pass")}, {Seat: 1, Default: act("pass")}}
	f := &fakeSeats{auto: map[int]bool{1: true}, bots: map[int]bool{1: true}, legal: []engine.Action{act("bid"), act("buy")},
		choice: act("cheat"), refused: map[engine.Action]error{act("cheat"): errors.New("illegal"), act("pass"): errors.New("not now")}}
	require.True(t, BotMove(ctx, waiting, f, quiet, 1))
	require.Equal(t, []string{"1:bid"}, f.applied, "seat 0 is its player's; seat 1's default was refused, its first legal action applied")

	f = &fakeSeats{auto: map[int]bool{0: true}, bots: map[int]bool{0: true}, choice: act("bid"),
		refused: map[engine.Action]error{act("bid"): fmt.Errorf("write: %w", errs.ErrStorage)}}
	require.False(t, BotMove(ctx, waiting, f, quiet, 1), "a refused write stops the turn")
	require.Empty(t, f.applied)

	f = &fakeSeats{auto: map[int]bool{0: true}, bots: map[int]bool{0: true}, choice: nil, legal: []engine.Action{act("bid")},
		refused: map[engine.Action]error{act("pass"): errors.New("no"), act("bid"): errors.New("no")}}
	require.False(t, BotMove(ctx, waiting, f, quiet, 1), "nothing applies")

	f = &fakeSeats{auto: map[int]bool{}, bots: map[int]bool{0: true}}
	require.False(t, BotMove(ctx, waiting, f, quiet, 1), "no seat the lobby moves for")
}

// TestBotMoveAbsentSeatTakesOnlyItsDefault (C-7): a seat that takes its
// defaults gets the prompt's default and nothing else, even when it is
// refused and other actions are legal.
func TestBotMoveAbsentSeatTakesOnlyItsDefault(t *testing.T) {
	ctx := context.Background()
	f := &fakeSeats{auto: map[int]bool{0: true}, legal: []engine.Action{act("buy")}, choice: act("buy")}
	require.True(t, BotMove(ctx, []engine.Wait{{Seat: 0, Default: act("pass")}}, f, quiet, 1))
	require.Equal(t, []string{"0:pass"}, f.applied)

	f.applied, f.refused = nil, map[engine.Action]error{act("pass"): errors.New("no")}
	require.False(t, BotMove(ctx, []engine.Wait{{Seat: 0, Default: act("pass")}}, f, quiet, 1))
	require.Empty(t, f.applied, "the seat waits for its player")
	require.False(t, BotMove(ctx, []engine.Wait{{Seat: 0}}, f, quiet, 1), "no default: nothing")
	require.Empty(t, f.applied)
}
