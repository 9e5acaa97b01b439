package opolytest

import (
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// BotStep is one step of a bot game as PlayBotGames hands it to a test:
// the game, the seat awaited first and its lent view, before its bot moves.
type BotStep struct {
	Def  engine.Definition
	Seed uint64
	Step int
	G    engine.Game
	Seat int         // the seat awaited first
	View *opoly.View // its lent view
	Bot  engine.Bot  // its bot
}

// At names the step in a failure message.
func (s BotStep) At() string {
	return fmt.Sprintf("%s seed %d step %d", s.Def.Info().ID, s.Seed, s.Step)
}

// BotGames says which quiet four-player bot games PlayBotGames plays and
// what it calls at each step.
type BotGames struct {
	Seeds    uint64 // games of seeds 1..Seeds of each definition
	BotSeed  uint64 // bot i of the game of seed s is seeded s*BotSeed+i (0: 7)
	MaxSteps int    // steps a game at most (0: 5000)
	// Lazy: the bot chooses with the game as its legal source
	// (engine.ChooseAction); else from the whole Legal list.
	Lazy bool
	// Look is called at every step before the awaited seat's bot chooses.
	Look func(s BotStep)
	// Chose, when set, is called after it chose, before the move is applied.
	Chose func(s BotStep)
	// End, when set, is called when a game stops.
	End func(def engine.Definition, seed uint64)
}

// PlayBotGames plays the games o describes of every definition in defs:
// the loop the property engines' step-by-step tests share (a kept table or
// memo checked against the same worked out afresh at every step).
func PlayBotGames(t testing.TB, defs []engine.Definition, o BotGames) {
	t.Helper()
	botSeed, maxSteps := o.BotSeed, o.MaxSteps
	if botSeed == 0 {
		botSeed = 7
	}
	if maxSteps == 0 {
		maxSteps = 5000
	}
	for _, def := range defs {
		for seed := uint64(1); seed <= o.Seeds; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			if err != nil {
				t.Fatalf("%s seed %d: %v", def.Info().ID, seed, err)
			}
			if !engine.SetQuiet(g, true) {
				t.Fatalf("%s: the game cannot play quietly", def.Info().ID)
			}
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*botSeed+uint64(i))
			}
			for step := 0; step < maxSteps; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				s := BotStep{Def: def, Seed: seed, Step: step, G: g, Seat: w, View: engine.PeekView(g, w).(*opoly.View), Bot: bots[w]}
				if o.Look != nil {
					o.Look(s)
				}
				// Peeked again: Look may have peeked other seats' views.
				v := engine.PeekView(g, w)
				var a engine.Action
				if o.Lazy {
					a = engine.ChooseAction(bots[w], v, g, w)
				} else {
					a = bots[w].Choose(v, g.Legal(w))
				}
				if o.Chose != nil {
					o.Chose(s)
				}
				if _, err := g.Apply(w, a); err != nil {
					t.Fatalf("%s: %v", s.At(), err)
				}
			}
			if o.End != nil {
				o.End(def, seed)
			}
		}
	}
}
