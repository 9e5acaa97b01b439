package billionaire

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"boardroom/engine"
)

// seatName names a seat as the platform expects ("Seat N", 1-based).
// seatName is "Seat N"; the four seats of a game are constants, because
// names are written into sentences and money reasons at every step.
func seatName(seat int) string {
	switch seat {
	case 0:
		return "Seat 1"
	case 1:
		return "Seat 2"
	case 2:
		return "Seat 3"
	case 3:
		return "Seat 4"
	}
	return fmt.Sprintf("Seat %d", seat+1)
}

func money(v int64) string { return fmt.Sprintf("%d M€", v) }

// events collects the events of one Apply.
// A quiet one (engine.Quieter) writes no sentences: callers whose
// arguments cost work to build test quiet first.
type events struct {
	list  []engine.Event
	quiet engine.Quiet
	arena *arena // a quiet game's memory for its events' lists; nil: allocate
}

// arena is the memory a quiet game's events take their lists from: they
// are valid until the next Apply (engine.Quieter), which empties it.
type arena struct {
	money []engine.MoneyChange
	seats [waitSeats][]int // []int{seat}, the recipients of a private event
}

// reset empties the arena for the next Apply.
func (a *arena) reset() { a.money = a.money[:0] }

// moneyList is the list of one money change.
func (e *events) moneyList(mc engine.MoneyChange) []engine.MoneyChange {
	a := e.arena
	if a == nil {
		return []engine.MoneyChange{mc}
	}
	if len(a.money) == cap(a.money) {
		// A new block: the lists handed out keep the old one.
		a.money = make([]engine.MoneyChange, 0, max(16, 2*cap(a.money)))
	}
	a.money = append(a.money, mc)
	n := len(a.money)
	return a.money[n-1 : n : n]
}

// to is the recipients of an event only seat reads.
func (e *events) to(seat int) []int {
	if a := e.arena; a != nil && seat >= 0 && seat < waitSeats {
		if a.seats[seat] == nil {
			a.seats[seat] = []int{seat}
		}
		return a.seats[seat]
	}
	return []int{seat}
}

func (e *events) say(kind, format string, args ...any) {
	e.list = append(e.list, engine.Event{Kind: kind, Text: e.quiet.Sayf(format, args...)})
}

// add appends an event whose sentences text and redacted write, when the
// events are not quiet.
func (e *events) add(ev engine.Event, text, redacted func() string) {
	ev.Text, ev.Redacted = e.quiet.Say(text), e.quiet.Say(redacted)
	e.list = append(e.list, ev)
}

// ledgerAdd books delta under category.
func ledgerAdd(l *Ledger, category string, delta int64) {
	switch category {
	case "upkeep":
		l.Upkeep += delta
	case "labs_buy":
		l.LabsBuy += delta
	case "labs_sale":
		l.LabsSale += delta
	case "fees":
		l.Fees += delta
	case "projects":
		l.Projects += delta
	case "products":
		l.Products += delta
	}
}

// pay changes seat's capital by delta for reason, books it in the ledger and
// tells it (C-5). reason completes "Seat N received/paid X M€ ...".
func (g *Game) pay(ev *events, seat int, delta int64, category, reason string) {
	p := &g.s.Players[seat]
	g.touch(seat)
	p.Capital += delta
	ledgerAdd(&p.Ledger, category, delta)
	verb, amt := "received", delta
	if delta < 0 {
		verb, amt = "paid", -delta
	}
	e := engine.Event{Kind: "money", Money: ev.moneyList(engine.MoneyChange{Seat: seat, Delta: delta, Balance: p.Capital, Reason: reason})}
	if !ev.quiet {
		e.Text = fmt.Sprintf("%s %s %s %s; capital %s.", seatName(seat), verb, money(amt), reason, money(p.Capital))
	}
	ev.list = append(ev.list, e)
}

// active lists the seats still in the game, in seat order.
func (s *state) active() []int { return s.activeIn(nil) }

