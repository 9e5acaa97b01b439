package opoly_test

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

// botStep is one step of a bot game as botSteps hands it to a test: the
// game, the seat awaited first and its lent view, before its bot moves.
type botStep struct {
	def  engine.Definition
	seed uint64
	step int
	g    engine.Game
	w    int
	v    *opoly.View
}

// at names the step in a failure message.
func (s botStep) at() string {
	return fmt.Sprintf("%s seed %d step %d", s.def.Info().ID, s.seed, s.step)
}

// botSteps plays quiet four-player bot games of the three property games,
// seeds 1..seeds (bot i of a game seeded seed*7+i), and calls look at every
// step before the awaited seat's bot moves; the bot then chooses from the
// lent view, with the game as its legal source (engine.ChooseAction) when
// lazy, from the whole Legal list otherwise. end, when not nil, is called
// when a game stops.
func botSteps(t *testing.T, seeds uint64, lazy bool, look func(s botStep), end func(def engine.Definition, seed uint64)) {
	t.Helper()
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= seeds; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(g, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i))
			}
			for step := 0; step < 5000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				s := botStep{def: def, seed: seed, step: step, g: g, w: w, v: engine.PeekView(g, w).(*opoly.View)}
				look(s)
				var a engine.Action
				if lazy {
					a = engine.ChooseAction(bots[w], s.v, g, w)
				} else {
					a = bots[w].Choose(s.v, g.Legal(w))
				}
				_, err := g.Apply(w, a)
				require.NoError(t, err, s.at())
			}
			if end != nil {
				end(def, seed)
			}
		}
	}
}
