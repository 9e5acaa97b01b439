package opoly

import "boardroom/engine"

// candidates lists what the strong bot compares at this decision, the
// standard bot's choice first; fewer than two means there is nothing to
// search. It uses only the View and the legal actions.
func (b *strongBot) candidates(v *View, legal []engine.Action, first engine.Action) []engine.Action {
	if v.Debt != nil || v.Valuation != nil || v.Placement != nil || v.Received != nil {
		return nil
	}
	out := []engine.Action{first}
	add := func(a engine.Action) {
		if a == nil {
			return
		}
		for _, c := range out {
			if sameAction(c, a) {
				return
			}
		}
		out = append(out, a)
	}
	switch v.Phase {
	case PhaseBuy:
		switch first.(type) {
		case Buy, Decline:
			add(find[Buy](legal))
			add(Decline{})
		}
	case PhaseAuction:
		t, ok := first.(Bid)
		if !ok || v.Auction == nil || v.Auction.Kind != "" || v.Auction.Bankrupt {
			return nil
		}
		price := v.Board.Cells[v.Auction.Lot].Price
		p := t.Param()
		for _, x := range []int64{p.Min, price / 2, price, price * 3 / 2} {
			if st := p.Step; st > 1 {
				x -= ((x % st) + st) % st
			}
			add(t.With(max(p.Min, min(x, p.Max))))
		}
	case PhaseTrade:
		if v.Trade == nil || v.Trade.Offer == nil || v.Trade.To != b.seat {
			return nil
		}
		for _, a := range legal {
			switch a.(type) {
			case AcceptTrade, RejectTrade, ApproveTakeover, DenyTakeover:
				add(a)
			}
		}
	case PhaseRoll, PhaseJail, PhasePostRoll:
		if v.Active != b.seat {
			return nil
		}
		pass := passOf(legal)
		switch a := first.(type) {
		case Build, Unmortgage, ProposeTrade, PayJailFee, UseJailCard, RequestTakeover:
			add(pass)
		case Roll, EndTurn:
			// the best build the standard bot passed over, and leaving jail
			add(b.std.bestBuild(v, legal))
			if v.Phase == PhaseJail {
				add(find[UseJailCard](legal))
				add(find[PayJailFee](legal))
			}
		default:
			_ = a
		}
	}
	return out
}

// passOf is the action that ends the window of the turn: roll or end it.
func passOf(legal []engine.Action) engine.Action {
	for _, a := range legal {
		switch a.(type) {
		case Roll, EndTurn:
			return a
		}
	}
	return nil
}

// find returns the first legal action of type T, or nil.
func find[T engine.Action](legal []engine.Action) engine.Action {
	for _, a := range legal {
		if x, ok := a.(T); ok {
			return x
		}
	}
	return nil
}

// sameAction compares two actions by kind and encoding.
func sameAction(a, b engine.Action) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	ea, err1 := engine.EncodeAction(a)
	eb, err2 := engine.EncodeAction(b)
	return err1 == nil && err2 == nil && string(ea) == string(eb)
}

// bestBuild is the build that raises rent the most and that the cash can
// pay while keeping half the reserve (the standard bot keeps all of it).
func (b *bot) bestBuild(v *View, legal []engine.Action) engine.Action {
	cash := v.Players[b.seat].Cash
	half := b.reserve(v) / 2
	var best engine.Action
	var bestGain int64
	for _, a := range legal {
		x, ok := a.(Build)
		if !ok {
			continue
		}
		cell := &v.Board.Cells[x.Cell]
		if cash-cell.BuildPrice < half {
			continue
		}
		lvl := v.Cells[x.Cell].Level
		if lvl+1 >= len(cell.Rents) {
			continue
		}
		if gain := cell.Rents[lvl+1] - cell.Rents[lvl]; best == nil || gain > bestGain {
			best, bestGain = a, gain
		}
	}
	return best
}