// activeIn is active written into buf's memory (the caller's array: a
// round's start asks once a round).
func (s *state) activeIn(buf []int) []int {
	out := buf[:0]
	for i := range s.Players {
		if !s.Players[i].Out {
			out = append(out, i)
		}
	}
	return out
}

// startRound is ORDER then UPKEEP (4.f): the capital snapshot (A003-04),
// the turn order from the lowest capital (R003-05, G003-06), then upkeep.
func (g *Game) startRound(ev *events) {
	s := g.s
	if ev == nil {
		ev = &events{}
	}
	g.touchAll()
	s.Round++
	s.Phase = PhaseUpkeep
	s.Event, s.Blocked, s.Zone, s.Turn = -1, -1, East, 0
	if len(s.Snapshot) != len(s.Players) { // nobody keeps it
		s.Snapshot = make([]int64, len(s.Players))
	}
	for i := range s.Players {
		s.Snapshot[i] = s.Players[i].Capital
		p := &s.Players[i]
		p.Chosen, p.Limit, p.Hand, p.Played, p.Used = false, 0, [numCardTypes]int{}, [numCardTypes]int{}, nil
		p.UpkeepPaid = p.Out
		for c := range p.Containers {
			p.Containers[c].Worked = 0
		}
	}
	var actBuf [waitSeats]int
	act := s.activeIn(actBuf[:0])
	low := s.Snapshot[act[0]]
	for _, i := range act {
		low = min(low, s.Snapshot[i])
	}
	var tied []int
	for _, i := range act {
		if s.Snapshot[i] == low {
			tied = append(tied, i)
		}
	}
	first := tied[0]
	s.Rolls = nil
	for len(tied) > 1 {
		best, rolls := 0, make([]string, 0, len(tied))
		var top []int
		for _, i := range tied {
			d := s.RNG.Die()
			s.Rolls = append(s.Rolls, Roll{Seat: i, Die: d})
			rolls = append(rolls, fmt.Sprintf("%s rolled %d", seatName(i), d))
			switch {
			case d > best:
				best, top = d, []int{i}
			case d == best:
				top = append(top, i)
			}
		}
		ev.sayf("tie_roll", func() string {
			return fmt.Sprintf("Round %d: tied on the lowest capital (%s), a die decides who goes first: %s.", s.Round, money(low), strings.Join(rolls, ", "))
		})
		tied = top
		first = tied[0]
	}
	s.Order = s.Order[:0] // nobody keeps it: views and FirstOrder copy it
	n := len(s.Players)
	for k := 0; k < n; k++ {
		if i := (first + k) % n; !s.Players[i].Out {
			s.Order = append(s.Order, i)
		}
	}
	if s.ByCapital {
		// G003-11: the whole order by capital; ties keep the clockwise
		// order from the seat that won the die.
		slices.SortStableFunc(s.Order, func(a, b int) int { return cmp.Compare(s.Snapshot[a], s.Snapshot[b]) })
	}
	if s.Round == 1 {
		s.FirstOrder = append([]int(nil), s.Order...)
	}
	if ev.quiet {
		ev.say("round", "")
	} else {
		names := make([]string, len(s.Order))
		for k, i := range s.Order {
			names[k] = seatName(i)
		}
		ev.sayf("round", func() string {
			return fmt.Sprintf("Round %d begins. Turn order: %s.", s.Round, strings.Join(names, ", "))
		})
	}
	g.continueUpkeep(ev)
}

// upkeepOf is the upkeep a seat owes for its Labs (R003-03 step 1).
func (s *state) upkeepOf(p *Player) int64 {
	var sum int64
	for _, l := range p.Labs {
		sum += locOf(l.Loc).Upkeep
	}
	return sum
}

