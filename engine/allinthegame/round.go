package allinthegame

import (
	"fmt"
	"strings"

	"boardroom/engine"
)

// Money writes dollars as the cards do: "$6", "-$4".
func Money(x int64) string {
	if x < 0 {
		return fmt.Sprintf("-$%d", -x)
	}
	return fmt.Sprintf("$%d", x)
}

func seatName(p int) string { return fmt.Sprintf("Seat %d", p+1) }

// consultantName is "Senior DEV" or "Principal SEC".
func consultantName(colour int, isPrincipal bool) string {
	if isPrincipal {
		return "Principal " + ColourCode(colour)
	}
	return "Senior " + ColourCode(colour)
}

// pay changes a seat's dollars and tells why (C-5). why completes
// "Seat N earned $6 ..." or "Seat N paid $2 ...".
func (s *state) pay(kind string, seat int, delta int64, why string) engine.Event {
	s.Dollars[seat] += delta
	verb := "earned"
	amount := delta
	if delta < 0 {
		verb, amount = "paid", -delta
	}
	text := s.quiet.Say(func() string {
		return fmt.Sprintf("%s %s %s %s; balance %s.", seatName(seat), verb, Money(amount), why, Money(s.Dollars[seat]))
	})
	return engine.Event{Kind: kind, Text: text,
		Money: s.moneyChange(engine.MoneyChange{Seat: seat, Delta: delta, Balance: s.Dollars[seat], Reason: why})}
}

// drawSenior takes a random Senior from the deck for seat; false if empty.
func (s *state) drawSenior(seat int) (int, bool) {
	total := 0
	for _, k := range s.Seniors {
		total += k
	}
	if total == 0 {
		return 0, false
	}
	r := s.RNG.IntN(total)
	for c, k := range s.Seniors {
		if r < k {
			s.Seniors[c]--
			s.Hands[seat][c][senior]++
			return c, true
		}
		r -= k
	}
	return 0, false
}

// deal gives each seat in turn order up to count Seniors, one card at a
// time (G002-10), with a private event per seat.
func (s *state) deal(count int, why string) []engine.Event {
	// The colours each seat got, in memory on the stack for a table's
	// seats and a round's deal.
	var cells [maxSeats * DealPerRound]int
	var gotBuf [maxSeats][]int
	got := gotBuf[:0]
	if n := s.seats(); n <= maxSeats && count <= DealPerRound {
		for p := range n {
			got = append(got, cells[p*count:p*count:(p+1)*count])
		}
	} else {
		got = make([][]int, n)
	}
	var orderBuf [maxSeats]int
	order := s.orderIn(orderBuf[:0], s.Start)
	for k := 0; k < count; k++ {
		for _, p := range order {
			if c, ok := s.drawSenior(p); ok {
				got[p] = append(got[p], c)
			}
		}
	}
	evs := s.events()
	for _, p := range order {
		if len(got[p]) == 0 {
			evs = append(evs, engine.Event{Kind: "deal", Text: s.quiet.Say(func() string {
				return fmt.Sprintf("%s received no consultant (%s): the Senior deck is empty.", seatName(p), why)
			})})
			continue
		}
		evs = append(evs, engine.Event{Kind: "deal", To: s.to(p),
			Text: s.quiet.Say(func() string {
				names := make([]string, len(got[p]))
				for k, c := range got[p] {
					names[k] = "Senior " + ColourCode(c)
				}
				return fmt.Sprintf("%s received %s (%s).", seatName(p), strings.Join(names, " and "), why)
			}),
			Redacted: s.quiet.Say(func() string {
				return fmt.Sprintf("%s received %d Senior Consultant(s) (%s).", seatName(p), len(got[p]), why)
			})})
	}
	return evs
}

// startRound runs Phase 1 up to the choice of the start player (R002-05).
func (s *state) startRound() []engine.Event {
	s.Event = -1 // i: the previous event card goes to the box
	s.Round++
	evs := s.events(engine.Event{Kind: "round", Text: s.quiet.Say(func() string { return fmt.Sprintf("Round %d begins.", s.Round) })})
	for p := range s.Passed {
		s.Passed[p] = s.Out[p]
		s.Moves[p] = MovesPerRound
		s.Subsidy[p] = false
	}
	evs = s.join(evs, s.deal(DealPerRound, "start of round"))
	if s.Round == 1 { // A002-02: random start player, no choice
		evs = append(evs, engine.Event{Kind: "start_player", Text: s.quiet.Say(func() string { return fmt.Sprintf("%s is the start player (drawn at random).", seatName(s.Start)) })})
		return s.join(evs, s.revealEvent())
	}
	s.Turn = s.chooser()
	s.Phase = PhaseChooseStart
	return append(evs, engine.Event{Kind: "chooser", Text: s.quiet.Say(func() string {
		return fmt.Sprintf("%s has the fewest dollars and chooses the start player.", seatName(s.Turn))
	})})
}

