package billionaire

import (
	"fmt"
	"slices"
	"strings"

	"boardroom/engine"
)

// Apply implements engine.Game: it validates with check, then mutates.
func (g *Game) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	if err := g.check(seat, a); err != nil {
		return nil, err
	}
	s := g.s
	p := &s.Players[seat]
	g.touch(seat) // the acting seat changes; pay, a round's start and end and a resignation touch the others
	ev := events{quiet: g.quiet}
	if g.quiet { // a quiet game's events are valid until its next Apply
		ev.list = g.evbuf[:0]
		g.arena.reset()
		ev.arena = &g.arena
		defer func() { g.evbuf = ev.list }()
	}
	if len(s.Pending) > 0 { // round 1's order, made by New (G003-11)
		for _, e := range s.Pending {
			if ev.quiet {
				e = engine.Event{Kind: e.Kind, To: e.To, Money: e.Money}
			}
			ev.list = append(ev.list, e)
		}
		s.Pending = nil
	}
	switch a := a.(type) {
	case Resign:
		g.resign(&ev, seat)
	case Choose:
		p.Hand, p.Chosen, p.Limit = a.Counts(), true, 1+len(p.Labs)
		ev.add(engine.Event{Kind: "chosen", To: ev.to(seat)}, func() string {
			var parts []string
			for t, n := range a.Counts() {
				if n > 0 {
					parts = append(parts, fmt.Sprintf("%d× %s", n, CardName(t)))
				}
			}
			mine := "no cards"
			if len(parts) > 0 {
				mine = strings.Join(parts, ", ")
			}
			return fmt.Sprintf("%s chose %s.", seatName(seat), mine)
		}, func() string { return fmt.Sprintf("%s has chosen their action cards.", seatName(seat)) })
		g.maybeAllChosen(&ev)
	case ForcedSell:
		g.sellLab(&ev, seat, a.Lab, a.Container, "forced sale to pay upkeep")
		g.continueUpkeep(&ev)
	case AcquireLab:
		g.playCard(seat, CardAcquire)
		loc := location(a.Loc)
		p.Labs = append(p.Labs, Lab{Loc: a.Loc, Bought: s.Round})
		g.lver++
		p.Containers = append(p.Containers, Container{Item: -1, Loc: OffMap})
		g.pay(&ev, seat, -loc.Cost, "labs_buy", reasons().buyFor(a.Loc))
		g.fillContainers(&ev, seat)
	case SellLab:
		g.playCard(seat, CardSell)
		g.sellLab(&ev, seat, a.Lab, a.Container, "sale")
	case SelectWork:
		g.playCard(seat, CardSelect)
		s.Drawn = g.drawnMem[:0]
		for _, st := range []int{a.First, a.Second} {
			s.Drawn = append(s.Drawn, g.draw(&ev, st))
		}
		ev.add(engine.Event{Kind: "drawn", To: ev.to(seat)}, func() string {
			codes := make([]string, len(s.Drawn))
			for k, id := range s.Drawn {
				codes[k] = describe(item(id))
			}
			return fmt.Sprintf("%s drew %s.", seatName(seat), strings.Join(codes, " and "))
		}, func() string {
			return fmt.Sprintf("%s drew two Work Items (%s and %s stack).", seatName(seat), stackName(a.First), stackName(a.Second))
		})
		s.Phase = PhaseDecide
	case Accept:
		id := s.Drawn[0]
		s.Drawn = s.Drawn[1:]
		switch c := freeContainer(p); {
		case c >= 0:
			p.Containers[c] = Container{Item: id, Loc: OffMap}
			if ev.quiet {
				ev.say("accept", "")
			} else {
				ev.sayf("accept", func() string {
					return fmt.Sprintf("%s accepted %s onto Work Container %d.", seatName(seat), describe(item(id)), c+1)
				})
			}
		default:
			p.Queue = append(p.Queue, id)
			if ev.quiet {
				ev.say("accept", "")
			} else {
				ev.sayf("accept", func() string {
					return fmt.Sprintf("%s accepted %s into the Work Queue.", seatName(seat), describe(item(id)))
				})
			}
		}
		g.afterDecide()
	case Decline:
		id := s.Drawn[0]
		s.Drawn = s.Drawn[1:]
		s.Discards[stackOf(id)] = append(s.Discards[stackOf(id)], id)
		ev.add(engine.Event{Kind: "decline", To: ev.to(seat)},
			func() string { return fmt.Sprintf("%s declined %s.", seatName(seat), itemOf(id).Code) },
			func() string { return fmt.Sprintf("%s declined a Work Item.", seatName(seat)) })
		g.afterDecide()
	case StopWork:
		g.playCard(seat, CardStop)
		it := item(a.Item)
		if c := containerOf(p, a.Item); c >= 0 {
			p.Containers[c] = Container{Item: -1, Loc: OffMap, Worked: p.Containers[c].Worked}
		} else {
			p.Queue = slices.DeleteFunc(p.Queue, func(id int) bool { return id == a.Item })
		}
		s.Discards[it.Stack] = append(s.Discards[it.Stack], a.Item)
		g.pay(&ev, seat, -it.Fee, "fees", reasons().feeFor(a.Item))
		g.fillContainers(&ev, seat)
	case DoWork:
		g.doWork(&ev, seat, a)
	case EndZone:
		ev.sayf("end_zone", func() string {
			return fmt.Sprintf("%s ends their visit to the %s zone.", seatName(seat), ZoneName(s.Zone))
		})
		s.Turn++
		g.skipIdle(&ev)
	}
	switch a.(type) {
	case AcquireLab, SellLab, StopWork, DoWork, Accept, Decline:
		g.passIfStuck(&ev) // nothing left to play: the visit ends now
	}
	return ev.list, nil
}

