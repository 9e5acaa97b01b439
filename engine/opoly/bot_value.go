package opoly

import "math/bits"

// The bot's valuation of what a player holds. A property is worth its
// price plus what it can earn in rent over a planning horizon, by its own
// kind of rent: a street by its group's state (full groups by the rent of
// a developed street, less the cost of the buildings still to buy), a
// counted property (Campus Gates) by the number its owner holds, a dice
// property (utilities) by that number at an average roll. Buildings that
// stand count at their refund plus the rent they earn. Values are always
// computed per group, so the marginal worth of a cell or a trade is the
// difference of the group values before and after, for either side.

// landings is the expected number of times, in hundredths, that one cell
// is landed on by the bot's opponents within its planning horizon: about
// forty rounds at 2.5% a turn for each opponent, but no more than three
// (with five opponents the game does not last forty rounds at that pace,
// and monopolies valued at five landings were never sold: 6-player games
// went on for 180 rounds on average instead of 110).
//
// Where the first bankruptcy ends the game (Technopoly) the horizon is
// half as long: such games last about 30 rounds, and a start-up valued at
// three landings of its licence fee was worth more than its takeover
// price to its owner, so every takeover either left the owner worse off
// by its own valuation or was refused, and the games stalled (issue 27).
func landings(v *View) int64 {
	return landingsOut(v, outSeats(v))
}

// landingsOut is landings with the seats out of the game out (outSeats).
func landingsOut(v *View, out uint64) int64 {
	opp := int64(v.Seats()-bits.OnesCount64(out)) - 1
	if v.Rules != nil && v.Rules.End.FirstBankruptcy {
		return min(50*max(opp, 1), 150)
	}
	return min(100*max(opp, 1), 300)
}

// rivalWeight is, in hundredths, how much a rival's gain counts against
// the bot's own: in a two-player game nearly all of it, with more players
// less, since every other player suffers from it as well.
func rivalWeight(v *View) int64 {
	return min(75, 200/max(playing(v), 1))
}

// playing counts the players not out of the game.
func playing(v *View) int64 {
	return int64(v.Seats() - bits.OnesCount64(outSeats(v)))
}

// groupWorth is what seat's properties in group gi are worth to it with
// the board in state cells.
func groupWorth(v *View, cells []CellState, gi, seat int, land int64, prospect bool) int64 {
	grp := &v.Board.Groups[gi]
	// n counts seat's cells of the group, rivals the other players holding
	// one (0, 1, or 2 for more); bank whether the bank still holds one
	n, rivals, rival, bank := 0, 0, Bank, false
	for _, c := range grp.Cells {
		o := cells[c].Owner
		if o == seat {
			n++
		}
		switch {
		case o == Bank:
			bank = true
		case o == seat || o == rival:
		case rival == Bank:
			rival, rivals = o, 1
		default:
			rivals = 2
		}
	}
	if n == 0 {
		return 0
	}
	full := n == len(grp.Cells)
	open := rivals == 0 // nobody else holds a cell of the group
	var w int64
	for _, c := range grp.Cells {
		st := &cells[c]
		if st.Owner != seat {
			continue
		}
		cell := &v.Board.Cells[c]
		w += cell.Price
		if st.Mortgaged {
			w -= v.Rules.LiftCost(c) // its rent counts as if lifted
		}
		var rent int64
		switch cell.Kind {
		case KindStreet:
			switch {
			case full && v.MaxLevel > 0 && len(cell.Rents) > v.MaxLevel:
				// the level that earns most over the horizon, less
				// the buildings still to buy
				w += int64(st.Level)*v.Rules.SellRefund(c) + developed(v, c, cell, st.Level, land)
			case full:
				rent = cell.Rents[0] * max(v.Rules.Buildings.FullGroupMultiplier, 1)
			default:
				rent = cell.Rents[0]
				switch {
				case open:
					w += cell.Price * int64(n) / int64(3*len(grp.Cells)) // a prospect of the group
				case prospect && rivals == 1 && !bank && 2*n >= len(grp.Cells) && v.MaxLevel > 0 && len(cell.Rents) > v.MaxLevel:
					// one trade from the full group, holding at least
					// as much of it as the rival: a share of what
					// developing it would earn. Without it, a group split
					// among three players stays split (no trade between
					// two of them makes anything new), and a game of rich
					// players with no group left to complete never ends.
					dev := developed(v, c, cell, 0, land) - rent*land/100
					w += max(dev, 0) * int64(n) / int64(prospectShare*len(grp.Cells))
				}
			}
		case KindCounted:
			rent = cell.Rents[n-1]
		case KindDice:
			rent = cell.Rents[n-1] * 7
		}
		w += rent * land / 100
	}
	return w
}

