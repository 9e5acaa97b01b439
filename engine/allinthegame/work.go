package allinthegame

import (
	"fmt"
	mathbits "math/bits"

	"boardroom/engine"
)

// deskMasks are a slot's legal desks (bit d: desk d) by consultant colour
// and rank; ok is false for a slot they cannot describe (more desks than
// bits), which legalDesks answers instead.
type deskMasks struct {
	of [NumColours][2]uint8
	ok bool
}

// deskMaskTable is deskMasksOf for every printed card and every set of
// taken desks (bit d: desk d), worked out once for the program: Legal
// asks every slot at every work turn.
var deskMaskTable = func() (t [len(printedByIndex)][256]deskMasks) {
	var desks [8]occupant
	for c := range t {
		specs := printedByIndex[c].Desks
		if len(specs) > 8 {
			continue // ok false: legalDesks answers
		}
		for taken := range 1 << len(specs) {
			for d := range specs {
				desks[d] = free
				if taken&(1<<d) != 0 {
					desks[d] = occupant{Owner: 0}
				}
			}
			t[c][taken] = deskMasksOf(specs, desks[:len(specs)])
		}
	}
	return t
}()

// maxDesks sizes the stack buffers of legalDesks' callers; a project with
// more desks only makes them grow.
const maxDesks = 8

// costs this round for seat (R002-11..13, E2, E3).
func (s *state) trainCost(seat int) int64 {
	if s.Event == EvTrainingSubsidy && !s.Subsidy[seat] {
		return 0
	}
	if s.Event == EvBudgetFreeze {
		return FreezeTrainCost
	}
	return TrainCost
}

func (s *state) promoteCost(seat int) int64 { return s.trainCost(seat) } // same costs in every event

func (s *state) recruitCost() int64 {
	if s.Event == EvBudgetFreeze {
		return FreezeRecruit
	}
	return RecruitCost
}

func deckTotal(d [NumColours]int) int {
	return d[0] + d[1] + d[2] + d[3]
}

// canTrain, canPromote, canRecruit check a hand card's use (G002-10, G002-12).
func (s *state) canTrain(seat, colour int, isPrincipal bool) bool {
	return s.has(seat, colour, isPrincipal) && s.Dollars[seat] >= s.trainCost(seat) &&
		(!isPrincipal || deckTotal(s.Seniors) > 0)
}

func (s *state) canPromote(seat, colour int, isPrincipal bool) bool {
	return s.has(seat, colour, isPrincipal) && s.Dollars[seat] >= s.promoteCost(seat) &&
		(isPrincipal || s.Principals[colour] > 0)
}

func (s *state) canRecruit(seat, colour int, isPrincipal bool) bool {
	return s.has(seat, colour, isPrincipal) && s.Dollars[seat] >= s.recruitCost() &&
		(isPrincipal || deckTotal(s.Principals) > 0)
}

func (s *state) has(seat, colour int, isPrincipal bool) bool {
	return colour >= 0 && colour < NumColours && s.Hands[seat][colour][rank(isPrincipal)] > 0
}

// legalWork lists the work actions of seat in menu order: assigns, moves,
// trains, promotes, recruits, pass, resign.
// The list is out's memory, emptied; desks and the hand's cards are
// listed in buffers on the stack.
func (s *state) legalWork(out []engine.Action, seat int) []engine.Action {
	type card struct {
		c int
		p bool
	}
	var cardBuf [2 * NumColours]card
	var deskBuf [maxDesks]int
	cards := cardBuf[:0]
	for c := 0; c < NumColours; c++ {
		for _, p := range [2]bool{false, true} {
			if s.has(seat, c, p) {
				cards = append(cards, card{c, p})
			}
		}
	}
	// Each slot's legal desks for every consultant (colour, rank), once:
	// the hand's cards and the seat's consultants on the table ask the
	// same slots again and again.
	var maskBuf [8]deskMasks
	masks := maskBuf[:0]
	for i := range s.Slots {
		masks = append(masks, s.legalDeskMasks(i))
	}
	desks := func(i, colour int, isPrincipal bool) []int {
		m := &masks[i]
		if !m.ok || colour < 0 || colour >= NumColours {
			return s.legalDesks(deskBuf[:0], i, colour, isPrincipal)
		}
		out := deskBuf[:0]
		for bits := m.of[colour][rank(isPrincipal)]; bits != 0; bits &= bits - 1 {
			out = append(out, mathbits.TrailingZeros8(bits))
		}
		return out
	}
	for _, k := range cards {
		for i := range s.Slots {
			for _, d := range desks(i, k.c, k.p) {
				out = append(out, boxAssign(Assign{Colour: k.c, Principal: k.p, Project: i, Desk: d}))
			}
		}
	}
	if s.Moves[seat] > 0 {
		for i, sl := range s.Slots {
			for d, o := range sl.Desks {
				if o.Owner != seat {
					continue
				}
				for j := range s.Slots {
					if j == i {
						continue
					}
					for _, t := range desks(j, o.Colour, o.Principal) {
						out = append(out, boxMove(Move{FromProject: i, FromDesk: d, Project: j, Desk: t}))
					}
				}
			}
		}
	}
	for _, k := range cards {
		if s.canTrain(seat, k.c, k.p) {
			out = append(out, boxCard(0, k.c, k.p))
		}
	}
	for _, k := range cards {
		if s.canPromote(seat, k.c, k.p) {
			out = append(out, boxCard(1, k.c, k.p))
		}
	}
	for _, k := range cards {
		if s.canRecruit(seat, k.c, k.p) {
			out = append(out, boxCard(2, k.c, k.p))
		}
	}
	return append(out, Pass{}, Resign{})
}

