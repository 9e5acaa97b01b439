package opoly

import (
	"boardroom/engine"
	"boardroom/engine/rng"
)

// bot is the property games' bot. It sees only its own View and the legal
// actions: it buys with a cash reserve, builds on complete groups, bids up
// to a value, proposes money-for-property trades that complete one of its
// groups and accepts only trades worth more to it than they cost, lifts
// mortgages when rich, raises money before it goes bankrupt, and pays to
// leave jail early in the game. Deterministic for a seed and its inputs.
type bot struct {
	seat    int
	r       *rng.PCG
	turnKey int   // round*MaxSeats+active of the last turn it proposed in
	askKey  int   // the same, of the last turn it asked for a takeover
	res     int64 // reserve computed for the current Choose; -1: not yet
	// resCells and resOf remember the reserve computed for a published
	// Cells slice: a view's slices are read-only and the game publishes a
	// new one whenever a cell changes, so the same slice means the same
	// cells (holding it keeps its memory from being reused).
	resCells []CellState
	resOf    int64
}

func newBot(seat int, seed uint64) *bot {
	return &bot{seat: seat, r: rng.FromSeed(seed), turnKey: -1, askKey: -1}
}

// Choose implements engine.Bot.
func (b *bot) Choose(view engine.View, legal []engine.Action) engine.Action {
	if len(legal) == 0 {
		return nil
	}
	var v *View
	switch x := view.(type) {
	case View:
		v = &x
	case *View:
		v = x
	}
	if v == nil || v.Board == nil || b.seat < 0 || b.seat >= len(v.Players) {
		return legal[0]
	}
	b.res = -1
	switch v.Phase {
	case PhaseAuction:
		return b.bid(v, legal)
	case PhaseTrade:
		return b.answer(v, legal)
	case PhaseDebt:
		return b.raise(v, legal)
	case PhaseValue:
		return b.value(v, legal)
	case PhaseValued:
		if v.Valuation != nil && v.Valuation.Value > 0 {
			return AcceptValuation{}
		}
		return RejectValuation{}
	case PhaseChoose:
		var best engine.Action
		for _, a := range legal {
			if c, ok := a.(ChooseProperty); ok && (best == nil || v.Board.Cells[c.Cell].Price < v.Board.Cells[best.(ChooseProperty).Cell].Price) {
				best = a
			}
		}
		if best != nil {
			return best
		}
	case PhaseBuy:
		if a := b.manage(v, legal); a != nil {
			return a
		}
		return b.buy(v, legal)
	}
	if v.Phase == PhaseJail {
		if a := b.jail(v, legal); a != nil {
			return a
		}
	}
	if a := b.manage(v, legal); a != nil {
		return a
	}
	if a := b.propose(v, legal); a != nil {
		return a
	}
	if a := b.takeover(v, legal); a != nil {
		return a
	}
	for _, a := range legal {
		switch a.(type) {
		case Roll, EndTurn:
			return a
		}
	}
	return legal[0]
}

// reserve is the cash the bot keeps for rents it may have to pay.
func (b *bot) reserve(v *View) int64 {
	if b.res >= 0 {
		return b.res
	}
	if len(v.Cells) > 0 && len(b.resCells) == len(v.Cells) && &b.resCells[0] == &v.Cells[0] {
		b.res = b.resOf
		return b.res
	}
	var worst int64
	for c := range v.Cells {
		if o := v.Cells[c].Owner; o != Bank && o != b.seat {
			if r := v.Rent(c, 7); r > worst {
				worst = r
			}
		}
	}
	k := max(v.Rules.BotScale, 1)
	r := 100*k + worst/2
	if r > 900*k {
		r = 900 * k
	}
	b.res = r
	b.resCells, b.resOf = v.Cells, r
	return r
}

// worth is what cell c is worth to the bot if it owns it: more when it
// completes (or nearly completes) one of its groups, or blocks a rival.
func (b *bot) worth(v *View, c, owner int) int64 {
	cell := &v.Board.Cells[c]
	grp := &v.Board.Groups[cell.Group]
	mine, theirs := 0, 0
	for _, o := range grp.Cells {
		if o == c {
			continue
		}
		switch v.Cells[o].Owner {
		case owner:
			mine++
		case Bank:
		default:
			theirs++
		}
	}
	w := cell.Price
	switch {
	case mine == len(grp.Cells)-1:
		w += cell.Price * 3 / 2 // completes the group
	case mine > 0 && theirs == 0:
		w += cell.Price / 3
	case theirs == len(grp.Cells)-1:
		w += cell.Price / 2 // blocks someone
	}
	if v.Cells[c].Mortgaged {
		w -= v.Rules.LiftCost(c)
	}
	return w
}

func (b *bot) buy(v *View, legal []engine.Action) engine.Action {
	me := v.Players[b.seat]
	c := me.Position
	price := v.Board.Cells[c].Price
	left := me.Cash - price
	if left >= b.reserve(v) || b.worth(v, c, b.seat) > price && left >= b.reserve(v)/2 {
		for _, a := range legal {
			if _, ok := a.(Buy); ok {
				return a
			}
		}
	}
	return Decline{}
}

