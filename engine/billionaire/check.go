package billionaire

import (
	"errors"
	"fmt"
)

// Invariant errors; CheckInvariants wraps them with the details.
var (
	ErrCardsNotConserved = errors.New("work items not conserved")
	ErrLabs              = errors.New("labs inconsistent")
	ErrContainers        = errors.New("work containers inconsistent")
	ErrQueue             = errors.New("work queue inconsistent")
	ErrMoney             = errors.New("money flows inconsistent")
	ErrSelection         = errors.New("action card selection inconsistent")
	ErrPayments          = errors.New("product payment list inconsistent")
	ErrTurn              = errors.New("turn state inconsistent")
)

// CheckInvariants implements engine.Checker.
func (g *Game) CheckInvariants() error {
	s := g.s
	return errors.Join(s.checkCards(), s.checkLabs(), s.checkContainers(), s.checkMoney(), s.checkSelection(), s.checkPayments(), s.checkTurn())
}

// checkCards: each of the 256 Work Items is in exactly one place: a stack,
// a discard, the pending draw, a queue, a container, a finished-projects
// pile or a Product Payment List; stacks hold only their own cards.
func (s *state) checkCards() error {
	seen := make([]int, NumItems)
	var errs []error
	// count adds an error only for a bad id: appending every item's nil
	// made this check most of a bot-only sim's time (errors.Join drops
	// nils, so the result is the same)
	count := func(id int) {
		if id < 0 || id >= NumItems {
			errs = append(errs, fmt.Errorf("%w: bad item id %d", ErrCardsNotConserved, id))
			return
		}
		seen[id]++
	}
	for st := 0; st < 2; st++ {
		for _, pile := range [][]int{s.Stacks[st], s.Discards[st]} {
			for _, id := range pile {
				count(id)
				if stackOf(id) != st {
					errs = append(errs, fmt.Errorf("%w: item %d in the wrong stack", ErrCardsNotConserved, id))
				}
			}
		}
	}
	for _, id := range s.Drawn {
		count(id)
	}
	for _, p := range s.Players {
		for _, id := range p.Queue {
			count(id)
		}
		for _, id := range p.Finished {
			count(id)
		}
		for _, c := range p.Containers {
			if c.Item >= 0 {
				count(c.Item)
			}
		}
		for _, e := range p.PPL {
			count(e.Item)
		}
	}
	for id, n := range seen {
		if n != 1 {
			errs = append(errs, fmt.Errorf("%w: item %d is in %d places", ErrCardsNotConserved, id, n))
			break
		}
	}
	return errors.Join(errs...)
}

// checkLabs: at most one Lab per location, at most 3 per seat, none for a
// seat that left, never bought in a future round.
func (s *state) checkLabs() error {
	owners := make([]int, NumLocations)
	for i, p := range s.Players {
		if len(p.Labs) > MaxLabs || (p.Out && len(p.Labs) > 0) {
			return fmt.Errorf("%w: seat %d has %d Labs", ErrLabs, i, len(p.Labs))
		}
		for _, l := range p.Labs {
			if l.Loc < 0 || l.Loc >= NumLocations || l.Bought > s.Round || l.Bought < 1 {
				return fmt.Errorf("%w: seat %d has a bad Lab %+v", ErrLabs, i, l)
			}
			owners[l.Loc]++
		}
	}
	for loc, n := range owners {
		if n > 1 {
			return fmt.Errorf("%w: %d Labs on %s", ErrLabs, n, locOf(loc).Name)
		}
	}
	return nil
}

// checkContainers: one container per Lab (R003-10); an empty container is
// off the map with no rings; a full one stands off the map or on an own
// Lab with fewer rings than its duration; no free container while items
// wait in the queue.
func (s *state) checkContainers() error {
	for i, p := range s.Players {
		if len(p.Containers) != len(p.Labs) {
			return fmt.Errorf("%w: seat %d has %d containers for %d Labs", ErrContainers, i, len(p.Containers), len(p.Labs))
		}
		if len(p.Queue) > QueueSize {
			return fmt.Errorf("%w: seat %d has %d items queued", ErrQueue, i, len(p.Queue))
		}
		for k, c := range p.Containers {
			if c.Item < 0 {
				if c.Rings != 0 || c.Loc != OffMap {
					return fmt.Errorf("%w: seat %d container %d is empty but holds %d rings at %d", ErrContainers, i, k+1, c.Rings, c.Loc)
				}
				if len(p.Queue) > 0 {
					return fmt.Errorf("%w: seat %d container %d is free while items wait", ErrQueue, i, k+1)
				}
				continue
			}
			if _, ok := p.lab(c.Loc); c.Loc != OffMap && !ok {
				return fmt.Errorf("%w: seat %d container %d stands on a Lab it does not own", ErrContainers, i, k+1)
			}
			if c.Rings < 0 || c.Rings >= itemOf(c.Item).Duration {
				return fmt.Errorf("%w: seat %d container %d has %d rings", ErrContainers, i, k+1, c.Rings)
			}
		}
	}
	return nil
}

