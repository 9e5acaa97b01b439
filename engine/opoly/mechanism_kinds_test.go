package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// kindsCounter is a mechanism owning kinds that counts how often it is
// asked for them.
type kindsCounter struct {
	opoly.NoActions
	kinds []string
	asked int
}

func (c *kindsCounter) Kinds() []string { c.asked++; return c.kinds }

// TestMechanismFoundFromTheListedKinds: the mechanism owning an action
// kind is the one a walk over the list finds (the first that owns it),
// for every kind of the three games' mechanisms and for kinds no one
// owns, and for a ruleset given its own mechanisms, found from the kinds
// Validate listed, without asking the mechanisms again; a copy of the
// ruleset given another list (as tests make) is walked. It fails with the
// listed kinds unused (each look-up asks every mechanism for its kinds).
func TestMechanismFoundFromTheListedKinds(t *testing.T) {
	kinds := []string{"roll", "bid", "no_such_kind", ""}
	for _, def := range propertyGames {
		g, err := def.New(engine.Setup{Seats: 4, Seed: 1})
		require.NoError(t, err)
		rs := engine.ViewOf[opoly.View](g.View(0)).Rules
		for _, m := range rs.Mechanisms {
			kinds = append(kinds, m.Kinds()...)
		}
		for _, k := range kinds {
			found, walked := opoly.MechanismOf(rs, k)
			require.Equal(t, walked, found, "%s: %q", def.Info().ID, k)
		}
	}
	g, err := propertyGames[0].New(engine.Setup{Seats: 4, Seed: 1})
	require.NoError(t, err)
	rs := *engine.ViewOf[opoly.View](g.View(0)).Rules
	first := &kindsCounter{kinds: []string{"x_one", "x_two"}}
	second := &kindsCounter{kinds: []string{"x_two", "x_three"}}
	rs.Mechanisms = []opoly.Mechanism{first, second}
	require.NoError(t, rs.Validate())
	for _, c := range []struct {
		kind string
		want opoly.Mechanism
	}{{"x_one", first}, {"x_two", first}, {"x_three", second}, {"roll", nil}} {
		first.asked, second.asked = 0, 0
		require.Equal(t, c.want, opoly.MechanismFound(&rs, c.kind), c.kind)
		require.Zero(t, first.asked+second.asked, "%q: the mechanisms asked for their kinds after Validate", c.kind)
		_, walked := opoly.MechanismOf(&rs, c.kind)
		require.Equal(t, c.want, walked, c.kind)
	}
	other := rs
	other.Mechanisms = []opoly.Mechanism{second, first} // not validated: walked
	first.asked, second.asked = 0, 0
	require.Equal(t, opoly.Mechanism(second), opoly.MechanismFound(&other, "x_two"))
	require.Positive(t, second.asked, "a list other than the validated one is walked")
}