// continueUpkeep pays upkeep in turn order until a seat cannot pay
// (R003-07: it must sell a Lab first) or all have paid; then the
// selection opens.
func (g *Game) continueUpkeep(ev *events) {
	s := g.s
	for _, i := range s.Order {
		p := &s.Players[i]
		if p.UpkeepPaid {
			continue
		}
		due := s.upkeepOf(p)
		if p.Capital < due {
			s.Debtor, s.Phase = i, PhaseUpkeep
			ev.sayf("upkeep_short", func() string {
				return fmt.Sprintf("%s cannot pay %s upkeep with %s and must sell a Lab at 50%%.", seatName(i), money(due), money(p.Capital))
			})
			return
		}
		if due > 0 {
			g.pay(ev, i, -due, "upkeep", reasons().upkeepFor(len(p.Labs)))
		}
		p.UpkeepPaid = true
	}
	s.Debtor, s.Phase = -1, PhaseSelect
	ev.sayf("select", func() string {
		return fmt.Sprintf("Round %d: choose your action cards in secret (at most 1 + your Labs each).", s.Round)
	})
}

// afterSelection runs once every seat has chosen: the event card (R003-03
// step 3, A003-20), then the first visit of the East zone.
func (g *Game) afterSelection(ev *events) {
	s := g.s
	s.Event = s.RNG.IntN(NumEvents)
	name, cont := event(s.Event)
	s.Blocked = cont
	ev.sayf("event", func() string {
		return fmt.Sprintf("Event: %s. No work can be done in %s this round.", name, ContinentName(cont))
	})
	s.Zone, s.Turn, s.Phase = East, 0, PhaseZone
	ev.sayf("zone", func() string { return fmt.Sprintf("The sun rises over the %s zone.", ZoneName(s.Zone)) })
	g.skipIdle(ev)
}

// skipIdle moves past visits of seats that are out, hold no selected
// card, or hold none they can play here (they could only end the visit;
// the last are logged, pass.go), across zones, and into the post-round
// when the West zone is done.
func (g *Game) skipIdle(ev *events) {
	s := g.s
	for {
		if s.Turn >= len(s.Order) {
			s.Turn = 0
			s.Zone++
			if s.Zone >= numZones {
				g.postRound(ev)
				return
			}
			ev.sayf("zone", func() string { return fmt.Sprintf("The sun moves on to the %s zone.", ZoneName(s.Zone)) })
		}
		seat := s.Order[s.Turn]
		p := &s.Players[seat]
		if !p.Out && handSize(p) > 0 {
			if g.canPlay(seat) {
				return
			}
			g.sayPass(ev, seat) // it holds cards, none of them playable here
		}
		s.Turn++
	}
}

func handSize(p *Player) int {
	n := 0
	for _, c := range p.Hand {
		n += c
	}
	return n
}

// postRound is POST and END_CHECK (R003-06, R003-18, A003-05, A003-14).
func (g *Game) postRound(ev *events) {
	s := g.s
	g.touchAll()
	for i := range s.Players {
		p := &s.Players[i]
		if p.Out {
			continue
		}
		for _, id := range p.Finished {
			it := itemOf(id)
			g.pay(ev, i, it.Revenue, "projects", reasons().projectFor(id))
			s.Discards[it.Stack] = append(s.Discards[it.Stack], id)
		}
		p.Finished = nil
		keep := p.PPL[:0]
		for _, e := range p.PPL {
			it := itemOf(e.Item)
			e.Left--
			g.pay(ev, i, e.Payment, "products", reasons().productFor(e.Item, e.Left))
			if e.Left > 0 {
				keep = append(keep, e)
			} else {
				s.Discards[it.Stack] = append(s.Discards[it.Stack], e.Item)
			}
		}
		p.PPL = keep
		p.Hand, p.Played, p.Used = [numCardTypes]int{}, [numCardTypes]int{}, nil
	}
	s.Event, s.Blocked = -1, -1 // the event card goes back into the deck
	if g.endCheck(ev) {
		return
	}
	g.startRound(ev)
}

