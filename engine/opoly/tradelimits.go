package opoly

import "slices"

// The limits MF-9 puts on trade proposals, so that no one can stall a game
// or pester a player with offers: at most Trade.MaxPerTurn proposals a turn
// (canPropose), one pending at a time (a proposal holds the phTrade phase
// until it is answered), a chain of counter-proposals ends after
// maxCounters exchanges with a reject, and a rejected proposal may not be
// made again, unchanged, to the same player in the same turn.

// maxCounters is the number of counter-proposals a chain may hold: the
// answer to the last one is accept or reject (MF-9).
const maxCounters = 3

// counters is how many counter-proposals the pending chain holds. A
// snapshot from before the count was kept says only Counter.
func (t *pendingTrade) counters() int {
	if t.Counter && t.Counters == 0 {
		return 1
	}
	return t.Counters
}

// canCounter reports whether the pending proposal may be countered.
func (g *Game) canCounter() bool {
	t := g.s.Trade
	return t != nil && !t.Takeover && t.counters() < maxCounters
}

// sameOffer reports whether a and b are the same proposal between the same
// two players: the same assets either way (in any order), the same money
// and the same redeem choice of the proposer.
func sameOffer(a, b *TradeOffer) bool {
	return a.From == b.From && a.To == b.To && a.Money == b.Money && a.FromRedeems == b.FromRedeems &&
		sameSet(a.FromCells, b.FromCells) && sameSet(a.ToCells, b.ToCells) &&
		sameSet(a.FromCards, b.FromCards) && sameSet(a.ToCards, b.ToCards)
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 1 {
		return a[0] == b[0]
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// wasRejected reports whether o was rejected in this turn.
func (g *Game) wasRejected(o *TradeOffer) bool {
	for i := range g.s.Rejected {
		if sameOffer(&g.s.Rejected[i], o) {
			return true
		}
	}
	return false
}

// remember records the pending offer as rejected in this turn.
func (g *Game) remember(o *TradeOffer) {
	r := *o
	ints := &g.blk.ints
	r.FromCells, r.ToCells = ints.copyOf(o.FromCells), ints.copyOf(o.ToCells)
	r.FromCards, r.ToCards = ints.copyOf(o.FromCards), ints.copyOf(o.ToCards)
	r.ToRedeems = false
	g.s.Rejected = append(g.s.Rejected, r)
}

// narrow shrinks the money range [lo, hi] of offer o's assets so that it
// holds no amount of an offer rejected in this turn: a template lists only
// amounts that apply. It keeps the larger side of each rejected amount; ok
// is false when nothing is left.
func (g *Game) narrow(o *TradeOffer, lo, hi int64) (int64, int64, bool) {
	st := max(g.rs.Money.Step, 1)
	for i := range g.s.Rejected {
		r := &g.s.Rejected[i]
		m := r.Money
		if m < lo || m > hi {
			continue
		}
		probe := *o
		probe.Money = m
		if !sameOffer(r, &probe) {
			continue
		}
		if m-lo >= hi-m {
			hi = m - st
		} else {
			lo = m + st
		}
		if lo > hi {
			return lo, hi, false
		}
	}
	return lo, hi, true
}

// checkRepeat refuses an offer rejected in this turn.
func (g *Game) checkRepeat(o *TradeOffer) error {
	if g.wasRejected(o) {
		return illegal(who(o.To) + " already rejected this proposal in this turn; change it, or make it in a later turn.")
	}
	return nil
}