func illegal(format string, args ...any) error {
	return engine.Errf(engine.CodeIllegal, format, args...)
}

// applyWork validates and applies a work action of the awaited seat.
func (s *state) applyWork(seat int, a engine.Action) ([]engine.Event, error) {
	switch a := a.(type) {
	case Assign:
		if !s.has(seat, a.Colour, a.Principal) {
			return nil, illegal("You hold no such consultant.")
		}
		if !s.deskLegal(a.Project, a.Desk, a.Colour, a.Principal) {
			return nil, illegal("That desk cannot take this consultant now.")
		}
		s.Hands[seat][a.Colour][rank(a.Principal)]--
		evs := s.events(engine.Event{Kind: "assign", Text: s.quiet.Say(func() string {
			return fmt.Sprintf("%s assigned a %s to desk %d of %s.",
				seatName(seat), consultantName(a.Colour, a.Principal), a.Desk+1, s.card(a.Project).Name)
		})})
		evs = s.join(evs, s.place(seat, a.Project, a.Desk, occupant{Owner: seat, Colour: a.Colour, Principal: a.Principal}))
		return s.join(evs, s.advance()), nil
	case Move:
		if s.Moves[seat] <= 0 {
			return nil, illegal("You have no Move Consultant action left this round.")
		}
		if a.FromProject < 0 || a.FromProject >= len(s.Slots) || a.FromDesk < 0 || a.FromDesk >= len(s.Slots[a.FromProject].Desks) ||
			s.Slots[a.FromProject].Desks[a.FromDesk].Owner != seat {
			return nil, illegal("You have no consultant at that desk.")
		}
		if a.Project == a.FromProject {
			return nil, illegal("A consultant moves to another project.")
		}
		o := s.Slots[a.FromProject].Desks[a.FromDesk]
		if !s.deskLegal(a.Project, a.Desk, o.Colour, o.Principal) {
			return nil, illegal("That desk cannot take this consultant now.")
		}
		s.Moves[seat]--
		s.Slots[a.FromProject].Desks[a.FromDesk] = free
		evs := s.events(engine.Event{Kind: "move", Text: s.quiet.Say(func() string {
			return fmt.Sprintf("%s moved a %s from %s to desk %d of %s (%d move(s) left).",
				seatName(seat), consultantName(o.Colour, o.Principal), s.card(a.FromProject).Name, a.Desk+1, s.card(a.Project).Name, s.Moves[seat])
		})})
		evs = s.join(evs, s.place(seat, a.Project, a.Desk, o))
		return s.join(evs, s.advance()), nil
	case Train:
		if !s.canTrain(seat, a.Colour, a.Principal) {
			return nil, illegal("You cannot train that consultant now (it costs %s).", Money(s.trainCost(seat)))
		}
		evs := s.spend(seat, s.trainCost(seat), "to train a consultant")
		s.giveBack(seat, a.Colour, a.Principal)
		s.Phase = PhaseTrainPick
		return append(evs, engine.Event{Kind: "train", To: s.to(seat),
			Text: s.quiet.Say(func() string {
				return fmt.Sprintf("%s returned a %s to its deck to train a new Senior.", seatName(seat), consultantName(a.Colour, a.Principal))
			}),
			Redacted: s.quiet.Say(func() string { return fmt.Sprintf("%s trained a consultant.", seatName(seat)) })}), nil
	case Promote:
		if !s.canPromote(seat, a.Colour, a.Principal) {
			return nil, illegal("You cannot promote that consultant now (it costs %s and needs a Principal of its colour in the deck).", Money(s.promoteCost(seat)))
		}
		evs := s.spend(seat, s.promoteCost(seat), "to promote a consultant")
		s.giveBack(seat, a.Colour, a.Principal)
		s.Principals[a.Colour]--
		s.Hands[seat][a.Colour][principal]++
		evs = append(evs, engine.Event{Kind: "promote", Text: s.quiet.Say(func() string {
			return fmt.Sprintf("%s promoted a %s to a Principal %s.",
				seatName(seat), consultantName(a.Colour, a.Principal), ColourCode(a.Colour))
		})})
		return s.join(evs, s.advance()), nil
	case Recruit:
		if !s.canRecruit(seat, a.Colour, a.Principal) {
			return nil, illegal("You cannot recruit now (it costs %s).", Money(s.recruitCost()))
		}
		evs := s.spend(seat, s.recruitCost(), "to recruit a Principal")
		s.giveBack(seat, a.Colour, a.Principal)
		s.Phase = PhaseRecruitPick
		return append(evs, engine.Event{Kind: "recruit", To: s.to(seat),
			Text: s.quiet.Say(func() string {
				return fmt.Sprintf("%s returned a %s to its deck to recruit a Principal.", seatName(seat), consultantName(a.Colour, a.Principal))
			}),
			Redacted: s.quiet.Say(func() string { return fmt.Sprintf("%s recruited a consultant.", seatName(seat)) })}), nil
	case Pass:
		s.Passed[seat] = true
		evs := s.events(engine.Event{Kind: "pass", Text: s.quiet.Say(func() string { return fmt.Sprintf("%s passed.", seatName(seat)) })})
		return s.join(evs, s.advance()), nil
	}
	return nil, illegal("That is not an action of the work phase.")
}

