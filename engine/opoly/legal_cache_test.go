package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestLegalManageKeptListsAsFresh checks what Legal keeps between calls to
// list the build, sell and mortgage actions (each seat's complete street
// groups, updated as cells change; each seat's mortgage actions, listed
// once per version of the cells) against the same lists made from the
// cells again, for every seat, in a debt and not, at every step of
// four-player bot games of the three property games.
func TestLegalManageKeptListsAsFresh(t *testing.T) {
	listed := 0
	botSteps(t, 4, false, func(s opolytest.BotStep) {
		for seat := 0; seat < 4; seat++ {
			for _, debt := range []bool{false, true} {
				kept, fresh := opoly.ManageBothWays(s.G, seat, debt)
				require.Equal(t, fresh, kept, "%s seat %d debt %v", s.At(), seat, debt)
				listed += len(kept)
			}
		}
	}, func(def engine.Definition, seed uint64) {
		require.Positive(t, listed, "%s seed %d: the seats had actions to list", def.Info().ID, seed)
		listed = 0
	})
}

// TestGameSupplyIsTheRulesets checks the Supply a game keeps after its
// first lookup against its ruleset's, for a game with a finite supply
// (Projectopoly) and games without (Unipoly, Technopoly), before and after
// moves.
func TestGameSupplyIsTheRulesets(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		g, err := def.New(engine.Setup{Seats: 4, Seed: 1})
		require.NoError(t, err)
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, uint64(i))
		}
		for step := 0; step < 3; step++ {
			kept, rules := opoly.SupplyBothWays(g)
			require.Same(t, rules, kept, def.Info().ID)
			w := g.Prompt().Waiting[0].Seat
			_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
			require.NoError(t, err)
		}
		kept, _ := opoly.SupplyBothWays(g)
		require.Equal(t, def.Info().ID == "projectopoly", kept != nil, def.Info().ID)
	}
}