// chooser is the poorest seat; ties go to the first found from the seat
// after the previous start player, which is checked last (A002-04).
func (s *state) chooser() int {
	best := -1
	var orderBuf [maxSeats]int
	for _, p := range s.orderIn(orderBuf[:0], s.next(s.Start)) {
		if best < 0 || s.Dollars[p] < s.Dollars[best] {
			best = p
		}
	}
	return best
}

func (s *state) chooseStart(seat, start int) []engine.Event {
	s.Start = start
	evs := s.events(engine.Event{Kind: "start_player", Text: s.quiet.Say(func() string { return fmt.Sprintf("%s chose %s as start player.", seatName(seat), seatName(start)) })})
	return s.join(evs, s.revealEvent())
}

// revealEvent runs Phase 2 (R002-06, G002-09) and then opens Phase 3,
// unless E4 asks the players first.
func (s *state) revealEvent() []engine.Event {
	if len(s.Events) == 0 {
		return s.startWork()
	}
	s.Event, s.Events = s.Events[0], s.Events[1:]
	s.EventsSeen++
	ec := eventCard(s.Event)
	evs := s.events(engine.Event{Kind: "event", Text: s.quiet.Say(func() string { return fmt.Sprintf("Event %s %s: %s", ec.ID, ec.Name, ec.Text) })})
	switch len(s.Events) { // G002-13: the event deck caps the game; say so before its last round
	case 0:
		evs = append(evs, engine.Event{Kind: "last_round", Text: s.quiet.Say(func() string {
			return "That was the last event card: this is the last round; the game ends after its rewards."
		})})
	case 1:
		evs = append(evs, engine.Event{Kind: "last_round_near", Text: s.quiet.Say(func() string {
			return "Only one event card is left: the next round will be the last."
		})})
	}
	switch s.Event {
	case EvHeadhunters:
		s.Queue = nil
		var orderBuf [maxSeats]int
		for _, p := range s.orderIn(orderBuf[:0], s.Start) {
			if s.seniorsInHand(p) > 0 {
				s.Queue = append(s.Queue, p)
			}
		}
		if len(s.Queue) > 0 {
			s.Phase, s.Turn = PhaseHeadhunters, s.Queue[0]
			return evs
		}
	case EvGraduateIntake:
		evs = s.join(evs, s.deal(1, "Graduate Intake"))
	case EvTravelBan:
		for p := range s.Moves {
			s.Moves[p] = 0
		}
	case EvExtraTravel:
		for p := range s.Moves {
			s.Moves[p] = 3
		}
	case EvClientEscalation, EvDeadlineExtension:
		if s.Deadlines {
			step := 1
			if s.Event == EvDeadlineExtension {
				step = -1
			}
			for i := range s.Slots {
				if s.Slots[i].Marker > 0 {
					s.Slots[i].Marker = min(MaxMarker, max(1, s.Slots[i].Marker+step))
				}
			}
			evs = append(evs, engine.Event{Kind: "deadline", Text: s.quiet.Say(func() string {
				return "Every deadline marker moved " + map[bool]string{true: "right", false: "left"}[step > 0] + "."
			})})
		}
	case EvTaxRebate:
		for _, p := range s.poorest() {
			evs = append(evs, s.pay("rebate", p, RebateAmount, "from the Tax Rebate (fewest dollars)"))
		}
	}
	return s.join(evs, s.startWork())
}

func (s *state) seniorsInHand(p int) int {
	n := 0
	for c := 0; c < NumColours; c++ {
		n += s.Hands[p][c][senior]
	}
	return n
}

// poorest lists the seats in the game with the fewest dollars, in seat order.
func (s *state) poorest() []int {
	var out []int
	for p := range s.Dollars {
		if s.Out[p] {
			continue
		}
		if len(out) > 0 && s.Dollars[p] < s.Dollars[out[0]] {
			out = out[:0]
		}
		if len(out) == 0 || s.Dollars[p] == s.Dollars[out[0]] {
			out = append(out, p)
		}
	}
	return out
}

// startWork opens Phase 3 with the start player (R002-07).
func (s *state) startWork() []engine.Event {
	s.Phase = PhaseWork
	s.Queue = nil
	s.Turn = s.Start
	if s.Passed[s.Turn] {
		return s.advance()
	}
	return nil
}

// advance hands the turn to the next seat that has not passed, or ends
// Phase 3 when all have passed (R002-16).
func (s *state) advance() []engine.Event {
	s.Phase = PhaseWork
	n := s.seats()
	for i := 1; i <= n; i++ {
		q := (s.Turn + i) % n
		if !s.Passed[q] {
			s.Turn = q
			return nil
		}
	}
	return s.endRound()
}