// prospectShare: a street of a group that one rival's streets complete is
// worth 1/(prospectShare·size) of what developing it would add per street
// the seat holds there.
const prospectShare = 4

// marginal is what owning cell c adds for seat: the group's worth with c
// than without it. Buildings on c are not counted (a cell changing hands
// by purchase or auction has none).
func (b *bot) marginal(v *View, c, seat int) int64 {
	return b.marginalAt(v, c, seat, landings(v))
}

// marginalAt is marginal over land landings (landings(v)).
func (b *bot) marginalAt(v *View, c, seat int, land int64) int64 {
	gi := v.Board.Cells[c].Group
	cells := b.scratchGroup(v, gi) // groupWorth reads the cells of gi only
	cells[c].Owner, cells[c].Level = Bank, 0
	before := groupWorth(v, cells, gi, seat, land, false)
	cells[c].Owner = seat
	return groupWorth(v, cells, gi, seat, land, false) - before
}

// tradeEval is a trade as the bot values it for both sides.
type tradeEval struct {
	from, to int64 // what From and To gain, money and cards included
	// wFrom is how much, in hundredths, To's gain counts against From's
	// (rivalWeight), and wTo the reverse: all of it when the trade makes
	// the other side the only player with a full street group, so that
	// nobody sells the first monopoly of the game for its price (the first
	// player to move would buy it, and win far more than its share).
	wFrom, wTo int64
}

// dealDeltas is tradeDeltas of a proposal or deal under way, kept in the
// game's memo (valMemo) for the cells of a lent view: a proposal is valued
// by the auditor when it is made, by the answerer, and by the auditor again
// for both sides when it is accepted, all on the same cells. (The searches'
// valuations, of many trades once each, do not go through the memo: its
// look-ups cost the strong bots' playouts more than they saved.)
func (b *bot) dealDeltas(v *View, o *TradeOffer) tradeEval {
	m := v.valsNow()
	if m == nil || b.tm.on {
		return b.tradeDeltas(v, o)
	}
	k := dealKey{from: o.From, to: o.To, fromCells: cellBits(o.FromCells), toCells: cellBits(o.ToCells)}
	var e tradeEval
	if i := m.deal(k); i >= 0 {
		e = m.deals[i]
	} else {
		// valued without money or cards, which add to either side as
		// they are
		o0 := TradeOffer{From: o.From, To: o.To, FromCells: o.FromCells, ToCells: o.ToCells}
		e = b.tradeDeltas(v, &o0)
		m.keepDeal(k, e)
	}
	cards := v.JailFee * int64(len(o.ToCards)-len(o.FromCards))
	e.from, e.to = e.from-o.Money+cards, e.to+o.Money-cards
	return e
}

// tradeDeltas values the trade o for its two sides: the groups of the
// traded cells are valued before and after, with the buildings of those
// groups sold at half price first when the ruleset clears them. During a
// trade search (b.tm.on) the search's memo values it (searchDeltas).
func (b *bot) tradeDeltas(v *View, o *TradeOffer) tradeEval {
	if b.tm.on {
		return b.searchDeltas(v, o)
	}
	var from, to int64
	// the groups of the traded cells, one bit each (sums of int64 do not
	// depend on the order they are added in)
	var groups uint64
	for _, c := range o.FromCells {
		groups |= 1 << uint(v.Board.Cells[c].Group)
	}
	for _, c := range o.ToCells {
		groups |= 1 << uint(v.Board.Cells[c].Group)
	}
	// kept is the game's memo of the groups when the view lends it
	// (bot_groups.go): what the two sides hold of the groups before, and
	// the owners of the other groups, so that the scratch board needs the
	// traded groups' cells alone
	var cells []CellState
	kept := v.lentGroups()
	if kept != nil {
		cells = b.scratchGroups(v, groups)
	} else {
		cells = b.scratchOf(v)
	}
	land, rw := landings(v), rivalWeight(v)
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		if kept != nil {
			from -= kept.worthOf(v, gi, o.From, land)
			to -= kept.worthOf(v, gi, o.To, land)
		} else {
			from -= groupWorth(v, cells, gi, o.From, land, true)
			to -= groupWorth(v, cells, gi, o.To, land, true)
		}
	}
	if v.Rules.Trade.ClearsGroups {
		for gs := groups; gs != 0; gs &= gs - 1 {
			gi := bits.TrailingZeros64(gs)
			for _, c := range v.Board.Groups[gi].Cells {
				if l := cells[c].Level; l > 0 { // no refund where nothing stands
					refund := int64(l) * v.Rules.SellRefund(c)
					switch cells[c].Owner {
					case o.From:
						from += refund
					case o.To:
						to += refund
					}
					cells[c].Level = 0
				}
			}
		}
	}
	for _, c := range o.FromCells {
		cells[c].Owner = o.To
	}
	for _, c := range o.ToCells {
		cells[c].Owner = o.From
	}
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		from += groupWorth(v, cells, gi, o.From, land, true)
		to += groupWorth(v, cells, gi, o.To, land, true)
	}
	cards := v.JailFee * int64(len(o.ToCards)-len(o.FromCards))
	e := tradeEval{from: from - o.Money + cards, to: to + o.Money - cards}
	e.wFrom, e.wTo = rw, rw
	var only int
	if kept != nil {
		only = kept.onlyFullAfter(v, cells, groups)
	} else {
		only = onlyFull(v, cells)
	}
	switch only {
	case o.To:
		e.wFrom = firstWeight
	case o.From:
		e.wTo = firstWeight
	}
	return e
}