// endCheck ends the game after the post-round of a round in which someone
// reached €1 billion, or after the last round (4.e).
func (g *Game) endCheck(ev *events) bool {
	s := g.s
	var rich []string
	for i := range s.Players {
		if !s.Players[i].Out && s.Players[i].Capital >= WinCapital {
			rich = append(rich, seatName(i))
		}
	}
	switch {
	case len(rich) > 0:
		s.EndReason = fmt.Sprintf("Round %d: %s reached €1 billion; the highest capital wins.", s.Round, strings.Join(rich, " and "))
	case s.Round >= s.MaxRounds:
		s.EndReason = fmt.Sprintf("%d rounds played: the highest adjusted capital wins.", s.Round)
	default:
		return false
	}
	s.Phase = PhaseOver
	ev.sayf("game_over", func() string { return fmt.Sprintf("Game over. %s", s.EndReason) })
	g.sayScores(ev)
	return true
}

// sayScores tells every seat's score and what makes it up (R003-19), so
// that the log says why the winner won.
func (g *Game) sayScores(ev *events) {
	s := g.s
	ev.say("score", "Scores in M€: adjusted capital = capital + Labs (half their cost) + products (half the product "+
		"payments still to come) − fees (the cancellation fees of the Work Items held).")
	for i := range s.Players {
		if ev.quiet {
			ev.say("score", "")
			continue
		}
		if s.Players[i].Out {
			ev.sayf("score", func() string {
				return fmt.Sprintf("%s resigned; score %s (adjusted capital at resignation).", seatName(i), money(s.Players[i].OutScore))
			})
			continue
		}
		ev.sayf("score", func() string { return fmt.Sprintf("%s: %s.", seatName(i), s.score(i).Text()) })
	}
}

// Text is a Score in words: "adjusted capital 412 M€ = capital 300 +
// Labs 60 + products 72 − fees 20" (the parts in M€, sayScores says
// what they are).
func (sc Score) Text() string {
	return fmt.Sprintf("adjusted capital %s = capital %d + Labs %d + products %d − fees %d", money(sc.Adjusted),
		sc.Capital, sc.Labs, sc.Products, sc.Fees)
}

// Score is the adjusted capital of a seat and what makes it up (R003-19,
// A003-19): capital + half the cost of its Labs + half the product
// payments still to come (rounded down) - the cancellation fees of the
// Work Items in its queue and on its containers.
type Score struct {
	Capital  int64 `json:"capital"`
	Labs     int64 `json:"labs"`     // half the cost of every Lab owned
	Products int64 `json:"products"` // half the product payments still to come
	Fees     int64 `json:"fees"`     // cancellation fees of the items held (subtracted)
	Items    int   `json:"items"`    // how many items those fees are for
	Adjusted int64 `json:"adjusted"`
}

// score is a seat's Score now.
func (s *state) score(seat int) Score {
	p := &s.Players[seat]
	sc := Score{Capital: p.Capital}
	for _, l := range p.Labs {
		sc.Labs += locationCost(l.Loc) / 2
	}
	var remaining int64
	for _, e := range p.PPL {
		remaining += int64(e.Left) * e.Payment
	}
	sc.Products = remaining / 2
	for _, id := range p.Queue {
		sc.Fees += itemFee(id)
		sc.Items++
	}
	for _, c := range p.Containers {
		if c.Item >= 0 {
			sc.Fees += itemFee(c.Item)
			sc.Items++
		}
	}
	sc.Adjusted = sc.Capital + sc.Labs + sc.Products - sc.Fees
	return sc
}

// adjusted is a seat's adjusted capital (R003-19, A003-19).
func (s *state) adjusted(seat int) int64 { return s.score(seat).Adjusted }

// sayf appends an event whose sentence text writes, when the events are
// not quiet: a quiet game does not even box the sentence's arguments.
func (e *events) sayf(kind string, text func() string) {
	e.list = append(e.list, engine.Event{Kind: kind, Text: e.quiet.Say(text)})
}
