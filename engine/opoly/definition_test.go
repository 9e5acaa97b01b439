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

// TestValidateOptionsReadsInfoMadeOnce: every New validates its options,
// so a Definition reads the ruleset's Info made once (NewDefinition), not
// one built a game (its option labels were maps, its help texts strings):
// the same options and errors as from a fresh Info, and no allocation but
// the returned map's.
func TestValidateOptionsReadsInfoMadeOnce(t *testing.T) {
	for _, d := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		id := d.Info().ID
		for _, opts := range []map[string]string{nil, {"no_such_option": "1"}, {d.Info().Options[0].Key: "no such choice"}} {
			got, err := d.ValidateOptions(4, opts)
			want, wantErr := engine.ValidateOptions(d.Info(), 4, opts)
			require.Equal(t, want, got, id)
			require.Equal(t, wantErr, err, id)
		}
		_, err := d.ValidateOptions(9, nil)
		require.Error(t, err, id)
		allocs := testing.AllocsPerRun(20, func() { _, _ = d.ValidateOptions(4, nil) })
		require.LessOrEqual(t, allocs, 2.0, "%s: ValidateOptions allocates %v times", id, allocs)
	}
}
