package allinthegame

import (
	"strings"
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

// newGame starts a game; the seed is part of every failure message.
func newGame(t *testing.T, seats int, opts map[string]string, seed uint64) *Game {
	t.Helper()
	g, err := Definition{}.New(engine.Setup{Seats: seats, Options: opts, Seed: seed})
	require.NoError(t, err, "seed %d", seed)
	return g.(*Game)
}

var basic = map[string]string{OptDeadlines: "off", OptInnovation: "off"}

// workGame is a game in the work phase of round 1 whose hands are emptied
// and whose slots are replaced by the given cards (markers 1), so that a
// test can set up exactly the position it needs. Removed cards go back to
// the decks so the invariants hold.
func workGame(t *testing.T, seats int, opts map[string]string, cards ...string) *Game {
	t.Helper()
	g := newGame(t, seats, opts, 1)
	s := g.s
	for s.Phase != PhaseWork {
		_, err := g.Apply(s.Turn, g.Prompt().Waiting[0].Default)
		require.NoError(t, err)
	}
	for p := range s.Hands {
		for c := 0; c < NumColours; c++ {
			s.Seniors[c] += s.Hands[p][c][senior]
			s.Principals[c] += s.Hands[p][c][principal]
			s.Hands[p][c] = [2]int{}
		}
	}
	if len(cards) > 0 {
		s.Slots = nil
		for _, id := range cards {
			c, ok := cardByID(id, seats)
			require.True(t, ok, id)
			s.Slots = append(s.Slots, s.newSlot(id, len(c.Desks), 1))
			for k, x := range s.Intl {
				if x == id {
					s.Intl = append(s.Intl[:k:k], s.Intl[k+1:]...)
					s.IntlPlaced++
					break
				}
			}
		}
	}
	if s.Event != EvQuietWeek {
		nextEvent(t, g, EvQuietWeek)
		s.Event, s.Events[0] = s.Events[0], s.Event
	}
	s.Start, s.Turn = 0, 0
	for p := range s.Moves {
		s.Moves[p], s.Dollars[p] = MovesPerRound, StartDollars
	}
	require.NoError(t, g.CheckInvariants())
	return g
}

// give moves cards from the decks into seat's hand.
func give(t *testing.T, g *Game, seat, colour int, isPrincipal bool, n int) {
	t.Helper()
	s := g.s
	for i := 0; i < n; i++ {
		if isPrincipal {
			require.Positive(t, s.Principals[colour])
			s.Principals[colour]--
		} else {
			require.Positive(t, s.Seniors[colour])
			s.Seniors[colour]--
		}
		s.Hands[seat][colour][rank(isPrincipal)]++
	}
}

// put places seat's consultant straight from the deck onto a desk.
func put(t *testing.T, g *Game, seat, slot, desk, colour int, isPrincipal bool) {
	t.Helper()
	give(t, g, seat, colour, isPrincipal, 1)
	g.s.Hands[seat][colour][rank(isPrincipal)]--
	g.s.Slots[slot].Desks[desk] = occupant{Owner: seat, Colour: colour, Principal: isPrincipal}
}

// do applies an action that must succeed and checks the invariants.
func do(t *testing.T, g *Game, seat int, a engine.Action) []engine.Event {
	t.Helper()
	evs, err := g.Apply(seat, a)
	require.NoError(t, err)
	require.NoError(t, g.CheckInvariants())
	return evs
}

// refuse applies an action that must be refused with code, untouched.
func refuse(t *testing.T, g *Game, seat int, a engine.Action, code string) {
	t.Helper()
	before, _ := g.Snapshot()
	_, err := g.Apply(seat, a)
	re, ok := engine.IsRuleError(err)
	require.True(t, ok, "want a rule error, got %v", err)
	require.Equal(t, code, re.Code, re.Msg)
	after, _ := g.Snapshot()
	require.Equal(t, string(before), string(after))
}

func isLegal(g *Game, seat int, a engine.Action) bool {
	for _, l := range g.Legal(seat) {
		if engine.SameAction(l, a) {
			return true
		}
	}
	return false
}

// texts joins every event sentence a viewer reads.
func texts(evs []engine.Event, viewer int) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.TextFor(viewer))
	}
	return strings.Join(out, "\n")
}

// legalDesksOf lists the desks of slot where Assign{colour,p} is legal for seat.
func legalDesksOf(g *Game, seat, slot, colour int, p bool) []int {
	var out []int
	for _, a := range g.Legal(seat) {
		if as, ok := a.(Assign); ok && as.Project == slot && as.Colour == colour && as.Principal == p {
			out = append(out, as.Desk)
		}
	}
	return out
}

// passAll lets every seat pass until the round's work phase is over.
func passAll(t *testing.T, g *Game) []engine.Event {
	t.Helper()
	var evs []engine.Event
	r := g.s.Round
	for g.s.Phase == PhaseWork && g.s.Round == r {
		evs = append(evs, do(t, g, g.s.Turn, Pass{})...)
	}
	return evs
}

// nextEvent puts event ev on top of the event deck.
func nextEvent(t *testing.T, g *Game, ev int) {
	t.Helper()
	for i, e := range g.s.Events {
		if e == ev {
			g.s.Events[0], g.s.Events[i] = g.s.Events[i], g.s.Events[0]
			return
		}
	}
	if g.s.Event == ev && len(g.s.Events) > 0 { // the current card: swap it with the top one
		g.s.Event, g.s.Events[0] = g.s.Events[0], ev
		return
	}
	t.Fatalf("event %d is not in the deck", ev)
}

// moneyOf sums the money changes of seat in evs.
func moneyOf(evs []engine.Event, seat int) int64 {
	var sum int64
	for _, e := range evs {
		for _, m := range e.Money {
			if m.Seat == seat {
				sum += m.Delta
			}
		}
	}
	return sum
}
