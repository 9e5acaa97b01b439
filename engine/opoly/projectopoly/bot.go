package projectopoly

import (
	"math/bits"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// The standard bot's rules of thumb for Projectopoly's own mechanisms
// (G000-10, G000-12, R000-28, R000-32): where to place a unit won at
// auction, whether to repay what it receives under budget extension, when
// to sell a blocked asset to the best offer, when to pay a debt with
// assets, which valuation to name and which to accept. The core's bot asks
// this Advisor (opoly.Advisor) at its steps; its buying, building and
// trading stay the core's. Every choice is made from actions Legal lists.
// One advisor for all of them keeps the order of the bot's first steps out
// of a debt (an offer of assets to the creditor, then a sale to all).
type botRules struct{ opoly.NoActions } // it owns no action: it only advises

// AdviceSteps implements opoly.StepAdvisor: Advise returns nil at
// AdviceRequest (asked in the turn's phases, which its switch of phases
// passes over) and at AdviceAnswer (asked in a trade, the same).
func (*botRules) AdviceSteps() uint8 {
	return 1<<opoly.AdvicePhase | 1<<opoly.AdviceTurn | 1<<opoly.AdviceDebt
}

// BlockedSteps implements opoly.BlockedAdvisor: in the bot's turn and
// debt it offers a blocked property alone (sellBlocked, raise), and
// returns nil at once without one.
func (*botRules) BlockedSteps() uint8 {
	return 1<<opoly.AdviceTurn | 1<<opoly.AdviceDebt
}

// StreetSteps implements opoly.StreetsAdvisor: in the bot's turn it sells
// a blocked property only to staff a street group it owns whole
// (sellBlocked's need), and returns nil at once without one.
func (*botRules) StreetSteps() uint8 { return 1 << opoly.AdviceTurn }

// Advise implements opoly.Advisor.
// The legal list (b.Legal) is read only where a rule needs it: in the
// bot's turn, most steps have nothing to offer to all.
func (*botRules) Advise(b opoly.Advice, step opoly.AdviceStep, v *opoly.View) engine.Action {
	switch step {
	case opoly.AdviceTurn:
		return sellBlocked(b, v)
	case opoly.AdviceDebt:
		// raise offers a blocked property alone, to the creditor, then
		// to all: the debtor's offers list its own properties only
		// (mixed.Legal), so without a blocked one (most debts) neither
		// finds any, and the offers need not be listed
		bs := blockedKept(b, v, b.Seat())
		if bs == 0 {
			return nil
		}
		return raise(b, v, bs, b.LegalOf(opoly.OfferAssets{}.Kind()))
	}
	switch v.Phase {
	case opoly.PhaseValue:
		return value(b, v, b.Legal())
	case opoly.PhaseValued:
		return answerValuation(v)
	case opoly.PhasePlace:
		return place(v, b.Legal())
	case opoly.PhaseReceive:
		return redeemOrPay(b, v, b.Legal())
	}
	return nil
}

// blocked reports whether seat's property c is the only one it holds in
// a group where a rival holds another: it cannot complete the group
// without a trade, so the property earns little and is worth most to the
// rival.
func blocked(v *opoly.View, seat, c int) bool {
	grp := &v.Board.Groups[v.Board.Cells[c].Group]
	if len(grp.Cells) < 2 {
		return false
	}
	rival := false
	for _, o := range grp.Cells {
		switch w := v.Cells[o].Owner; {
		case o == c:
		case w == seat:
			return false
		case w != opoly.Bank:
			rival = true
		}
	}
	return rival
}

// held counts seat's properties per group, from its own list
// (PlayerView.Props: the cells it owns), and sets bit gi of groups for each
// group it holds one in: the advice below asks of most groups nothing but
// that, and a walk over every group's cells was most of its work.
func held(v *opoly.View, seat int) (n [64]uint8, groups uint64) {
	for _, c := range v.PlayerProps(seat) {
		if gi := v.Board.Cells[c].Group; gi >= 0 && gi < len(n) {
			n[gi]++
			groups |= 1 << uint(gi)
		}
	}
	return n, groups
}

// blockedOf is the set of seat's unmortgaged properties that are blocked
// (blocked: the only one it holds in a group where a rival holds another).
func blockedOf(v *opoly.View, seat int) uint64 {
	n, groups := held(v, seat)
	var set uint64
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		grp := &v.Board.Groups[gi]
		if n[gi] != 1 || len(grp.Cells) < 2 {
			continue // another of its own there, or a group of one
		}
		mine, rival := -1, false
		for _, c := range grp.Cells {
			switch w := v.Cells[c].Owner; {
			case w == seat:
				mine = c
			case w != opoly.Bank:
				rival = true
			}
		}
		if rival && mine >= 0 && !v.Cells[mine].Mortgaged {
			set |= 1 << uint(mine)
		}
	}
	return set
}