// spend pays cost to the bank; E3's free Train or Promote is used up by a
// $0 payment.
func (s *state) spend(seat int, cost int64, why string) []engine.Event {
	if cost == 0 {
		s.Subsidy[seat] = true
		return s.events(engine.Event{Kind: "subsidy", Text: s.quiet.Say(func() string { return fmt.Sprintf("%s used the Training Subsidy: no cost %s.", seatName(seat), why) })})
	}
	return s.events(s.pay("cost", seat, -cost, why))
}

// giveBack returns a hand card to its deck (R002-03, A002-14).
func (s *state) giveBack(seat, colour int, isPrincipal bool) {
	s.Hands[seat][colour][rank(isPrincipal)]--
	if isPrincipal {
		s.Principals[colour]++
	} else {
		s.Seniors[colour]++
	}
}

// applyPick is the secret pick after Train or Recruit.
func (s *state) applyPick(seat int, a engine.Action) ([]engine.Event, error) {
	var colour int
	var isPrincipal bool
	switch a := a.(type) {
	case TakeSenior:
		if s.Phase != PhaseTrainPick {
			return nil, illegal("You are not choosing a Senior now.")
		}
		colour = a.Colour
	case TakePrincipal:
		if s.Phase != PhaseRecruitPick {
			return nil, illegal("You are not choosing a Principal now.")
		}
		colour, isPrincipal = a.Colour, true
	default:
		return nil, illegal("Choose a card from the deck first.")
	}
	deck := &s.Seniors
	if isPrincipal {
		deck = &s.Principals
	}
	if colour < 0 || colour >= NumColours || deck[colour] == 0 {
		return nil, illegal("The deck holds no such card.")
	}
	deck[colour]--
	s.Hands[seat][colour][rank(isPrincipal)]++
	verb := "trained"
	if isPrincipal {
		verb = "recruited"
	}
	evs := s.events(engine.Event{Kind: "pick", To: s.to(seat),
		Text: s.quiet.Say(func() string {
			return fmt.Sprintf("%s %s a %s.", seatName(seat), verb, consultantName(colour, isPrincipal))
		}),
		Redacted: s.quiet.Say(func() string { return fmt.Sprintf("%s took a card from the deck.", seatName(seat)) })})
	return s.join(evs, s.advance()), nil
}

// defaultPick is the colour with the most cards in a deck (lowest first).
func defaultPick(deck [NumColours]int) int {
	best := 0
	for c := range deck {
		if deck[c] > deck[best] {
			best = c
		}
	}
	return best
}

// place puts a consultant at a desk and completes the project when a
// Principal took its last desk (R002-15, A002-06, A002-07).
func (s *state) place(seat, i, d int, o occupant) []engine.Event {
	s.Slots[i].Desks[d] = o
	c := s.card(i)
	if c.Kind == KindInnovation || d != len(c.Desks)-1 || !o.Principal {
		return nil
	}
	return s.complete(i)
}

