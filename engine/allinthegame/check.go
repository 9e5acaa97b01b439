package allinthegame

import (
	"errors"
	"fmt"
)

// Invariant errors; CheckInvariants wraps one of them.
var (
	ErrCardsNotConserved = errors.New("consultant cards are not conserved")
	ErrNegativeDollars   = errors.New("dollars below zero other than through penalties")
	ErrBadDesk           = errors.New("a desk holds a consultant it cannot hold")
	ErrBadMarker         = errors.New("a deadline marker is off its track")
	ErrDecksNotConserved = errors.New("project or event cards are not conserved")
	ErrBadCounters       = errors.New("turn counters are inconsistent")
)

// CheckInvariants implements engine.Checker.
func (g *Game) CheckInvariants() error {
	s := g.s
	for _, f := range []func() error{s.checkCards, s.checkDollars, s.checkDesks, s.checkMarkers, s.checkDecks, s.checkCounters} {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// checkCards: per colour and rank, deck + hands + desks is 12 Seniors and
// 5 Principals, and no count is negative (G002-01, R002-03).
func (s *state) checkCards() error {
	var total [NumColours][2]int
	for c := 0; c < NumColours; c++ {
		if s.Seniors[c] < 0 || s.Principals[c] < 0 {
			return fmt.Errorf("%w: negative deck count for %s", ErrCardsNotConserved, ColourCode(c))
		}
		total[c][senior] += s.Seniors[c]
		total[c][principal] += s.Principals[c]
		for p := range s.Hands {
			for r := 0; r < 2; r++ {
				if s.Hands[p][c][r] < 0 {
					return fmt.Errorf("%w: seat %d holds a negative count", ErrCardsNotConserved, p+1)
				}
				total[c][r] += s.Hands[p][c][r]
			}
		}
	}
	for _, sl := range s.Slots {
		for _, o := range sl.Desks {
			if o.Owner >= 0 && o.Colour >= 0 && o.Colour < NumColours {
				total[o.Colour][rank(o.Principal)]++
			}
		}
	}
	for c := 0; c < NumColours; c++ {
		if total[c][senior] != SeniorsPerColour || total[c][principal] != PrincipalsPerColour {
			return fmt.Errorf("%w: %s has %d Seniors and %d Principals", ErrCardsNotConserved, ColourCode(c), total[c][senior], total[c][principal])
		}
	}
	return nil
}

// checkDollars: money goes below zero only through penalties (G002-12).
func (s *state) checkDollars() error {
	for p, d := range s.Dollars {
		if s.Penalties[p] < 0 || d < -s.Penalties[p] {
			return fmt.Errorf("%w: seat %d has %s after %s of penalties", ErrNegativeDollars, p+1, Money(d), Money(s.Penalties[p]))
		}
	}
	return nil
}

// checkDesks: each consultant matches its desk's colour and rank, belongs
// to a seat still in the game, and no last desk is held (it would have
// completed the project).
func (s *state) checkDesks() error {
	for i, sl := range s.Slots {
		if sl.Card == "" {
			if len(sl.Desks) > 0 {
				return fmt.Errorf("%w: empty slot %d has desks", ErrBadDesk, i)
			}
			continue
		}
		c, ok := cardByID(sl.Card, s.seats())
		if !ok || len(c.Desks) != len(sl.Desks) {
			return fmt.Errorf("%w: slot %d holds a bad project", ErrBadDesk, i)
		}
		for d, o := range sl.Desks {
			if o.Owner < 0 {
				continue
			}
			spec := c.Desks[d]
			switch {
			case o.Owner >= s.seats() || s.Out[o.Owner]:
				return fmt.Errorf("%w: %s desk %d belongs to seat %d", ErrBadDesk, c.Name, d+1, o.Owner+1)
			case o.Colour < 0 || o.Colour >= NumColours || (spec.Colour != AnyColour && spec.Colour != o.Colour):
				return fmt.Errorf("%w: %s desk %d holds a %s", ErrBadDesk, c.Name, d+1, ColourCode(o.Colour))
			case spec.PrincipalOnly && !o.Principal:
				return fmt.Errorf("%w: %s desk %d needs a Principal", ErrBadDesk, c.Name, d+1)
			case c.Kind != KindInnovation && d == len(c.Desks)-1:
				return fmt.Errorf("%w: %s has its last desk filled but is not complete", ErrBadDesk, c.Name)
			}
		}
	}
	return nil
}

// checkMarkers: with Deadlines, every project but the Innovation one has a
// marker on fields 1-5; otherwise none has one.
func (s *state) checkMarkers() error {
	for _, sl := range s.Slots {
		want := s.Deadlines && sl.Card != "" && sl.Card != InnovationID
		if (want && (sl.Marker < 1 || sl.Marker > MaxMarker)) || (!want && sl.Marker != 0) {
			return fmt.Errorf("%w: project %q has its marker on field %d", ErrBadMarker, sl.Card, sl.Marker)
		}
	}
	return nil
}

// checkDecks: the International deck plus the cards placed is 8 and no
// International card is on the table twice; the event deck plus the cards
// seen is 12.
func (s *state) checkDecks() error {
	if len(s.Intl)+s.IntlPlaced != numInternational {
		return fmt.Errorf("%w: %d International cards in the deck and %d placed", ErrDecksNotConserved, len(s.Intl), s.IntlPlaced)
	}
	seen := map[string]bool{}
	for _, id := range s.Intl {
		seen[id] = true
	}
	for _, sl := range s.Slots {
		if sl.Card != "" && sl.Card != InnovationID && seen[sl.Card] {
			return fmt.Errorf("%w: project %s is twice in play", ErrDecksNotConserved, sl.Card)
		}
		seen[sl.Card] = true
	}
	if len(s.Events)+s.EventsSeen != NumEvents {
		return fmt.Errorf("%w: %d event cards in the deck and %d seen", ErrDecksNotConserved, len(s.Events), s.EventsSeen)
	}
	return nil
}

// checkCounters: moves left 0..3, the awaited seat is in the game and, in
// the work phase, has not passed; resigned seats count as passed.
func (s *state) checkCounters() error {
	for p, m := range s.Moves {
		if m < 0 || m > 3 {
			return fmt.Errorf("%w: seat %d has %d moves left", ErrBadCounters, p+1, m)
		}
		if s.Out[p] && !s.Passed[p] {
			return fmt.Errorf("%w: resigned seat %d has not passed", ErrBadCounters, p+1)
		}
	}
	if s.Phase == PhaseOver {
		return nil
	}
	if s.Turn < 0 || s.Turn >= s.seats() || s.Out[s.Turn] {
		return fmt.Errorf("%w: the game waits on seat %d", ErrBadCounters, s.Turn+1)
	}
	if s.Phase == PhaseWork && s.Passed[s.Turn] {
		return fmt.Errorf("%w: seat %d acts after passing", ErrBadCounters, s.Turn+1)
	}
	return nil
}
