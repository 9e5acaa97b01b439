package opoly_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// TestVariantDelegatesToItsRuleset: a variant's zero Definition{} is its
// registry entry and plays its own ruleset, not another variant's.
func TestVariantDelegatesToItsRuleset(t *testing.T) {
	defs := map[string]engine.Definition{
		unipoly.ID: unipoly.Definition{}, projectopoly.ID: projectopoly.Definition{}, technopoly.ID: technopoly.Definition{},
	}
	for id, d := range defs {
		require.Equal(t, id, d.Info().ID)
		g, err := d.New(engine.Setup{Seats: d.Info().MinSeats, Seed: 3})
		require.NoError(t, err, id)
		snap, err := g.Snapshot()
		require.NoError(t, err, id)
		back, err := d.Restore(snap)
		require.NoError(t, err, id)
		require.Equal(t, g.View(0), back.View(0), id)
		require.NotNil(t, d.NewBot(0, 1), id)
	}
	require.Same(t, unipoly.Rules(), unipoly.Definition{}.Rules())
	require.Same(t, technopoly.Rules(), technopoly.Definition{}.Rules())
}
