package allinthegame

import (
	"errors"
	"slices"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// ErrNotDeterminisable is wrapped when a View does not carry enough to
// rebuild a game from it: a spectator's view, a finished game, the
// Headhunters' queue (the seats still to give a Senior back depend on
// hands the viewer cannot see), or counts that contradict the rules.
var ErrNotDeterminisable = errors.New("allinthegame: this view cannot be rebuilt into a game")

// FromView builds a game that the viewer of v cannot tell from the real
// one: everything the View shows is copied, and what it hides is drawn
// from seed: the other seats' hands and the composition of both decks
// (from the consultants neither on a desk nor in the viewer's hand, with
// the sizes the View shows; a deck the viewer is searching is known), the
// order of the event and International decks (from the cards not on the
// table), and the random source. What the View does not carry is set to
// what it usually is: other seats have not used a Training Subsidy, no
// penalties were paid, resignations count in seat order, round 1 started
// with this round's start player. Its View(v.Viewer) equals v.
func (Definition) FromView(view engine.View, seed uint64) (engine.Game, error) {
	v, ok := view.(View)
	if !ok {
		if p, ok2 := view.(*View); ok2 && p != nil {
			v, ok = *p, true
		}
	}
	n := v.Seats
	if !ok || v.Over || v.Viewer < 0 || v.Viewer >= n || len(v.Players) != n || v.Phase == PhaseHeadhunters || v.Phase == PhaseOver {
		return nil, ErrNotDeterminisable
	}
	r := rng.FromSeed(seed)
	opt := map[bool]string{true: "on", false: "off"}
	s := &state{Setup: engine.Setup{Seats: n, Seed: seed, Options: map[string]string{OptDeadlines: opt[v.Deadlines], OptInnovation: opt[v.Innovation]}},
		Deadlines: v.Deadlines, Innovation: v.Innovation, RNG: r,
		Dollars: make([]int64, n), Penalties: make([]int64, n), Hands: make([][NumColours][2]int, n),
		Passed: make([]bool, n), Moves: make([]int, n), Subsidy: make([]bool, n), Out: make([]bool, n),
		Event: -1, Round: v.Round, Phase: v.Phase, Start: v.Start, FirstStart: v.Start, Turn: v.Turn, LastRound: v.LastRound}
	for p, pv := range v.Players {
		s.Dollars[p], s.Passed[p], s.Moves[p], s.Out[p] = pv.Dollars, pv.Passed, pv.MovesLeft, pv.Resigned
		if pv.Resigned {
			s.OutOrder = append(s.OutOrder, p)
		}
	}
	if v.Event != nil {
		for e, ec := range Events() {
			if ec.ID == v.Event.ID {
				s.Event = e
			}
		}
	}
	if s.Event == EvTrainingSubsidy && v.TrainCost != 0 {
		s.Subsidy[v.Viewer] = true
	}
	// Consultants: each colour and rank has a fixed number of cards, in a
	// deck, a hand or on a desk.
	var left [NumColours][2]int
	for c := 0; c < NumColours; c++ {
		left[c] = [2]int{SeniorsPerColour, PrincipalsPerColour}
	}
	onTable := map[string]bool{}
	for _, pv := range v.Projects {
		if pv.Empty {
			s.Slots = append(s.Slots, slot{})
			continue
		}
		onTable[pv.ID] = true
		sl := slot{Card: pv.ID, Marker: pv.Marker}
		for _, d := range pv.Desks {
			o := free
			if d.Owner >= 0 {
				o = occupant{Owner: d.Owner, Colour: d.Consultant, Principal: d.Principal}
				left[d.Consultant][rank(d.Principal)]--
			}
			sl.Desks = append(sl.Desks, o)
		}
		s.Slots = append(s.Slots, sl)
	}
	for _, h := range v.Hand {
		s.Hands[v.Viewer][h.Colour][rank(h.Principal)] += h.Count
		left[h.Colour][rank(h.Principal)] -= h.Count
	}
	decks := [2]int{v.SeniorDeck, v.PrincDeck}
	var pool [2][]int // colours of the unseen cards by rank
	for c := 0; c < NumColours; c++ {
		for k := 0; k < 2; k++ {
			if left[c][k] < 0 {
				return nil, ErrNotDeterminisable
			}
			for i := 0; i < left[c][k]; i++ {
				pool[k] = append(pool[k], c)
			}
		}
	}
	var toHands [][2]int // (colour, rank) of the cards in other hands
	for k := 0; k < 2; k++ {
		if len(pool[k]) < decks[k] {
			return nil, ErrNotDeterminisable
		}
		searched := v.Search != nil && ((k == senior && v.Phase == PhaseTrainPick) || (k == principal && v.Phase == PhaseRecruitPick))
		if searched {
			// The deck is known: the other unseen cards are in hands.
			cnt := *v.Search
			for _, c := range pool[k] {
				if cnt[c] > 0 {
					cnt[c]--
					s.addDeck(k, c)
				} else {
					toHands = append(toHands, [2]int{c, k})
				}
			}
			continue
		}
		r.Shuffle(len(pool[k]), func(i, j int) { pool[k][i], pool[k][j] = pool[k][j], pool[k][i] })
		for i, c := range pool[k] {
			if i < decks[k] {
				s.addDeck(k, c)
			} else {
				toHands = append(toHands, [2]int{c, k})
			}
		}
	}
	r.Shuffle(len(toHands), func(i, j int) { toHands[i], toHands[j] = toHands[j], toHands[i] })
	for p, pv := range v.Players {
		if p == v.Viewer {
			continue
		}
		if pv.HandSize > len(toHands) {
			return nil, ErrNotDeterminisable
		}
		for _, ck := range toHands[:pv.HandSize] {
			s.Hands[p][ck[0]][ck[1]]++
		}
		toHands = toHands[pv.HandSize:]
	}
	if len(toHands) != 0 || deckTotal(s.Seniors) != v.SeniorDeck || deckTotal(s.Principals) != v.PrincDeck {
		return nil, ErrNotDeterminisable
	}
	// Decks of cards: the unseen ones in a random order.
	for _, c := range InternationalProjects() {
		if !onTable[c.ID] {
			s.Intl = append(s.Intl, c.ID)
		}
	}
	r.Shuffle(len(s.Intl), func(i, j int) { s.Intl[i], s.Intl[j] = s.Intl[j], s.Intl[i] })
	if len(s.Intl) < v.IntlLeft {
		return nil, ErrNotDeterminisable
	}
	s.IntlPlaced = numInternational - v.IntlLeft
	s.Intl = s.Intl[:v.IntlLeft]
	for e := 0; e < NumEvents; e++ {
		if e != s.Event {
			s.Events = append(s.Events, e)
		}
	}
	r.Shuffle(len(s.Events), func(i, j int) { s.Events[i], s.Events[j] = s.Events[j], s.Events[i] })
	if len(s.Events) < v.EventsLeft {
		return nil, ErrNotDeterminisable
	}
	s.Events = slices.Clip(s.Events[:v.EventsLeft])
	s.EventsSeen = NumEvents - v.EventsLeft
	return &Game{s: s}, nil
}

func (s *state) addDeck(k, c int) {
	if k == senior {
		s.Seniors[c]++
	} else {
		s.Principals[c]++
	}
}