// endRound runs Phase 4, Phase 5 and the end check (A002-15, A002-16).
func (s *state) endRound() []engine.Event {
	evs := s.rewards()
	final := s.LastRound || len(s.Events) == 0
	if final {
		s.Phase, s.Turn = PhaseOver, -1
		if s.LastRound {
			s.EndReason = "The last International Project was placed; the game ended after the rewards of that round."
		} else {
			s.EndReason = "The last event card was revealed; the game ended after the rewards of that round."
		}
		return append(evs, engine.Event{Kind: "game_over", Text: s.quiet.Say(func() string { return s.EndReason + " " + s.winnersText() })})
	}
	if s.Deadlines { // R002-26
		for i := range s.Slots {
			if s.Slots[i].Marker > 0 && s.Slots[i].Marker < MaxMarker {
				s.Slots[i].Marker++
			}
		}
		evs = append(evs, engine.Event{Kind: "deadline", Text: s.quiet.Say(func() string { return "Deadline in sight: every deadline marker moved one field right." })})
	}
	return s.join(evs, s.startRound())
}

func (s *state) winnersText() string {
	var w []string
	var best int64
	for p, d := range s.Dollars {
		if s.Out[p] {
			continue
		}
		if len(w) == 0 || d > best {
			w, best = []string{seatName(p)}, d
		} else if d == best {
			w = append(w, seatName(p))
		}
	}
	if len(w) == 1 {
		return fmt.Sprintf("%s wins with %s.", w[0], Money(best))
	}
	return fmt.Sprintf("%s share the win with %s each.", strings.Join(w, " and "), Money(best))
}

// rankedIn lists a project's consultants right to left (R002-17), written
// into buf's memory.
func rankedIn(buf []int, sl *slot) []int {
	out := buf[:0]
	for d := len(sl.Desks) - 1; d >= 0; d-- {
		if sl.Desks[d].Owner >= 0 {
			out = append(out, d)
		}
	}
	return out
}

// rewards is Phase 4 (R002-17, R002-25, R002-29, A002-16).
func (s *state) rewards() []engine.Event {
	evs := s.events(engine.Event{Kind: "rewards", Text: s.quiet.Say(func() string { return fmt.Sprintf("Rewards of round %d.", s.Round) })})
	for i, sl := range s.Slots {
		c := s.card(i)
		if sl.Card == "" || c.Kind == KindInnovation {
			continue
		}
		track := printedTrack(c.Kind)
		var rankBuf [maxDesks]int
		for k, d := range rankedIn(rankBuf[:0], &sl) {
			var amount int64
			what := ""
			if k < len(track) {
				amount = track[k]
				if s.Event == EvLatePayments {
					amount /= 2
					what = ", halved by Late Client Payments"
				}
			}
			if k == 0 && s.Event == EvPerformanceBonus {
				amount += PerformanceGain
				what += ", +$2 Performance Bonus"
			}
			if amount == 0 {
				continue
			}
			evs = append(evs, s.pay("reward", sl.Desks[d].Owner, amount, s.rewardFor(i, k, what)))
		}
	}
	for i := range s.Slots {
		sl := &s.Slots[i]
		if sl.Card != InnovationID {
			continue
		}
		for d, o := range sl.Desks {
			if o.Owner < 0 {
				continue
			}
			evs = append(evs, s.pay("innovation", o.Owner, InnovationPay, "on the Innovation Project"))
			s.Hands[o.Owner][o.Colour][rank(o.Principal)]++
			sl.Desks[d] = free
		}
	}
	if s.Deadlines {
		evs = s.join(evs, s.penalties())
	}
	return evs
}

// penalties charges every late project (R002-25, A002-10, A002-11).
func (s *state) penalties() []engine.Event {
	evs := s.events()
	for i, sl := range s.Slots {
		if sl.Marker < 4 {
			continue
		}
		fine := int64(PenaltyOrange)
		if sl.Marker >= 5 {
			fine = PenaltyRed
		}
		present := make([]bool, s.seats())
		leftmost := -1
		for _, o := range sl.Desks {
			if o.Owner >= 0 {
				present[o.Owner] = true
				if leftmost < 0 {
					leftmost = o.Owner
				}
			}
		}
		name := s.card(i).Name
		var payers []int
		var orderBuf [maxSeats]int
		for _, p := range s.orderIn(orderBuf[:0], 0) {
			if !present[p] {
				payers = append(payers, p)
			}
		}
		why := fmt.Sprintf("deadline penalty on %s (field %d): no consultant there", name, sl.Marker)
		if len(payers) == 0 && leftmost >= 0 {
			payers = []int{leftmost}
			why = fmt.Sprintf("deadline penalty on %s (field %d): leftmost consultant", name, sl.Marker)
		}
		for _, p := range payers {
			s.Penalties[p] += fine
			evs = append(evs, s.pay("penalty", p, -fine, why))
		}
	}
	return evs
}
