package opoly

import (
	"math/bits"

	"boardroom/engine"
)

// raise picks the next step out of a debt: mortgage what is not part of a
// complete group (cheapest first), then the streets of a full group that
// has no buildings, then sell buildings, and only then declare bankruptcy.
// It reads its sales and mortgages (partDebt) and, only when they leave
// it no step, the mechanisms' actions (partDebtMechs), which come after
// them in the whole list: Mortgage and SellBuilding are legalManage's
// alone, so the first loop finds all of them in its part.
func (b *bot) raise(v *View, l *choices) engine.Action {
	if a := b.advise(AdviceDebt, v); a != nil {
		return a
	}
	if l.parted() {
		if kept, ok := l.g.lentDebtList(b.seat); ok {
			return b.raiseKept(v, l, kept)
		}
	}
	legal := l.part(partDebt)
	parted := l.parted()
	var loose, sell, any engine.Action
	var looseV, anyV, sellV int64
	for _, a := range legal {
		switch x := a.(type) { // a kept as listed: no value boxed again
		case Mortgage:
			m := v.Board.Cells[x.Cell].Mortgage
			if !v.OwnsGroup(b.seat, v.Board.Cells[x.Cell].Group) {
				if loose == nil || m < looseV {
					loose, looseV = a, m
				}
			} else if any == nil || m < anyV {
				any, anyV = a, m
			}
		case SellBuilding:
			// the biggest refund first: fewest buildings sold
			if r := v.Rules.SellRefund(x.Cell); sell == nil || r > sellV {
				sell, sellV = a, r
			}
		}
	}
	switch {
	case loose != nil:
		return loose
	case any != nil: // a full group without buildings earns less than a building
		return any
	case sell != nil:
		return sell
	}
	if a := lastResort(legal); a != nil {
		return a
	}
	if parted {
		if a := lastResort(l.part(partDebtMechs)); a != nil {
			return a
		}
	}
	return DeclareBankruptcy{}
}

// raiseKept is raise's choice from the lent debt view's list (what
// l.part(partDebt) lends): its sales, then the kept mortgage entries,
// whose Mortgages the bot reads from their cells (kept.plain) without
// walking the entries that sell a group down and mortgage (most of a
// late debt's list), and its sales only when it mortgages none, the best
// of them found without listing them (Game.debtSale). The same action as
// raise's loops over the list.
func (b *bot) raiseKept(v *View, l *choices, kept *debtKept) engine.Action {
	var loose, any engine.Action
	var looseV, anyV int64
	if kept != nil {
		for m := kept.plain; m != 0; m &= m - 1 { // board order, as listed
			c := bits.TrailingZeros64(m)
			mv := v.Board.Cells[c].Mortgage
			if !v.OwnsGroup(b.seat, v.Board.Cells[c].Group) {
				if loose == nil || mv < looseV {
					loose, looseV = boxMortgage[c], mv
				}
			} else if any == nil || mv < anyV {
				any, anyV = boxMortgage[c], mv
			}
		}
	}
	switch {
	case loose != nil:
		return loose
	case any != nil:
		return any
	}
	// the largest refund of the sales, else their first SellGroupDown
	// (lastResort's first among them: no offer of assets is listed there)
	if a := l.g.debtSale(b.seat); a != nil {
		return a
	}
	// else the list's first SellAndMortgage
	if kept != nil {
		if m := kept.listed &^ kept.plain; m != 0 {
			return boxSellMort[bits.TrailingZeros64(m)]
		}
	}
	if a := lastResort(l.part(partDebtMechs)); a != nil {
		return a
	}
	return DeclareBankruptcy{}
}

// lastResort is the debtor's step when nothing is left to mortgage or sell
// on its own: the first sale of a cell with its mortgage or of a group
// down to a level, else the last offer of assets listed (it offers every
// property); nil when legal holds none.
func lastResort(legal []engine.Action) engine.Action {
	var offer engine.Action
	for _, a := range legal {
		switch a.(type) {
		case SellAndMortgage, SellGroupDown:
			return a
		case OfferAssets:
			offer = a // the last listed offers every property
		}
	}
	return offer
}

// bidUnit is the bid in a shortage auction on template t: its reserve
// plus a little when the cash allows, else the minimum (nothing).
func (b *bot) bidUnit(v *View, t Bid) int64 {
	a := v.Auction
	p := t.Param()
	var reserve int64
	for i, s := range a.Bidders {
		if s == b.seat && i < len(a.Reserves) {
			reserve = a.Reserves[i]
		}
	}
	x := reserve + reserve/10*int64(b.r.IntN(4))
	// never above what the unit is worth to the bot (issue 27)
	x = min(x, b.unitValue(v, a.Kind == "top"))
	if st := p.Step; st > 1 {
		x -= x % st
	}
	if v.PlayerCash(b.seat)-x < b.reserve(v) || x < reserve {
		x = p.Min // a bid below its reserve cannot win: none
	}
	return max(p.Min, min(x, p.Max))
}