// onlyFull returns the one seat that owns a whole street group in cells,
// or Bank if none or several do.
func onlyFull(v *View, cells []CellState) int {
	only := Bank
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		if grp.Kind != KindStreet {
			continue
		}
		if o := groupOwner(cells, grp); o != Bank {
			if only != Bank && o != only {
				return Bank
			}
			only = o
		}
	}
	return only
}

// firstWeight is the rival weight against a trade that gives the other
// side the first monopoly of the game (see tradeEval).
const firstWeight = 150

// auctionValue is the most a lot on auction is worth paying for to seat
// (issue 27: a bot never pays more than its valuation at auction). What it
// earns counts (marginal), but of its price only what the lot can always
// raise again, its mortgage: the rest of the price is no income, and
// counting it whole let bots pay 2.260€ for a 1.800€ project, which they
// could sell back for 900€. Keeping another player from completing a
// group adds half the price.
//
// Every bidder's bot values the lot to every bidder (bid), and so does the
// auditor: the value depends on the view's cells, who is out, the rules,
// the lot and the seat only, not on who asks, so on a lent view it is
// worked out once per seat and kept in the game's memo (valMemo) for the
// others.
func (b *bot) auctionValue(v *View, lot, seat int) int64 {
	return b.auctionValueIn(v.valsNow(), v, lot, seat)
}

// auctionValueIn is auctionValue with v's memo of valuations m
// (v.valsNow(), asked once for a bid's values of every bidder).
func (b *bot) auctionValueIn(m *valMemo, v *View, lot, seat int) int64 {
	if m == nil || seat < 0 || seat >= MaxSeats {
		return b.lotValue(v, lot, seat, landings(v))
	}
	if m.lot != lot {
		m.findLot(v, lot)
	}
	e := &m.lots[m.cur]
	if e.known&(1<<uint(seat)) == 0 {
		e.vals[seat] = e.worth(b, v, lot, seat, m.land)
		e.known |= 1 << uint(seat)
	}
	return e.vals[seat]
}

// lotValue is auctionValue, worked out over land landings (landings(v)).
func (b *bot) lotValue(v *View, lot, seat int, land int64) int64 {
	cell := &v.Board.Cells[lot]
	value := b.marginalAt(v, lot, seat, land) - (cell.Price - cell.Mortgage)
	if completesFor(v, lot, seat) {
		value += cell.Price / 2
	}
	return max(value, 0)
}

// unitValue is what one building unit won in a shortage auction is worth
// to the bot: the most it adds to the rent of a street it could place it
// on, over the horizon, plus its refund when sold back; 0 where it has
// none to place it on. top: the unit is the last level (Team+QM).
func (b *bot) unitValue(v *View, top bool) int64 {
	land := landings(v)
	var best int64
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		if grp.Kind != KindStreet || !v.OwnsGroup(b.seat, gi) {
			continue
		}
		for _, c := range grp.Cells {
			st, cell := &v.Cells[c], &v.Board.Cells[c]
			l := st.Level
			if st.Mortgaged || l >= v.MaxLevel || l+1 >= len(cell.Rents) || (l+1 == v.MaxLevel) != top {
				continue
			}
			best = max(best, (cell.Rents[l+1]-cell.Rents[l])*land/100+v.Rules.SellRefund(c))
		}
	}
	return best
}
