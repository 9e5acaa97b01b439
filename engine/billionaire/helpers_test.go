package billionaire

import (
	"fmt"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"

	"github.com/stretchr/testify/require"
)

// newGame makes a game; its seed is in the failure message of every helper.
func newGame(t *testing.T, seats int, seed uint64) *Game {
	t.Helper()
	g, err := Definition{}.New(engine.Setup{Seats: seats, Seed: seed})
	require.NoError(t, err, "seed %d", seed)
	return g.(*Game)
}

func mustApply(t *testing.T, g *Game, seat int, a engine.Action) []engine.Event {
	t.Helper()
	evs, err := g.Apply(seat, a)
	require.NoError(t, err, "seat %d %#v (seed %d)", seat, a, g.s.Setup.Seed)
	require.NoError(t, g.CheckInvariants())
	return evs
}

func mustRefuse(t *testing.T, g *Game, seat int, a engine.Action) *engine.RuleError {
	t.Helper()
	before, _ := g.Snapshot()
	_, err := g.Apply(seat, a)
	require.Error(t, err, "seat %d %#v should be refused", seat, a)
	re, ok := engine.IsRuleError(err)
	require.True(t, ok, "%v is not a RuleError", err)
	after, _ := g.Snapshot()
	require.Equal(t, string(before), string(after), "a refused action changed the state")
	return re
}

// giveLab places a Lab of seat at loc bought in round bought, with its
// container, as Acquire Lab would.
func giveLab(g *Game, seat, loc, bought int) {
	p := &g.s.Players[seat]
	p.Labs = append(p.Labs, Lab{Loc: loc, Bought: bought})
	p.Containers = append(p.Containers, Container{Item: -1, Loc: OffMap})
	g.fillContainers(&events{}, seat)
}

// take removes item id from wherever it is in the stacks and discards.
func take(g *Game, id int) int {
	for st := 0; st < 2; st++ {
		for _, pile := range []*[]int{&g.s.Stacks[st], &g.s.Discards[st]} {
			for k, x := range *pile {
				if x == id {
					*pile = append((*pile)[:k:k], (*pile)[k+1:]...)
					return id
				}
			}
		}
	}
	panic(fmt.Sprintf("item %d not in a stack", id))
}

// fill puts item id on seat's container c.
func fill(g *Game, seat, c, id int, rings int64, loc int) {
	p := &g.s.Players[seat]
	p.Containers[c] = Container{Item: take(g, id), Rings: rings, Loc: loc}
}

// visit puts the game into seat's visit of zone with the given hand; the
// turn order starts at seat.
func visit(g *Game, seat, zone int, hand [numCardTypes]int) {
	s := g.s
	s.Phase, s.Zone, s.Turn = PhaseZone, zone, 0
	s.Order = nil
	for k := 0; k < len(s.Players); k++ {
		s.Order = append(s.Order, (seat+k)%len(s.Players))
	}
	for i := range s.Players {
		p := &s.Players[i]
		p.Chosen, p.Limit, p.UpkeepPaid = true, 1+MaxLabs, true
		// The others hold a Select Work card, playable in every zone: when
		// seat can play nothing more its visit ends by itself (pass.go),
		// and the game then waits on the next seat instead of running on
		// to the end of the round.
		if i != seat {
			p.Hand = [numCardTypes]int{CardSelect: 1}
		}
	}
	s.Players[seat].Hand = hand
}

// scriptDice sets the game's random source to one whose next dice are vals
// (the scripted dice of the chapter's scenarios).
func scriptDice(t *testing.T, g *Game, vals ...int) {
	t.Helper()
	for k := uint64(1); k < 1_000_000; k++ {
		r := rng.New(k, 7)
		ok := true
		for _, v := range vals {
			ok = ok && r.Die() == v
		}
		if ok {
			g.s.RNG = rng.New(k, 7)
			return
		}
	}
	t.Fatalf("no random source gives dice %v", vals)
}

// texts joins the public sentences of events.
func texts(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.TextFor(engine.Spectator))
		b.WriteByte('\n')
	}
	return b.String()
}

// findItem returns the id of the first item matching code ("L-PD-HI-07").
func findItem(t *testing.T, code string) int {
	t.Helper()
	for id := 0; id < NumItems; id++ {
		if item(id).Code == code {
			return id
		}
	}
	t.Fatalf("no item %s", code)
	return -1
}

// loc returns the id of the location named name.
func loc(t *testing.T, name string) int {
	t.Helper()
	for _, l := range Locations() {
		if l.Name == name {
			return l.ID
		}
	}
	t.Fatalf("no location %s", name)
	return -1
}

// setCapital sets seat's capital, booking the difference as project income
// or upkeep so that the money invariant holds.
func setCapital(g *Game, seat int, c int64) {
	p := &g.s.Players[seat]
	p.Ledger = Ledger{}
	if c >= StartCapital {
		p.Ledger.Projects = c - StartCapital
	} else {
		p.Ledger.Upkeep = c - StartCapital
	}
	p.Capital = c
}
