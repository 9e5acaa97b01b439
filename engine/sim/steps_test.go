package sim

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// TestPlayStepsPlaysAsTheLoop: the property games' own loop of the
// simulator's steps (engine.StepPlayer, Game.PlaySteps) plays their games
// exactly as the simulator's loop does without it (fastSteps, stepSeats):
// the same results, actions, turns, audits and errors, for games played
// through, capped, stopped at the step limit, with a seat the loop does
// not serve (the strong bot), and with a bot choosing nothing or an
// action the game refuses; and it is the path taken.
func TestPlayStepsPlaysAsTheLoop(t *testing.T) {
	defs := []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}}
	cfgs := []Config{
		{Games: 6, MaxRounds: 100},
		{Games: 3, MaxRounds: 4},
		{Games: 2, MaxSteps: 57},
		{Games: 2, MaxSteps: 300},
	}
	for _, def := range defs {
		for _, c := range cfgs {
			c.Def, c.Players, c.Seed, c.CheckAtEnd = def, 4, 11, true
			both(t, func() Config { return c }, fmt.Sprintf("%s %d rounds %d steps", def.Info().ID, c.MaxRounds, c.MaxSteps))
		}
	}
	// a strong seat is asked by the simulator's loop, the others by the game's
	both(t, func() Config {
		return Config{Def: unipoly.Definition{}, Games: 1, Players: 4, Seed: 3, MaxRounds: 8, CheckAtEnd: true,
			Levels: []string{"strong", "", "", ""}}
	}, "strong seat")
	for _, mode := range []string{"nil", "illegal"} {
		for _, at := range []int{5, 40, 333} {
			r := both(t, func() Config {
				def := &badBots{Definition: unipoly.Definition{}, mode: mode, at: at}
				return Config{Def: def, Games: 1, Players: 4, Seed: 5, MaxRounds: 100, CheckAtEnd: true}
			}, mode)
			require.ErrorIs(t, r[0].Err, ErrBotIllegal, "%s at %d", mode, at)
		}
	}
}

// both plays the games of mk's configuration in one worker with the
// games' own loop and without it, requires the same results and returns
// them.
func both(t *testing.T, mk func() Config, name string) []GameResult {
	t.Helper()
	play := func(on bool) ([]GameResult, int) {
		defer func(was bool) { playSteps = was }(playSteps)
		playSteps = on
		c := mk()
		var w Worker
		out := make([]GameResult, c.Games)
		for i := range out {
			out[i] = w.Play(c, i)
		}
		return out, w.played
	}
	own, played := play(true)
	require.Positive(t, played, "%s: the game played steps itself", name)
	loop, played := play(false)
	require.Zero(t, played, "%s: the loop played them", name)
	require.Equal(t, loop, own, name)
	return own
}

// badBots is a property game whose bots choose as its own do (lazily, the
// game read) but for their at'th choice of the game: nothing (mode nil),
// or an action the game refuses (mode illegal).
type badBots struct {
	engine.Definition
	mode  string
	at, n int
}

func (d *badBots) NewAuditor(players int) engine.Auditor {
	return engine.NewAuditor(d.Definition, players)
}

func (d *badBots) NewBot(seat int, seed uint64) engine.Bot {
	return &badBot{d: d, b: d.Definition.NewBot(seat, seed)}
}

type badBot struct {
	d *badBots
	b engine.Bot
}

func (b *badBot) Choose(v engine.View, legal []engine.Action) engine.Action {
	return b.b.Choose(v, legal)
}

func (b *badBot) ReadsGame(g engine.LegalSource) bool {
	return b.b.(engine.GameReader).ReadsGame(g)
}

func (b *badBot) ChooseFrom(v engine.View, g engine.LegalSource, seat int) engine.Action {
	if b.d.n++; b.d.n == b.d.at {
		if b.d.mode == "nil" {
			return nil
		}
		return opoly.Build{Cell: -1}
	}
	return b.b.(engine.LazyChooser).ChooseFrom(v, g, seat)
}
