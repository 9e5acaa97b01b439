package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestAwaitedSeatTellsThePrompt checks the simulator's usual step
// (engine.SeatAwaiter) against the game's Prompt and Outcome at every step
// of four-player bot games of the three property games: ok exactly when
// the game is not over and one seat is awaited in a prompt that is not
// simultaneous, that seat, and an answer exactly when the prompt's
// decision is one. The games reach every phase the bots play, the
// answering ones included (a trade's, a takeover's, and Projectopoly's
// valuation of offered assets and its answer); the conformance suite's
// random playouts reach few of them.
func TestAwaitedSeatTellsThePrompt(t *testing.T) {
	seen := map[string]int{} // phase: steps told
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 6; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			engine.SetQuiet(g, true)
			aw, ok := g.(engine.SeatAwaiter)
			require.True(t, ok)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*11+uint64(i))
			}
			for step := 0; ; step++ {
				require.Less(t, step, 20000, "%s seed %d does not end", def.Info().ID, seed)
				p, over := g.Prompt(), g.Outcome().Finished
				seat, answer, ok := aw.AwaitedSeat()
				msg := []any{"%s seed %d step %d phase %s", def.Info().ID, seed, step, p.Phase}
				require.Equal(t, !over && !p.Simultaneous && len(p.Waiting) == 1, ok, msg...)
				if ok {
					require.Equal(t, p.Waiting[0].Seat, seat, msg...)
					require.Equal(t, p.DecisionKind() == engine.DecisionAnswer, answer, msg...)
					seen[p.Phase]++
				}
				if over {
					break
				}
				w := p.Waiting[0].Seat
				a := engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w)
				_, err := g.Apply(w, a)
				require.NoError(t, err, msg...)
			}
		}
	}
	for _, ph := range []string{opoly.PhaseRoll, opoly.PhasePostRoll, opoly.PhaseBuy, opoly.PhaseDebt, opoly.PhaseTrade, opoly.PhaseValue, opoly.PhaseValued} {
		require.Positive(t, seen[ph], "no step of phase %s told: %v", ph, seen)
	}
}