// complete resolves a completion inside the acting seat's turn (A002-17):
// track rewards, green bonus, cards back, the next International Project.
func (s *state) complete(i int) []engine.Event {
	sl, c := s.Slots[i], s.card(i)
	evs := s.events(engine.Event{Kind: "complete", Text: s.quiet.Say(func() string { return fmt.Sprintf("%s is complete!", c.Name) })})
	track := printedTrack(c.Kind)
	var rankBuf [maxDesks]int
	rank := rankedIn(rankBuf[:0], &sl)
	for k, d := range rank {
		if k < len(track) {
			evs = append(evs, s.pay("reward", sl.Desks[d].Owner, track[k], s.completeFor(i, k)))
		}
	}
	if s.Deadlines && sl.Marker > 0 && sl.Marker <= 2 { // R002-23
		for _, d := range rank {
			evs = append(evs, s.pay("bonus", sl.Desks[d].Owner, GreenBonus, s.bonusFor(i)))
		}
	}
	for _, o := range sl.Desks {
		if o.Owner < 0 {
			continue
		}
		if o.Principal {
			s.Principals[o.Colour]++
		} else {
			s.Seniors[o.Colour]++
		}
	}
	if len(s.Intl) == 0 { // A002-09
		s.Slots[i] = slot{}
		return append(evs, engine.Event{Kind: "project", Text: s.quiet.Say(func() string { return "No International Project is left; the slot stays empty." })})
	}
	id := s.Intl[0]
	s.Intl = s.Intl[1:]
	s.IntlPlaced++
	nc, _ := cardByID(id, s.seats())
	s.Slots[i] = s.newSlot(id, len(nc.Desks), 1)
	evs = append(evs, engine.Event{Kind: "project", Text: s.quiet.Say(func() string { return fmt.Sprintf("A new International Project is on the table: %s.", nc.Name) })})
	switch len(s.Intl) {
	case 0:
		s.LastRound = true
		evs = append(evs, engine.Event{Kind: "last_round", Text: s.quiet.Say(func() string {
			return "That was the last International Project: this is the last round; the game ends after its rewards."
		})})
	case 1: // acceptance test 5: say so before the last round comes
		evs = append(evs, engine.Event{Kind: "last_round_near", Text: s.quiet.Say(func() string {
			return "Only one International Project is left in the deck: the next completed project brings it out, and that round will be the last."
		})})
	}
	return evs
}

// resign removes seat at once (3.e): its consultants go back to the decks.
// The caller moves the game on.
func (s *state) resign(seat int) []engine.Event {
	for c := 0; c < NumColours; c++ {
		s.Seniors[c] += s.Hands[seat][c][senior]
		s.Principals[c] += s.Hands[seat][c][principal]
		s.Hands[seat][c] = [2]int{}
	}
	for i := range s.Slots {
		for d, o := range s.Slots[i].Desks {
			if o.Owner == seat {
				if o.Principal {
					s.Principals[o.Colour]++
				} else {
					s.Seniors[o.Colour]++
				}
				s.Slots[i].Desks[d] = free
			}
		}
	}
	s.Out[seat], s.Passed[seat] = true, true
	s.OutOrder = append(s.OutOrder, seat)
	evs := s.events(engine.Event{Kind: "resign", Text: s.quiet.Say(func() string {
		return fmt.Sprintf("%s resigned with %s; their consultants went back to the decks.", seatName(seat), Money(s.Dollars[seat]))
	})})
	if s.active() < 2 {
		s.Phase, s.Turn = PhaseOver, -1
		s.EndReason = "Only one player is left in the game."
		return append(evs, engine.Event{Kind: "game_over", Text: s.quiet.Say(func() string { return s.EndReason + " " + s.winnersText() })})
	}
	return evs
}

// resignAnyTime is C-8: seat resigns whatever the game waits for. Another
// seat's decision goes on (a seat waiting in the Headhunters queue leaves
// it); the seat's own decision is forfeited and the game moves on as
// after it: the next worker, the next Headhunters victim, or a new choice
// of the start player.
func (s *state) resignAnyTime(seat int) []engine.Event {
	turn, phase := seat == s.Turn, s.Phase
	if phase == PhaseHeadhunters {
		q := s.Queue[:0:0]
		for _, p := range s.Queue {
			if p != seat {
				q = append(q, p)
			}
		}
		s.Queue = q
	}
	evs := s.resign(seat)
	if s.Phase == PhaseOver || !turn {
		return evs
	}
	switch phase {
	case PhaseHeadhunters:
		if len(s.Queue) > 0 {
			s.Turn = s.Queue[0]
			return evs
		}
		return s.join(evs, s.startWork())
	case PhaseChooseStart:
		s.Turn = s.chooser()
		return append(evs, engine.Event{Kind: "chooser", Text: s.quiet.Say(func() string {
			return fmt.Sprintf("%s has the fewest dollars and chooses the start player.", seatName(s.Turn))
		})})
	}
	return s.join(evs, s.advance())
}