func (b *bot) bid(v *View, legal []engine.Action) engine.Action {
	t, ok := legal[0].(Bid)
	if !ok || v.Auction == nil {
		return legal[0]
	}
	p := t.Param()
	lot := v.Auction.Lot
	if k := v.Auction.Kind; k == "unit" || k == "top" {
		return b.bidUnit(v, t)
	}
	value := b.worth(v, lot, b.seat)
	if v.Auction.Kind == "sale" && v.Cells[lot].Mortgaged {
		value -= v.Rules.LiftCost(lot)
	}
	if v.Round < 8 {
		value = value * 11 / 10
	}
	limit := v.Players[b.seat].Cash - b.reserve(v)/2
	if value > limit {
		value = limit
	}
	x := value - int64(b.r.IntN(int(v.Board.Cells[lot].Price/10+1)))
	if st := p.Step; st > 1 {
		x -= ((x % st) + st) % st
	}
	if x < p.Min {
		x = p.Min
	}
	if x > p.Max {
		x = p.Max
	}
	return t.With(x)
}

func (b *bot) jail(v *View, legal []engine.Action) engine.Action {
	me := v.Players[b.seat]
	unowned := 0
	for c := range v.Cells {
		if v.Board.Cells[c].Kind.Property() && v.Cells[c].Owner == Bank {
			unowned++
		}
	}
	early := v.Round < 15 || unowned > 4
	if !early {
		return nil
	}
	for _, a := range legal {
		switch a.(type) {
		case UseJailCard:
			return a
		case PayJailFee:
			if me.Cash-v.JailFee >= b.reserve(v) {
				return a
			}
		}
	}
	return nil
}

// manage lifts mortgages when rich and builds with the cash above reserve.
func (b *bot) manage(v *View, legal []engine.Action) engine.Action {
	cash := v.Players[b.seat].Cash
	res := b.reserve(v)
	for _, a := range legal {
		if u, ok := a.(Unmortgage); ok && cash-v.Rules.LiftCost(u.Cell) >= 2*res+200 {
			return a
		}
	}
	var best engine.Action
	var bestGain int64
	for _, a := range legal {
		bu, ok := a.(Build)
		if !ok {
			continue
		}
		cell := &v.Board.Cells[bu.Cell]
		if cash-cell.BuildPrice < res {
			continue
		}
		lvl := v.Cells[bu.Cell].Level
		gain := cell.Rents[lvl+1] - cell.Rents[lvl]
		if best == nil || gain > bestGain {
			best, bestGain = a, gain
		}
	}
	return best
}

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
	if v.Trade.Takeover {
		return b.answerTakeover(v, o)
	}
	if gain > 0 && v.Players[b.seat].Cash+sign*o.Money >= 0 {
		for _, a := range legal {
			if _, ok := a.(AcceptTrade); ok {
				return a
			}
		}
	}
	return RejectTrade{}
}

// raise picks the next step out of a debt: mortgage what is not part of a
// complete group (cheapest first), then sell buildings, then mortgage the
// rest, and only then declare bankruptcy.
func (b *bot) raise(v *View, legal []engine.Action) engine.Action {
	var loose, sell, any engine.Action
	var looseV, anyV int64
	for _, a := range legal {
		switch a := a.(type) {
		case Mortgage:
			m := v.Board.Cells[a.Cell].Mortgage
			if !v.OwnsGroup(b.seat, v.Board.Cells[a.Cell].Group) {
				if loose == nil || m < looseV {
					loose, looseV = a, m
				}
			} else if any == nil || m < anyV {
				any, anyV = a, m
			}
		case SellBuilding:
			if sell == nil {
				sell = a
			}
		}
	}
	switch {
	case loose != nil:
		return loose
	case sell != nil:
		return sell
	case any != nil:
		return any
	}
	var offer engine.Action
	for _, a := range legal {
		switch a.(type) {
		case SellAndMortgage, SellGroupDown:
			return a
		case OfferAssets:
			offer = a // the last listed offers every property
		}
	}
	if offer != nil {
		return offer
	}
	return DeclareBankruptcy{}
}

// bidUnit bids in a shortage auction: its reserve plus a little when the
// cash allows, else nothing.
func (b *bot) bidUnit(v *View, t Bid) engine.Action {
	a := v.Auction
	p := t.Param()
	var reserve int64
	for i, s := range a.Bidders {
		if s == b.seat && i < len(a.Reserves) {
			reserve = a.Reserves[i]
		}
	}
	x := reserve + reserve/10*int64(b.r.IntN(4))
	if st := p.Step; st > 1 {
		x -= x % st
	}
	if v.Players[b.seat].Cash-x < b.reserve(v) {
		x = p.Min
	}
	return t.With(max(p.Min, min(x, p.Max)))
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
