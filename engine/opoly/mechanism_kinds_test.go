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

// askLog is the mechanisms asked, by name, in order.
type askLog struct{ asked []string }

// ender ends the game at the end of a round when over; switch switches
// the card cells off when off; both are either or both.
type ender struct {
	opoly.NoActions
	name string
	log  *askLog
	over bool
}

func (e *ender) RoundOver(opoly.Table) bool {
	e.log.asked = append(e.log.asked, e.name)
	return e.over
}

func (e *ender) Bankrupt(opoly.Table, []int) bool { return false }

type cardSwitch struct {
	opoly.NoActions
	name string
	log  *askLog
	off  bool
}

func (s *cardSwitch) CardsOn(opoly.Table) bool {
	s.log.asked = append(s.log.asked, s.name)
	return !s.off
}

type both struct {
	ender
	off bool
}

func (b *both) CardsOn(opoly.Table) bool {
	b.log.asked = append(b.log.asked, b.name+" cards")
	return !b.off
}

// TestEndersAndSwitchesAskedInListOrder: the game asks its Enders at the
// end of a round and its CardSwitches for the card cells in the order of
// the list, up to the first that ends the game or switches the cards
// off, from the mechanisms Validate found as from a walk over a list it
// did not see; no other mechanism is asked.
func TestEndersAndSwitchesAskedInListOrder(t *testing.T) {
	g0, err := propertyGames[0].New(engine.Setup{Seats: 4, Seed: 1})
	require.NoError(t, err)
	base := engine.ViewOf[opoly.View](g0.View(0)).Rules
	for _, c := range []struct {
		overAt, offAt   int // which of the three ends the game, switches the cards off (-1: none)
		asked, cardsOff []string
	}{
		{-1, -1, []string{"e0", "b2"}, []string{"s1", "b2 cards"}},
		{0, 1, []string{"e0"}, []string{"s1"}},
		{2, 2, []string{"e0", "b2"}, []string{"s1", "b2 cards"}},
	} {
		for _, validated := range []bool{true, false} {
			log := &askLog{}
			e0 := &ender{name: "e0", log: log, over: c.overAt == 0}
			s1 := &cardSwitch{name: "s1", log: log, off: c.offAt == 1}
			b2 := &both{ender: ender{name: "b2", log: log, over: c.overAt == 2}, off: c.offAt == 2}
			rs := *base
			rs.Mechanisms = []opoly.Mechanism{e0, s1, opoly.NoActions{}, b2}
			if validated {
				require.NoError(t, rs.Validate())
			}
			g, err := opoly.NewDefinition(&rs).New(engine.Setup{Seats: 4, Seed: 1})
			require.NoError(t, err)
			log.asked = nil
			over, cards := opoly.RoundOverAndCards(g)
			require.Equal(t, c.overAt >= 0, over)
			require.Equal(t, c.offAt < 0, cards)
			require.Equal(t, append(append([]string(nil), c.asked...), c.cardsOff...), log.asked, "validated %v", validated)
		}
	}
}

// TestApplyFindsTheKindsMechanism: the mechanism an Apply finds for an
// action kind, the last two found kept (mechFor), is the ruleset's for
// that kind whatever kinds were asked for before, the kinds of the three
// games' mechanisms and kinds no one owns asked in turn and again. It
// fails with the kept mechanism returned for another kind.
func TestApplyFindsTheKindsMechanism(t *testing.T) {
	for _, d := range []interface {
		engine.Definition
		Rules() *opoly.Ruleset
	}{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		rs := d.Rules()
		g, err := d.New(engine.Setup{Seats: 4, Seed: 1})
		require.NoError(t, err)
		kinds := []string{"roll", "no_such_kind"}
		for _, m := range rs.Mechanisms {
			kinds = append(kinds, m.Kinds()...)
		}
		asked := 0
		for round := 0; round < 2; round++ {
			for i := range kinds {
				for _, k := range []string{kinds[i], kinds[(i+1)%len(kinds)], kinds[i]} {
					require.Equal(t, opoly.MechanismFound(rs, k), opoly.MechFor(g, k), "%s: kind %q", rs.ID, k)
					asked++
				}
			}
		}
		require.Greater(t, asked, 6, rs.ID)
	}
}