// blockedKept is blockedOf(v, seat): on the bot's own view the core
// tells the set without the walk (Advice.Blocked, kept by the game until
// the owners change); on any other it is kept in the bot's memory while
// the cells do not change (it depends on them alone): the advice asks at
// every step of the bot's turns and debts, and the cells change at few of
// them.
func blockedKept(b opoly.Advice, v *opoly.View, seat int) uint64 {
	if set, ok := b.Blocked(v, seat); ok {
		return set
	}
	return keptBlocked(b.Memory(), v, seat, untold)
}

// untold tells no blocked set: keptBlocked walks (blockedOf).
func untold(*opoly.View, int) (uint64, bool) { return 0, false }

// keptBlocked is blockedOf(v, seat) kept in memory m while the cells do
// not change, told the set by tell where it can (ok), else walking.
func keptBlocked(m *opoly.AdviceMemory, v *opoly.View, seat int, tell func(v *opoly.View, seat int) (uint64, bool)) uint64 {
	if v.CellsVersion == 0 || m.CellsVer != v.CellsVersion {
		set, ok := tell(v, seat)
		if !ok {
			set = blockedOf(v, seat)
		}
		m.Cells, m.CellsVer = set, v.CellsVersion
	}
	return m.Cells
}

// place chooses the project for a unit won in a shortage auction: where it
// raises the fee most.
func place(v *opoly.View, legal []engine.Action) engine.Action {
	var best engine.Action
	var bestGain int64
	for _, a := range legal {
		p, ok := a.(opoly.PlaceUnit)
		if !ok {
			continue
		}
		cell := &v.Board.Cells[p.Cell]
		l := v.Cells[p.Cell].Level
		if l+1 >= len(cell.Rents) {
			continue
		}
		if gain := cell.Rents[l+1] - cell.Rents[l]; best == nil || gain > bestGain {
			best, bestGain = a, gain
		}
	}
	if best == nil {
		return legal[0]
	}
	return best
}

// redeemOrPay redeems a property received under a mortgage when the cash
// stays well above the reserve (as it lifts its own mortgages), else pays
// the transfer fee.
func redeemOrPay(b opoly.Advice, v *opoly.View, legal []engine.Action) engine.Action {
	cash := v.PlayerCash(b.Seat())
	for _, a := range legal {
		if r, ok := a.(opoly.RedeemReceived); ok && cash-v.Rules.LiftCost(r.Cell) >= 2*b.Reserve(v)+200 {
			return a
		}
	}
	return opoly.PayTransferFees{}
}

// sellBlocked offers to all, in the bot's own turn, a blocked property
// when it owns a group it could staff but lacks the cash: the best offer
// (at least the printed price) pays for the staff. Once per property and
// turn.
// (Whether the ruleset offers anything to all is offerBlocked's first
// question: most calls find no need before it.)
func sellBlocked(b opoly.Advice, v *opoly.View) engine.Action {
	bs := blockedKept(b, v, b.Seat())
	if bs == 0 {
		return nil // nothing offerBlocked could offer: no need to look for a need
	}
	if m := b.Memory(); m.Key == v.Round*opoly.MaxSeats+v.Active && bs&^m.Bits == 0 {
		return nil // all offered this turn: offerBlocked would find none
	}
	need := false
	cash := v.PlayerCash(b.Seat())
	for gs := b.WholeStreets(v, b.Seat()); gs != 0; gs &= gs - 1 {
		grp := &v.Board.Groups[bits.TrailingZeros64(gs)]
		c := grp.Cells[0]
		if v.Cells[c].Level < v.MaxLevel && !v.Cells[c].Mortgaged && cash-v.Board.Cells[c].BuildPrice < b.Reserve(v) {
			need = true
			break
		}
	}
	if !need {
		return nil
	}
	return offerBlocked(b, v, bs, false)
}