func stackName(st int) string {
	if st == Large {
		return "large"
	}
	return "small"
}

// describe is an item's public description.
func describe(it Item) string {
	kind, risk := "project", "low risk"
	if it.Product {
		kind = fmt.Sprintf("product over %d rounds", it.Payments)
	}
	if it.HighRisk {
		risk = "high risk"
	}
	return fmt.Sprintf("%s (%d man-days, %s, %s, %s, customer in %s, cancellation fee %s)", it.Code, it.Duration, money(it.Revenue),
		kind, risk, ContinentName(it.Customer), money(it.Fee))
}

// playCard moves one selected card of type c from the hand to the played
// pile (R003-04: played cards are discarded; A003-02).
func (g *Game) playCard(seat, c int) {
	p := &g.s.Players[seat]
	p.Hand[c]--
	p.Played[c]++
}

// maybeAllChosen ends the selection when every seat still in has chosen.
func (g *Game) maybeAllChosen(ev *events) {
	s := g.s
	if s.Phase != PhaseSelect {
		return
	}
	for i := range s.Players {
		if !s.Players[i].Out && !s.Players[i].Chosen {
			return
		}
	}
	if ev.quiet {
		ev.say("selection_locked", "")
	} else {
		var parts []string
		for _, i := range s.active() {
			parts = append(parts, fmt.Sprintf("%s %s", seatName(i), Plural(handSize(&s.Players[i]), "card")))
		}
		ev.sayf("selection_locked", func() string { return fmt.Sprintf("Everyone has chosen. Cards chosen: %s.", strings.Join(parts, ", ")) })
	}
	g.afterSelection(ev)
}

func (g *Game) afterDecide() {
	if len(g.s.Drawn) == 0 {
		g.s.Drawn = nil
		g.s.Phase = PhaseZone
	}
}

// draw takes the top card of stack st, reshuffling its discards into it
// when it is empty (G003-07). check made sure a card is there.
func (g *Game) draw(ev *events, st int) int {
	s := g.s
	if len(s.Stacks[st]) == 0 {
		s.Stacks[st], s.Discards[st] = s.Discards[st], []int{}
		s.RNG.Shuffle(len(s.Stacks[st]), func(i, j int) { s.Stacks[st][i], s.Stacks[st][j] = s.Stacks[st][j], s.Stacks[st][i] })
		ev.sayf("reshuffle", func() string {
			return fmt.Sprintf("The %s stack is empty: its discards are shuffled into a new stack.", stackName(st))
		})
	}
	id := s.Stacks[st][0]
	s.Stacks[st] = s.Stacks[st][1:]
	return id
}

