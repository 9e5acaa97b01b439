package opoly

import (
	"cmp"
	"slices"

	"boardroom/engine"
)

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
		worth := b.std.auctionValue(v, v.Auction.Lot, b.seat) // never bid more (issue 27)
		p := t.Param()
		for _, x := range []int64{p.Min, price / 2, price, price * 3 / 2} {
			if st := p.Step; st > 1 {
				x -= ((x % st) + st) % st
			}
			if x = max(p.Min, min(x, p.Max)); x <= worth || x == p.Min {
				add(t.With(x))
			}
		}
	case PhaseTrade:
		if v.Trade == nil || v.Trade.Offer == nil || v.Trade.To != b.seat {
			return nil
		}
		// no deal below the bot's own valuation, nor out of its reserve
		// (issue 27): only such offers may be accepted, or countered
		pays := func(o *TradeOffer) bool {
			e := b.std.tradeDeltas(v, o)
			mine, pay := e.to, -o.Money
			if o.From == b.seat {
				mine, pay = e.from, o.Money
			}
			return mine > 0 && (pay <= 0 || v.PlayerCash(b.seat)-pay >= b.std.reserve(v))
		}
		for _, a := range legal {
			switch a.(type) {
			case RejectTrade, DenyTakeover:
				add(a)
			case AcceptTrade:
				if pays(v.Trade.Offer) {
					add(a)
				}
			case ApproveTakeover:
				if pays(v.Trade.Offer) && !(b.budget.NoCompleting && completes(v, v.Trade.Offer)) {
					add(a)
				}
			}
		}
		if b.budget.Counters {
			for _, c := range b.counters(v, legal) {
				t := c.(CounterTrade)
				o := TradeOffer{From: b.seat, To: v.Trade.Offer.From, FromCells: t.Give, ToCells: t.Take, FromCards: t.GiveCards, ToCards: t.TakeCards, Money: t.Money}
				if pays(&o) {
					add(c)
				}
			}
		}
	case PhaseRoll, PhaseJail, PhasePostRoll:
		if v.Active != b.seat {
			return nil
		}
		pass := passOf(legal)
		switch a := first.(type) {
		case ProposeTrade:
			add(pass)
			if b.budget.MoreOffers { // its own offers, also when the standard bot makes one
				for _, p := range b.proposals(v, legal) {
					add(p)
				}
				for _, p := range b.accepted(v, legal, b.budget.Accepted) {
					add(p)
				}
			}
		case Build, Unmortgage, PayJailFee, UseJailCard, RequestTakeover:
			add(pass)
		case Roll, EndTurn:
			// the best build the standard bot passed over, and leaving jail
			add(b.std.bestBuild(v, legal))
			if b.budget.Invest {
				for _, a := range b.invest(v, legal) {
					add(a)
				}
			}
			for _, p := range b.proposals(v, legal) {
				add(p)
			}
			for _, p := range b.accepted(v, legal, b.budget.Accepted) {
				add(p)
			}
			for _, p := range b.takeovers(v, legal) {
				add(p)
			}
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
	cash := v.PlayerCash(b.seat)
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

// proposals are offers for the streets that complete one of the bot's
// groups, for money or for a street of ours that completes one of theirs
// too (with MoreOffers, where money alone cannot pay, also for one other
// property of ours and money), the most promising first: at the least the
// other side should accept by the standard bot's valuation, and half-way
// to the most the trade is worth to the bot. The playouts, where the other
// side answers as the standard bot, tell whether it accepts and whether the
// deal pays. An offer made this turn already is not made again (MF-9).
func (b *strongBot) proposals(v *View, legal []engine.Action) []engine.Action {
	if find[ProposeTrade](legal) == nil {
		return nil
	}
	type deal struct {
		p    ProposeTrade
		gain int64
	}
	var deals []deal
	cash := v.PlayerCash(b.seat)
	var take [2]int
	var to, n int
	// try adds the offers of take[:n] from to for give and money
	try := func(give []int) bool {
		o := TradeOffer{From: b.seat, To: to, ToCells: take[:n], FromCells: give}
		e := b.std.tradeDeltas(v, &o)
		d, t := e.from, e.to
		if d+t <= 0 {
			return false
		}
		w := max(e.wTo, answerWeight) // as the other side's bot answers
		lo := (w*d-100*t)/(100+w) + 1
		hi := min(d-1, cash-b.std.reserve(v)) // its whole reserve kept (issue 27)
		if hi < lo {
			return false
		}
		for _, m := range []int64{lo, lo + (hi-lo)/2} {
			p := ProposeTrade{To: to, Take: append([]int(nil), take[:n]...), Money: m}
			if len(give) > 0 {
				p.Give = append([]int(nil), give...)
			}
			if !b.madeThisTurn(v, p) && !b.std.refusedLately(v, to, take[:n], t+m) {
				deals = append(deals, deal{p, d + t})
			}
		}
		return true
	}
	for gi := range v.Board.Groups {
		var ok bool
		if to, n, ok = b.std.missing(v, gi, b.seat, &take); !ok {
			continue
		}
		paid := try(nil)
		for gj := range v.Board.Groups { // a swap
			var give [2]int
			o, k, ok := b.std.missing(v, gj, to, &give)
			if ok && o == b.seat && gj != gi && k == 1 && !v.groupBuilt(gj) {
				paid = try(give[:1]) || paid
			}
		}
		if paid || !b.budget.MoreOffers {
			continue
		}
		// money is short: one other property of ours towards the price
		for x := range v.Cells {
			if v.Cells[x].Owner != b.seat || v.Cells[x].Mortgaged || !v.Board.Cells[x].Kind.Property() {
				continue
			}
			if gx := v.Board.Cells[x].Group; gx == gi || v.Board.Groups[gx].Kind == KindStreet && v.groupBuilt(gx) {
				continue
			}
			try([]int{x})
		}
	}
	slices.SortStableFunc(deals, func(x, y deal) int { return cmp.Compare(y.gain, x.gain) })
	var out []engine.Action
	for _, d := range deals[:min(len(deals), 4)] {
		out = append(out, d.p)
	}
	return out
}

// takeovers are the takeover requests (Technopoly) the bot can afford
// while keeping its reserve, of start-ups in fields where it holds one
// already, worth more than the price to it, at most three, none asked for
// this turn already (A001-09) nor refused within 10 rounds.
func (b *strongBot) takeovers(v *View, legal []engine.Action) []engine.Action {
	var out []engine.Action
	cash := v.PlayerCash(b.seat)
	for _, a := range legal {
		r, ok := a.(RequestTakeover)
		if !ok || len(out) == 3 || b.madeThisTurn(v, r) || b.std.asked(v, r.Cell) || cash-v.Rules.TakeoverPrice(r.Cell) < b.std.reserve(v) {
			continue
		}
		// only what pays for the bot by its own valuation (issue 27)
		if o := (TradeOffer{From: b.seat, To: v.Cells[r.Cell].Owner, ToCells: []int{r.Cell}, Money: v.Rules.TakeoverPrice(r.Cell)}); b.std.tradeDeltas(v, &o).from <= 0 {
			continue
		}
		if b.budget.Approved {
			continue // below: only what the owner hands over
		}
		for _, c := range v.Board.Groups[v.Board.Cells[r.Cell].Group].Cells {
			if v.Cells[c].Owner == b.seat {
				out = append(out, r)
				break
			}
		}
	}
	if b.budget.Approved {
		return b.approved(v, legal)
	}
	return out
}

// approved are, with SearchBudget.Approved, the takeover requests the
// owner would approve answering as the standard bot does (which reads
// only what everyone sees), in any field, that the bot can afford while
// keeping its reserve and that gain it by its own valuation (issue 27),
// the three it gains most by, none asked for this turn already nor
// refused within 10 rounds. A request the owner denies plays out as not
// asking: it is no candidate.
func (b *strongBot) approved(v *View, legal []engine.Action) []engine.Action {
	type req struct {
		a    engine.Action
		gain int64
	}
	var reqs []req
	cash := v.PlayerCash(b.seat)
	for _, a := range legal {
		r, ok := a.(RequestTakeover)
		if !ok || b.madeThisTurn(v, r) || b.std.asked(v, r.Cell) || cash-v.Rules.TakeoverPrice(r.Cell) < b.std.reserve(v) {
			continue
		}
		owner := v.Cells[r.Cell].Owner
		o := TradeOffer{From: b.seat, To: owner, ToCells: []int{r.Cell}, Money: v.Rules.TakeoverPrice(r.Cell)}
		gain := b.std.tradeDeltas(v, &o).from
		if gain <= 0 {
			continue
		}
		w := *v
		w.Phase, w.Trade = PhaseTrade, &TradeView{From: b.seat, To: owner, Takeover: true, Offer: &o}
		if _, ok := newBot(owner, 0).Choose(&w, []engine.Action{ApproveTakeover{}, DenyTakeover{}}).(ApproveTakeover); ok {
			reqs = append(reqs, req{r, gain})
		}
	}
	slices.SortStableFunc(reqs, func(x, y req) int { return cmp.Compare(y.gain, x.gain) })
	var out []engine.Action
	for _, r := range reqs[:min(len(reqs), 3)] {
		out = append(out, r.a)
	}
	return out
}

// madeThisTurn reports whether the bot made the proposal or takeover
// request p in this turn already.
func (b *strongBot) madeThisTurn(v *View, p engine.Action) bool {
	if b.turn != v.Round*MaxSeats+v.Active {
		return false
	}
	for _, q := range b.made {
		if sameAction(p, q) {
			return true
		}
	}
	return false
}

// remember notes a proposal or takeover request the bot makes, for
// madeThisTurn.
func (b *strongBot) remember(v *View, a engine.Action) {
	switch a.(type) {
	case ProposeTrade, RequestTakeover:
	default:
		return
	}
	if key := v.Round*MaxSeats + v.Active; b.turn != key {
		b.turn, b.made = key, b.made[:0]
	}
	b.made = append(b.made, a)
}

// completes reports whether the takeover o hands the requester the last
// start-up of a field: all the others of the field are its own.
func completes(v *View, o *TradeOffer) bool {
	if len(o.ToCells) != 1 {
		return false
	}
	c := o.ToCells[0]
	for _, x := range v.Board.Groups[v.Board.Cells[c].Group].Cells {
		if x != c && v.Cells[x].Owner != o.From {
			return false
		}
	}
	return true
}