// checkMoney: capital is never negative and equals the start capital plus
// every booked flow; each flow has its sign.
func (s *state) checkMoney() error {
	for i, p := range s.Players {
		l := p.Ledger
		if p.Capital < 0 {
			return fmt.Errorf("%w: seat %d has %d M€", ErrMoney, i, p.Capital)
		}
		if l.Upkeep > 0 || l.LabsBuy > 0 || l.Fees > 0 || l.LabsSale < 0 || l.Projects < 0 || l.Products < 0 {
			return fmt.Errorf("%w: seat %d has a flow of the wrong sign %+v", ErrMoney, i, l)
		}
		if sum := StartCapital + l.Upkeep + l.LabsBuy + l.LabsSale + l.Fees + l.Projects + l.Products; sum != p.Capital {
			return fmt.Errorf("%w: seat %d has %d M€ but its flows sum to %d", ErrMoney, i, p.Capital, sum)
		}
	}
	return nil
}

// checkSelection: played + unplayed selected cards stay within the copies
// of each type and within the round's limit; nobody holds cards before
// choosing.
func (s *state) checkSelection() error {
	for i, p := range s.Players {
		total := 0
		for t := 0; t < numCardTypes; t++ {
			if p.Hand[t] < 0 || p.Played[t] < 0 || p.Hand[t]+p.Played[t] > CardCopies(t) {
				return fmt.Errorf("%w: seat %d %s hand %d played %d", ErrSelection, i, CardName(t), p.Hand[t], p.Played[t])
			}
			total += p.Hand[t] + p.Played[t]
		}
		if total > 0 && (!p.Chosen || total > p.Limit || p.Limit > 1+MaxLabs) {
			return fmt.Errorf("%w: seat %d has %d cards, limit %d", ErrSelection, i, total, p.Limit)
		}
	}
	return nil
}

// checkPayments: every Product Payment List entry is a product with
// payments left within its count, paying revenue / count.
func (s *state) checkPayments() error {
	for i, p := range s.Players {
		for _, e := range p.PPL {
			it := item(e.Item)
			if !it.Product || e.Left < 1 || e.Left > it.Payments || e.Payment*int64(it.Payments) != it.Revenue {
				return fmt.Errorf("%w: seat %d entry %+v", ErrPayments, i, e)
			}
		}
		for _, id := range p.Finished {
			if itemOf(id).Product {
				return fmt.Errorf("%w: seat %d has product %d among finished projects", ErrPayments, i, id)
			}
		}
	}
	return nil
}

// checkTurn: the turn order is a permutation of the seats in play at the
// round's start, and the phase's actor is a seat still in.
func (s *state) checkTurn() error {
	seen := make([]bool, len(s.Players))
	for _, i := range s.Order {
		if i < 0 || i >= len(s.Players) || seen[i] {
			return fmt.Errorf("%w: order %v", ErrTurn, s.Order)
		}
		seen[i] = true
	}
	for _, i := range s.active() {
		if !seen[i] {
			return fmt.Errorf("%w: seat %d is not in the order %v", ErrTurn, i, s.Order)
		}
	}
	if (s.Phase == PhaseZone || s.Phase == PhaseDecide) && (s.Turn >= len(s.Order) || s.Players[s.Order[s.Turn]].Out) {
		return fmt.Errorf("%w: visit %d of %v", ErrTurn, s.Turn, s.Order)
	}
	if s.Phase == PhaseDecide && len(s.Drawn) == 0 || s.Phase != PhaseDecide && len(s.Drawn) > 0 {
		return fmt.Errorf("%w: phase %s with %d drawn items", ErrTurn, s.Phase, len(s.Drawn))
	}
	return nil
}
