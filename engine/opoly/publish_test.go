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

// TestPublishIncrementalMatchesRecount plays bot games of the three
// property games and checks after every action that what publish kept up
// to date for the changed cells only is what a full recount gives.
func TestPublishIncrementalMatchesRecount(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*31+uint64(i))
			}
			for step := 0; step < 800; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
				require.NoError(t, err)
				require.NoError(t, opoly.RecountPublished(g), "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
	}
}