// fillContainers moves the head of the Work Queue onto free containers
// (R003-16, A003-18).
func (g *Game) fillContainers(ev *events, seat int) {
	p := &g.s.Players[seat]
	for len(p.Queue) > 0 {
		c := freeContainer(p)
		if c < 0 {
			return
		}
		worked := p.Containers[c].Worked
		p.Containers[c] = Container{Item: p.Queue[0], Loc: OffMap, Worked: worked}
		p.Queue = p.Queue[1:]
		ev.sayf("queue", func() string {
			return fmt.Sprintf("%s moves %s from the Work Queue onto Work Container %d.", seatName(seat), itemOf(p.Containers[c].Item).Code, c+1)
		})
	}
}

// sellLab sells seat's Lab at loc for 50% and removes container index c
// (R003-11, R003-07, A003-10, G003-10).
func (g *Game) sellLab(ev *events, seat, loc, c int, why string) {
	s := g.s
	p := &s.Players[seat]
	p.Labs = slices.DeleteFunc(p.Labs, func(l Lab) bool { return l.Loc == loc })
	g.lver++
	for k := range p.Containers {
		if p.Containers[k].Loc == loc {
			p.Containers[k].Loc = OffMap
		}
	}
	lost := p.Containers[c]
	p.Containers = slices.Delete(p.Containers, c, c+1)
	L := location(loc)
	g.pay(ev, seat, L.Cost/2, "labs_sale", reasons().saleFor(loc, why))
	if lost.Item >= 0 {
		p.Queue = append([]int{lost.Item}, p.Queue...)
		ev.sayf("container_lost", func() string {
			return fmt.Sprintf("%s loses Work Container %d; %s goes back to the head of the Work Queue and the %s of work done on it are lost.",
				seatName(seat), c+1, itemOf(lost.Item).Code, Plural(int(lost.Rings), "man-day"))
		})
		if len(p.Queue) > QueueSize {
			tail := p.Queue[QueueSize]
			p.Queue = p.Queue[:QueueSize]
			s.Discards[stackOf(tail)] = append(s.Discards[stackOf(tail)], tail)
			ev.sayf("queue_overflow", func() string {
				return fmt.Sprintf("%s's Work Queue overflows: %s is discarded without a fee.", seatName(seat), itemOf(tail).Code)
			})
		}
	} else {
		ev.sayf("container_lost", func() string { return fmt.Sprintf("%s loses an empty Work Container.", seatName(seat)) })
	}
	g.fillContainers(ev, seat)
}

// resign is 4.e.3: Labs sold at 50%, items discarded without fees, out of
// the turn order, ranked last, scored on the adjusted capital.
func (g *Game) resign(ev *events, seat int) {
	s := g.s
	g.touchAll()
	p := &s.Players[seat]
	sc := s.score(seat)
	p.OutScore, p.OutDetail = sc.Adjusted, &sc
	wasCurrent := s.current() == seat
	ev.sayf("resign", func() string { return fmt.Sprintf("%s resigns.", seatName(seat)) })
	for len(p.Labs) > 0 {
		g.sellLab(ev, seat, p.Labs[0].Loc, 0, "resignation")
	}
	discard := func(id int) { s.Discards[stackOf(id)] = append(s.Discards[stackOf(id)], id) }
	for _, id := range p.Queue {
		discard(id)
	}
	for _, id := range p.Finished {
		discard(id)
	}
	for _, e := range p.PPL {
		discard(e.Item)
	}
	if wasCurrent || len(s.active()) <= 2 {
		// The drawer's undecided items go face down; so do another
		// seat's when this resignation leaves one company (the game ends).
		for _, id := range s.Drawn {
			discard(id)
		}
		s.Drawn = nil
	}
	p.Queue, p.Finished, p.PPL, p.Containers = nil, nil, nil, nil
	p.Hand, p.Played, p.Chosen, p.Out = [numCardTypes]int{}, [numCardTypes]int{}, false, true
	s.Resigned = append(s.Resigned, seat)
	if len(s.active()) == 1 {
		s.Phase = PhaseOver
		s.EndReason = fmt.Sprintf("%s is the last company left.", seatName(s.active()[0]))
		ev.sayf("game_over", func() string { return fmt.Sprintf("Game over. %s", s.EndReason) })
		g.sayScores(ev)
		return
	}
	switch s.Phase {
	case PhaseSelect:
		g.maybeAllChosen(ev)
	case PhaseUpkeep:
		if s.Debtor == seat {
			g.continueUpkeep(ev)
		}
	case PhaseZone, PhaseDecide:
		if wasCurrent {
			s.Phase = PhaseZone
			s.Turn++
			g.skipIdle(ev)
		}
	}
}
