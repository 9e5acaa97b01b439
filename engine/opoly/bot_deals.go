package opoly

import "boardroom/engine"

// The bot's dealings with the other players: trades it proposes and
// answers, valuations of assets offered against a debt, and takeovers.

// propose offers money for the one street that completes a group.
func (b *bot) propose(v *View, legal []engine.Action) engine.Action {
	key := v.Round*MaxSeats + v.Active
	if key == b.turnKey {
		return nil // one proposal per turn at most
	}
	allowed := false
	for i := len(legal) - 1; i >= 0 && !allowed; i-- { // templates come last
		_, allowed = legal[i].(ProposeTrade)
	}
	if !allowed {
		return nil
	}
	me := v.Players[b.seat]
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		if grp.Kind != KindStreet {
			continue
		}
		missing, owner, mine := -1, Bank, 0
		for _, c := range grp.Cells {
			switch o := v.Cells[c].Owner; o {
			case b.seat:
				mine++
			default:
				missing, owner = c, o
			}
		}
		if mine != len(grp.Cells)-1 || owner == Bank {
			continue
		}
		price := v.Board.Cells[missing].Price
		offer := price*5/2 + int64(b.r.IntN(int(price/2+1)))
		var fee int64
		if v.Cells[missing].Mortgaged {
			offer -= v.Rules.LiftCost(missing)
			fee = v.Rules.TransferFee(missing)
		}
		if st := v.Rules.MoneyStep; st > 1 {
			offer -= offer % st
		}
		if me.Cash-offer-fee < b.reserve(v) || offer <= 0 {
			continue
		}
		b.turnKey = key
		return ProposeTrade{To: owner, Take: []int{missing}, Money: offer}
	}
	b.turnKey = key
	return nil
}

// answer accepts an offer worth more to the bot than it gives away.
func (b *bot) answer(v *View, legal []engine.Action) engine.Action {
	if v.Trade == nil || v.Trade.Offer == nil {
		if v.Trade != nil && v.Trade.Takeover {
			return DenyTakeover{}
		}
		return RejectTrade{}
	}
	o := v.Trade.Offer
	if v.Trade.Takeover {
		return b.answerTakeover(v, o)
	}
	var gain int64
	sign := int64(1)
	mineCells, theirCells := o.ToCells, o.FromCells
	mineCards, theirCards := o.ToCards, o.FromCards
	other := o.From
	if o.From == b.seat {
		sign = -1
		mineCells, theirCells = o.FromCells, o.ToCells
		mineCards, theirCards = o.FromCards, o.ToCards
		other = o.To
	}
	gain += sign * o.Money
	for _, c := range theirCells {
		gain += b.worth(v, c, b.seat)
	}
	for _, c := range mineCells {
		gain -= b.worth(v, c, b.seat) + (b.worth(v, c, other)-v.Board.Cells[c].Price)/2 // own loss, half the rival's gain
		gain -= int64(v.Cells[c].Level) * v.Board.Cells[c].BuildPrice / 2
	}
	gain += 50 * int64(len(theirCards)-len(mineCards))
	if gain > 0 && v.Players[b.seat].Cash+sign*o.Money >= 0 {
		for _, a := range legal {
			if _, ok := a.(AcceptTrade); ok {
				return a
			}
		}
	}
	return RejectTrade{}
}

// value names the bot's valuation, as a creditor, of properties offered
// against a debt: half what they are worth to it, less transfer fees.
func (b *bot) value(v *View, legal []engine.Action) engine.Action {
	var t ValueAssets
	found := false
	for _, a := range legal {
		if x, ok := a.(ValueAssets); ok {
			t, found = x, true
		}
	}
	if !found || v.Valuation == nil {
		return RefuseAssets{}
	}
	var x int64
	for _, c := range v.Valuation.Cells {
		x += b.worth(v, c, b.seat) / 2
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

// takeover asks, at most once a turn, for a start-up that gives the bot the
// majority of a field it has a foot in (or completes it), when the
// takeover price leaves its reserve.
func (b *bot) takeover(v *View, legal []engine.Action) engine.Action {
	key := v.Round*MaxSeats + v.Active
	if key == b.askKey {
		return nil
	}
	cash := v.Players[b.seat].Cash
	for _, a := range legal {
		r, ok := a.(RequestTakeover)
		if !ok {
			continue
		}
		grp := &v.Board.Groups[v.Board.Cells[r.Cell].Group]
		mine := 0
		for _, c := range grp.Cells {
			if v.Cells[c].Owner == b.seat {
				mine++
			}
		}
		if mine > 0 && 2*(mine+1) > len(grp.Cells) && cash-v.Rules.TakeoverPrice(r.Cell) >= b.reserve(v) {
			b.askKey = key
			return a
		}
	}
	return nil
}

// answerTakeover approves a takeover that costs the bot no prospect of its
// own: it holds no other start-up of that field. It does not complete the
// field of a richer buyer, until the game has gone on long (round 40).
func (b *bot) answerTakeover(v *View, o *TradeOffer) engine.Action {
	if len(o.ToCells) != 1 {
		return DenyTakeover{}
	}
	c := o.ToCells[0]
	grp := &v.Board.Groups[v.Board.Cells[c].Group]
	buyer := 0
	for _, x := range grp.Cells {
		switch v.Cells[x].Owner {
		case b.seat:
			if x != c {
				return DenyTakeover{}
			}
		case o.From:
			buyer++
		}
	}
	if buyer == len(grp.Cells)-1 && v.Round < 40 && v.Players[b.seat].Capital < v.Players[o.From].Capital {
		return DenyTakeover{} // a trailing owner does not complete a rival's field early on
	}
	return ApproveTakeover{}
}
