package opoly

import "boardroom/engine"

// The bot's use of the finite-supply and debt mechanisms that only some
// rulesets have (Projectopoly: G000-10, G000-12, R000-28, R000-32): where
// to place a unit won at auction, whether to redeem what it receives under
// a mortgage, when to sell a blocked property to the best offer, when to
// pay a debt with properties and which valuation to accept. Kept apart from
// bot.go's buying, building and trading; every choice here is made only
// from actions Legal lists, so rulesets without these mechanisms never get
// here.

// ppMemory is what the bot remembers between its choices in one turn or
// debt, so that it does not repeat an offer that found no taker.
type ppMemory struct {
	key     int    // round*MaxSeats+active of the turn the offers belong to
	offered uint64 // cells offered to all in that turn, one bit each
}

// remember reports whether cell c may still be offered to all this turn,
// and notes that it now is.
func (m *ppMemory) fresh(v *View, c int) bool {
	if k := v.Round*MaxSeats + v.Active; k != m.key {
		m.key, m.offered = k, 0
	}
	return m.offered&(1<<uint(c)) == 0
}

func (m *ppMemory) note(c int) { m.offered |= 1 << uint(c) }

// blocked reports whether the bot's property c is the only one it holds in
// a group where a rival holds another: it cannot complete the group
// without a trade, so the property earns little and is worth most to the
// rival.
func (b *bot) blocked(v *View, c int) bool {
	grp := &v.Board.Groups[v.Board.Cells[c].Group]
	if len(grp.Cells) < 2 {
		return false
	}
	rival := false
	for _, o := range grp.Cells {
		switch w := v.Cells[o].Owner; {
		case o == c:
		case w == b.seat:
			return false
		case w != Bank:
			rival = true
		}
	}
	return rival
}

// place chooses the project for a unit won in a shortage auction: where it
// raises the fee most.
func (b *bot) place(v *View, legal []engine.Action) engine.Action {
	var best engine.Action
	var bestGain int64
	for _, a := range legal {
		p, ok := a.(PlaceUnit)
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

// receive redeems a property received under a mortgage when the cash
// stays well above the reserve (as it lifts its own mortgages), else pays
// the transfer fee.
func (b *bot) receive(v *View, legal []engine.Action) engine.Action {
	cash := v.Players[b.seat].Cash
	for _, a := range legal {
		if r, ok := a.(RedeemReceived); ok && cash-v.Rules.LiftCost(r.Cell) >= 2*b.reserve(v)+200 {
			return a
		}
	}
	return PayTransferFees{}
}

// sellBlocked offers to all, in the bot's own turn, a blocked property
// when it owns a group it could staff but lacks the cash: the best offer
// (at least the printed price) pays for the staff. Once per property and
// turn.
func (b *bot) sellBlocked(v *View, legal []engine.Action) engine.Action {
	if !v.Rules.Has("offer_to_all") {
		return nil // nothing is offered to all (offerBlocked would find no template)
	}
	need := false
	cash := v.Players[b.seat].Cash
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		if grp.Kind != KindStreet || !v.OwnsGroup(b.seat, gi) {
			continue
		}
		c := grp.Cells[0]
		if v.Cells[c].Level < v.MaxLevel && !v.Cells[c].Mortgaged && cash-v.Board.Cells[c].BuildPrice < b.reserve(v) {
			need = true
		}
	}
	if !need {
		return nil
	}
	return b.offerBlocked(v, legal, func(c int) int64 { return v.Board.Cells[c].Price })
}

// offerBlocked offers the first blocked property not yet offered this
// turn to all, with the reserve given.
func (b *bot) offerBlocked(v *View, legal []engine.Action, reserve func(c int) int64) engine.Action {
	if !v.Rules.Has("offer_to_all") {
		return nil // no OfferToAll in legal: no need to look
	}
	for _, a := range legal {
		o, ok := a.(OfferToAll)
		if !ok || !b.blocked(v, o.Cell) || v.Cells[o.Cell].Mortgaged || !b.pp.fresh(v, o.Cell) {
			continue
		}
		p := o.Param()
		r := reserve(o.Cell)
		if st := p.Step; st > 1 {
			r -= r % st
		}
		b.pp.note(o.Cell)
		return o.With(max(p.Min, min(r, p.Max)))
	}
	return nil
}

// raisePP is the bot's first step out of a debt when the ruleset lets it
// pay with properties: a blocked property is offered to the creditor (a
// player) against the debt, then to all with a reserve of what a mortgage
// would raise, before anything is mortgaged or sold back.
func (b *bot) raisePP(v *View, legal []engine.Action) engine.Action {
	for _, a := range legal {
		if o, ok := a.(OfferAssets); ok && len(o.Cells) == 1 && b.blocked(v, o.Cells[0]) && !v.Cells[o.Cells[0]].Mortgaged {
			return a
		}
	}
	return b.offerBlocked(v, legal, func(c int) int64 { return v.Board.Cells[c].Mortgage })
}

// answerValuation accepts a creditor's valuation worth at least what
// mortgaging the offered properties would raise, or any valuation when the
// debt cannot be raised otherwise.
func (b *bot) answerValuation(v *View) engine.Action {
	val := v.Valuation
	if val == nil || val.Value <= 0 {
		return RejectValuation{}
	}
	var m int64
	for _, c := range val.Cells {
		if !v.Cells[c].Mortgaged {
			m += v.Board.Cells[c].Mortgage
		}
	}
	if val.Value >= m || v.Debt != nil && v.Debt.Potential < v.Debt.Amount {
		return AcceptValuation{}
	}
	return RejectValuation{}
}