// offerBlocked offers to all the first of the bot's blocked properties bs
// (blockedKept, not 0) not yet offered to all this turn (an offer that
// found no taker is not repeated in the turn), with a reserve of its
// price, or of what a mortgage of it would raise.
func offerBlocked(b opoly.Advice, v *opoly.View, bs uint64, mortgage bool) engine.Action {
	// the cells it could offer, from its own properties (an OfferToAll
	// names one of them), less those offered this turn (the memory's Bits,
	// of the turn its Key names): most steps have none, and then the legal
	// list, long with trade templates, need not be searched
	m := b.Memory()
	if k := v.Round*opoly.MaxSeats + v.Active; k != m.Key {
		m.Key, m.Bits = k, 0
	}
	cands := bs &^ m.Bits
	if cands == 0 {
		return nil // none, or offered to all this turn already
	}
	// the offers to all of those cells, in the order of the legal list
	// (in the bot's turn and debt, the mechanism's own list of them: not
	// the trade templates, nor the offers of other cells; none when no
	// mechanism lists them, found by the game's lookup of the kind, kept)
	for _, a := range b.LegalOfCells(opoly.OfferToAll{}.Kind(), cands) {
		o, ok := a.(opoly.OfferToAll)
		if !ok || cands&(1<<uint(o.Cell)) == 0 {
			continue
		}
		r := v.Board.Cells[o.Cell].Price
		if mortgage {
			r = v.Board.Cells[o.Cell].Mortgage
		}
		p := o.Param()
		paid := b.Paid(v, o.Cell) // never back for less than it paid this round
		r = max(r, paid)
		if st := p.Step; st > 1 {
			r -= r % st
			if r < paid {
				r += st
			}
		}
		m.Bits |= 1 << uint(o.Cell)
		return b.OfferAt(o, max(p.Min, min(r, p.Max)))
	}
	return nil
}

// raise is the bot's first step out of a debt when the ruleset lets it
// pay with properties: a blocked property (of bs, blockedKept, not 0) is
// offered to the creditor (a player) against the debt, then to all with a
// reserve of what a mortgage would raise, before anything is mortgaged or
// sold back.
func raise(b opoly.Advice, v *opoly.View, bs uint64, legal []engine.Action) engine.Action {
	for _, a := range legal {
		if o, ok := a.(opoly.OfferAssets); ok && len(o.Cells) == 1 && blocked(v, b.Seat(), o.Cells[0]) && !v.Cells[o.Cells[0]].Mortgaged {
			return a
		}
	}
	return offerBlocked(b, v, bs, true)
}

// answerValuation accepts a creditor's valuation worth at least what
// mortgaging the offered properties would raise, or any valuation when the
// debt cannot be raised otherwise.
func answerValuation(v *opoly.View) engine.Action {
	val := v.Valuation
	if val == nil || val.Value <= 0 {
		return opoly.RejectValuation{}
	}
	var m int64
	for _, c := range val.Cells {
		if !v.Cells[c].Mortgaged {
			m += v.Board.Cells[c].Mortgage
		}
	}
	if val.Value >= m || v.Debt != nil && v.Debt.Potential < v.Debt.Amount {
		return opoly.AcceptValuation{}
	}
	return opoly.RejectValuation{}
}

// value names the bot's valuation, as a creditor, of properties offered
// against a debt: half what they are worth to it, less transfer fees.
func value(b opoly.Advice, v *opoly.View, legal []engine.Action) engine.Action {
	var t opoly.ValueAssets
	found := false
	for _, a := range legal {
		if x, ok := a.(opoly.ValueAssets); ok {
			t, found = x, true
		}
	}
	if !found || v.Valuation == nil {
		return opoly.RefuseAssets{}
	}
	var x int64
	for _, c := range v.Valuation.Cells {
		x += b.Marginal(v, c) / 2
		if v.Cells[c].Mortgaged {
			x -= v.Rules.TransferFee(c)
		}
	}
	p := t.Param()
	if st := p.Step; st > 1 {
		x -= ((x % st) + st) % st
	}
	return t.With(max(p.Min, min(x, p.Max)))
}
