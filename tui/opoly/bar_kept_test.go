package opoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// TestBarEntriesKeptPerState: the action bar's entries kept for a state
// (barEntries) are the entries the state's legal actions enable, listed
// afresh, for every seat at every step of bot games of the three property
// games; asking twice gives the same, and nothing is allocated the second
// time.
func TestBarEntriesKeptPerState(t *testing.T) {
	fresh := func(r *Renderer) []barEntry {
		var out []barEntry
		for _, e := range r.allEntries() {
			for _, k := range e.kinds {
				if r.legalKind(k) != nil {
					out = append(out, e)
					break
				}
			}
		}
		return out
	}
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		g, err := def.New(engine.Setup{Seats: 3, Seed: 5})
		require.NoError(t, err)
		f := fixtureOf(t, g, def.Info(), 0, true)
		bots := []engine.Bot{def.NewBot(0, 5), def.NewBot(1, 6), def.NewBot(2, 7)}
		shown := 0
		for step := 0; step < 300 && !g.Outcome().Finished; step++ {
			w := g.Prompt().Waiting[0].Seat
			for seat := range 3 {
				f.As(seat)
				require.Equal(t, fresh(f.r), f.r.barEntries(), "%s step %d seat %d", def.Info().ID, step, seat)
				require.Equal(t, fresh(f.r), f.r.barEntries(), "%s step %d seat %d, asked again", def.Info().ID, step, seat)
				shown += len(f.r.barEntries())
			}
			_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
			require.NoError(t, err, "%s step %d", def.Info().ID, step)
		}
		require.Positive(t, shown, "%s: some state enables a key", def.Info().ID)
		require.Zero(t, testing.AllocsPerRun(10, func() { _ = f.r.barEntries() }))
	}
}
