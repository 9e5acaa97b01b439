package opoly

import "boardroom/engine"

// Prompt implements engine.Game.
func (g *Game) Prompt() engine.Prompt {
	s := g.s
	switch s.Phase {
	case phOver:
		return engine.Prompt{Phase: PhaseOver}
	case phAuction:
		c := g.cached()
		if c.waiting == nil {
			a := s.Auction
			def := bidZero
			if a.Min != 0 {
				def = Bid{Amount: a.Min}
			}
			var w [MaxSeats]engine.Wait
			k := 0
			for i, seat := range a.Bidders {
				if a.Bids[i] < 0 {
					w[k] = engine.Wait{Seat: seat, Default: def}
					k++
				}
			}
			c.waiting = g.blk.waits.copyOf(w[:k])
		}
		return engine.Prompt{Phase: PhaseAuction, Simultaneous: true, Waiting: c.waiting}
	case phDebt:
		c := g.cached()
		if c.waiting == nil {
			d := s.Queue[0].Debtor
			c.waiting = g.blk.waits.take(1)
			c.waiting[0] = engine.Wait{Seat: d, Default: g.defaultDebtStep(d)}
		}
		return engine.Prompt{Phase: PhaseDebt, Waiting: c.waiting}
	case phTrade:
		if s.Trade.Takeover {
			return engine.Prompt{Phase: PhaseTrade, Decision: engine.DecisionAnswer, Waiting: waits[waitDeny][s.Trade.Offer.To]}
		}
		return engine.Prompt{Phase: PhaseTrade, Decision: engine.DecisionAnswer, Waiting: waits[waitReject][s.Trade.Offer.To]}
	case phBuy:
		return engine.Prompt{Phase: PhaseBuy, Waiting: waits[waitDecline][g.active()]}
	case phValue:
		return engine.Prompt{Phase: PhaseValue, Decision: engine.DecisionAnswer, Waiting: g.oneWait(s.Mixed.Creditor, func() engine.Action { return RefuseAssets{} })}
	case phValued:
		return engine.Prompt{Phase: PhaseValued, Decision: engine.DecisionAnswer, Waiting: g.oneWait(s.Mixed.Debtor, func() engine.Action { return RejectValuation{} })}
	case phPlace:
		return engine.Prompt{Phase: PhasePlace, Waiting: g.oneWait(s.Place.Seat, g.placeDefault)}
	case phReceive:
		return engine.Prompt{Phase: PhaseReceive, Waiting: g.oneWait(s.Received.Seat, func() engine.Action { return PayTransferFees{} })}
	case phChoose:
		return engine.Prompt{Phase: PhaseChoose, Waiting: g.oneWait(g.active(), func() engine.Action {
			var buf [MaxCells]int
			return g.cheapest(g.cancellable(g.active(), buf[:0]))
		})}
	case phPostRoll:
		if s.Must {
			return engine.Prompt{Phase: PhasePostRoll, Waiting: waits[waitRoll][g.active()]}
		}
		return engine.Prompt{Phase: PhasePostRoll, Waiting: waits[waitEnd][g.active()]}
	}
	ph := PhaseRoll
	if s.Players[g.active()].Jailed {
		ph = PhaseJail
	}
	return engine.Prompt{Phase: ph, Waiting: waits[waitRoll][g.active()]}
}

// oneWait is the Waiting list of a prompt that waits on seat alone, with
// the default def gives: built once per published state, carved from a
// block (a prompt per action of a variant's own phases allocated one).
func (g *Game) oneWait(seat int, def func() engine.Action) []engine.Wait {
	c := g.cached()
	if c.waiting == nil {
		c.waiting = g.blk.waits.take(1)
		c.waiting[0] = engine.Wait{Seat: seat, Default: def()}
	}
	return c.waiting
}

// bidZero is the default bid of a first round, boxed once.
var bidZero engine.Action = Bid{}

// waits holds shared single-seat Waiting lists for the defaults that carry
// no data, so that Prompt does not allocate on every call. Read-only.
var waits = func() (w [5][MaxSeats][]engine.Wait) {
	defs := [5]engine.Action{waitRoll: Roll{}, waitEnd: EndTurn{}, waitDecline: Decline{}, waitReject: RejectTrade{}, waitDeny: DenyTakeover{}}
	for k, d := range defs {
		for seat := 0; seat < MaxSeats; seat++ {
			w[k][seat] = []engine.Wait{{Seat: seat, Default: d}}
		}
	}
	return w
}()

const (
	waitRoll = iota
	waitEnd
	waitDecline
	waitReject
	waitDeny
)

// phaseName is the label of the current phase.
func (g *Game) phaseName() string {
	switch g.s.Phase {
	case phOver:
		return PhaseOver
	case phAuction:
		return PhaseAuction
	case phDebt:
		return PhaseDebt
	case phTrade:
		return PhaseTrade
	case phBuy:
		return PhaseBuy
	case phChoose:
		return PhaseChoose
	case phValue:
		return PhaseValue
	case phValued:
		return PhaseValued
	case phPlace:
		return PhasePlace
	case phReceive:
		return PhaseReceive
	case phPostRoll:
		return PhasePostRoll
	}
	if g.s.Players[g.active()].Jailed {
		return PhaseJail
	}
	return PhaseRoll
}

// awaitsOne returns the one seat awaits holds for (-1 for none) in every
// phase but an auction's (single false), without asking seat by seat.
func (g *Game) awaitsOne() (seat int, single bool) {
	s := g.s
	switch s.Phase {
	case phOver:
		return -1, true
	case phAuction:
		return -1, false
	case phDebt:
		return s.Queue[0].Debtor, true
	case phTrade:
		return s.Trade.Offer.To, true
	case phValue:
		return s.Mixed.Creditor, true
	case phValued:
		return s.Mixed.Debtor, true
	case phPlace:
		return s.Place.Seat, true
	case phReceive:
		return s.Received.Seat, true
	}
	return g.active(), true
}

// AwaitedSeat implements engine.SeatAwaiter: the seat of awaitsOne, in
// every phase but an auction's and the end; a trade's or takeover's answer
// and a mixed payment's valuation and its answer are answers (Prompt).
func (g *Game) AwaitedSeat() (seat int, answer, ok bool) {
	seat, single := g.awaitsOne()
	if !single || seat < 0 {
		return -1, false, false
	}
	ph := g.s.Phase
	return seat, ph == phTrade || ph == phValue || ph == phValued, true
}

// AwaitedSeats implements engine.SeatsAwaiter: an auction's bidders yet
// to bid (its Prompt, the only simultaneous one).
func (g *Game) AwaitedSeats() (seats uint64, ok bool) {
	s := g.s
	if s.Phase != phAuction {
		return 0, false
	}
	a := s.Auction
	for i, seat := range a.Bidders {
		if a.Bids[i] < 0 {
			seats |= 1 << uint(seat)
		}
	}
	return seats, true
}

// awaits reports whether the game waits on seat now.
func (g *Game) awaits(seat int) bool {
	s := g.s
	switch s.Phase {
	case phOver:
		return false
	case phAuction:
		i := s.Auction.index(seat)
		return i >= 0 && s.Auction.Bids[i] < 0
	case phDebt:
		return s.Queue[0].Debtor == seat
	case phTrade:
		return s.Trade.Offer.To == seat
	case phValue:
		return s.Mixed.Creditor == seat
	case phValued:
		return s.Mixed.Debtor == seat
	case phPlace:
		return s.Place.Seat == seat
	case phReceive:
		return s.Received.Seat == seat
	}
	return seat == g.active()
}
