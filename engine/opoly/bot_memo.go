package opoly

import "math/bits"

// tradeMemo is what one trade search (propose) computes once for the board
// as it is, instead of once per candidate: the worth of each group to each
// seat, the owner of each full street group, the landings and the rival
// weight. A search values a few dozen candidates on the same view, each
// trade changing one or two groups, so most of the groups' worths were
// computed again and again. The memo changes no number: it holds exactly
// what tradeDeltas would compute.
//
// A search values a trade group by group (searchDeltas): what each of its
// groups adds to either side is the group's worth to the side after the
// trade (both sides' in one pass over the group's cells as the view holds
// them, the traded cells read as moved: groupAfter) less its worth before
// (the memo's), plus the refunds of the group's buildings where the trade
// clears them; the rival weights come from the seats that own whole street
// groups outside the trade's groups (whole) and the owner of each of its
// groups after. Nothing is written to a board and put back.
type tradeMemo struct {
	on, ready bool // in a search; the memo is set up for its view
	land, rw  int64
	// per group (sized once per board, so that the bot stays small):
	np    int     // players
	have  []uint8 // bit s: worth[gi*np+s] is known
	worth []int64
	// whole has bit gi set for each street group seat s owns whole now
	// (onlyFull's owners), wholeOK whether every such owner is a seat
	// below MaxSeats (else full, by group, serves onlyFull)
	whole   [MaxSeats]uint64
	wholeOK bool
	wseats  uint16 // bit s: whole[s] is not empty (prepared)
	// parts is the game's table of parts when it serves the search
	// (prepared), else nil
	parts *partCache
	full  []int // groupOwner of each street group now, else Bank
	// kept is the game's memo of the view's groups (a lent view's), whose
	// worths serve now
	kept *groupMemo
	// lent is the search's view's v.lentGroups() (begin), whose stamps
	// serve the candidates' fingerprints (groupsStamp), if its board has
	// 64 groups at most
	lent *groupMemo
	// after holds, per group, what the last trade valued that changed it
	// (of this search: gen) adds to both sides there, which the next
	// candidates asking for the same streets share.
	after []afterWorth
	gen   uint64
}

// afterWorth is what group gi adds to both sides of a trade between from
// and to that moves the cells fromCells of from's and toCells of to's in
// it, for search gen: the group's worth after, less its worth before, plus
// the refunds of its buildings that the trade clears; and owner, the
// group's owner after (groupOwner) if it is a street group, else Bank.
type afterWorth struct {
	gen                uint64
	from, to           int
	fromCells, toCells uint64
	dFrom, dTo         int64
	owner              int
}

// begin starts a search on view v; the memo is set up when the search
// values its first candidate (most searches find none).
func (m *tradeMemo) begin(v *View) {
	m.on, m.ready = true, false
	if m.lent = v.lentGroups(); m.lent != nil && len(v.Board.Groups) > len(m.lent.stamp) {
		m.lent = nil
	}
}

// prepare sets the memo up for view v.
func (m *tradeMemo) prepare(v *View) {
	m.ready = true
	m.land, m.rw = landings(v), rivalWeight(v)
	if n, np := len(v.Board.Groups), v.Seats(); len(m.have) != n || m.np != np {
		m.np = np
		m.have, m.worth, m.full = make([]uint8, n), make([]int64, n*np), make([]int, n)
		m.after = make([]afterWorth, n)
	}
	m.gen++
	if m.kept = v.lentGroups(); m.kept != nil && len(m.full) <= len(m.kept.sum) {
		// the owners of the whole street groups from the game's summaries:
		// its wholeOf, when every one is a player (m.full is then not read)
		if w := &m.kept.wholeOf; func() bool {
			for s := min(m.np, MaxSeats); s < MaxSeats; s++ {
				if w[s] != 0 {
					return false
				}
			}
			return true
		}() {
			m.whole, m.wholeOK = *w, true
			m.prepared(v)
			return
		}
		for gi := range v.Board.Groups {
			m.full[gi] = Bank
			if sum := &m.kept.sum[gi]; sum.whole() && v.Board.Groups[gi].Kind == KindStreet {
				m.full[gi] = bits.TrailingZeros16(sum.owners)
			}
		}
	} else {
		m.kept = nil
		clear(m.have)
		for gi := range v.Board.Groups {
			m.full[gi] = Bank
			if grp := &v.Board.Groups[gi]; grp.Kind == KindStreet {
				m.full[gi] = groupOwner(v.Cells, grp)
			}
		}
	}
	m.whole, m.wholeOK = [MaxSeats]uint64{}, len(m.full) <= 64
	for gi, o := range m.full {
		switch {
		case o == Bank:
		case o >= 0 && o < min(m.np, MaxSeats) && gi < 64:
			m.whole[o] |= 1 << uint(gi)
		default:
			m.wholeOK = false
		}
	}
	m.prepared(v)
}

// prepared notes, once a search, what part and onlyBesides read for every
// candidate: the seats owning whole groups (wseats, of whole), whether the
// game's table of parts serves (parts: it holds landings from 1 to 1<<30
// alone) and is the table of v's rules, board and highest level (else
// emptied now: partCache.check).
func (m *tradeMemo) prepared(v *View) {
	m.wseats = 0
	for s := range m.whole[:min(m.np, MaxSeats)] {
		if m.whole[s] != 0 {
			m.wseats |= 1 << uint(s)
		}
	}
	m.parts = nil
	if m.lent != nil && m.lent.parts.on && m.land > 0 && m.land <= 1<<30 {
		m.parts = &m.lent.parts
		m.parts.check(v)
	}
}

// end closes the search: tradeDeltas computes everything again.
func (m *tradeMemo) end() { m.on, m.ready, m.kept, m.lent, m.parts = false, false, nil, nil, nil }

// now is groupWorth of group gi to seat on the board as it is: the game's
// when the view lends it, else worked out once per search.
func (m *tradeMemo) now(v *View, gi, seat int) int64 {
	if k := m.kept; k != nil {
		// worthOf's known worth, read here
		if uint(gi) < uint(len(k.known)) && uint(seat) < MaxSeats && k.land == m.land && k.known[gi]&(1<<uint(seat)) != 0 {
			return k.worth[gi*MaxSeats+seat]
		}
		return k.worthOf(v, gi, seat, m.land)
	}
	if m.have[gi]&(1<<uint(seat)) == 0 {
		m.worth[gi*m.np+seat] = groupWorth(v, v.Cells, gi, seat, m.land, true)
		m.have[gi] |= 1 << uint(seat)
	}
	return m.worth[gi*m.np+seat]
}

// searchDeltas is tradeDeltas of o in a search (b.tm.on), group by group
// (tradeMemo): the same numbers, summed in another order (sums of int64
// do not depend on it).
func (b *bot) searchDeltas(v *View, o *TradeOffer) tradeEval {
	m := &b.tm
	if !m.ready {
		m.prepare(v)
	}
	var groups uint64
	for _, c := range o.FromCells {
		groups |= 1 << uint(v.Board.Cells[c].Group)
	}
	for _, c := range o.ToCells {
		groups |= 1 << uint(v.Board.Cells[c].Group)
	}
	var from, to int64
	only, several := m.onlyBesides(groups)
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		a := m.part(v, gi, o.From, o.To, groupBits(v, gi, o.FromCells), groupBits(v, gi, o.ToCells))
		from, to = from+a.dFrom, to+a.dTo
		if a.owner != Bank {
			if only != Bank && a.owner != only {
				several = true
			}
			only = a.owner
		}
	}
	cards := v.JailFee * int64(len(o.ToCards)-len(o.FromCards))
	e := tradeEval{from: from - o.Money + cards, to: to + o.Money - cards, wFrom: m.rw, wTo: m.rw}
	m.weigh(&e, only, several, o.From, o.To)
	return e
}

// candDeltas is searchDeltas of the bot's candidate tc (no money, no
// cards): the groups and the cells of each read from the candidate's own
// arrays, without a TradeOffer's lists.
func (b *bot) candDeltas(v *View, tc *tradeCand) tradeEval {
	m := &b.tm
	if !m.ready {
		m.prepare(v)
	}
	bc := v.Board.Cells
	from, to := b.seat, int(tc.to)
	var df, dt int64
	// most candidates take the cells of one group and give none, or
	// cells of one other group: one part each
	nt, ng := tc.nt(), tc.ng()
	if gt := bc[tc.take[0]].Group; nt > 0 && (nt == 1 || bc[tc.take[1]].Group == gt) {
		gg, give := -1, uint64(0)
		if ng > 0 {
			gg, give = bc[tc.give[0]].Group, 1<<uint(tc.give[0])
			if ng > 1 {
				give |= 1 << uint(tc.give[1])
				if bc[tc.give[1]].Group != gg {
					gg = gt // not one group: below
				}
			}
		}
		if gg != gt {
			groups := uint64(1) << uint(gt)
			if gg >= 0 {
				groups |= 1 << uint(gg)
			}
			only, several := m.onlyBesides(groups)
			a := m.part(v, gt, from, to, 0, tc.takeBits())
			df, dt = a.dFrom, a.dTo
			if a.owner != Bank {
				only, several = a.owner, several || only != Bank && a.owner != only
			}
			if gg >= 0 {
				a := m.part(v, gg, from, to, give, 0)
				df, dt = df+a.dFrom, dt+a.dTo
				if a.owner != Bank {
					only, several = a.owner, several || only != Bank && a.owner != only
				}
			}
			e := tradeEval{from: df, to: dt, wFrom: m.rw, wTo: m.rw}
			m.weigh(&e, only, several, from, to)
			return e
		}
	}
	var groups uint64
	for _, c := range tc.give[:ng] {
		groups |= 1 << uint(bc[c].Group)
	}
	for _, c := range tc.take[:nt] {
		groups |= 1 << uint(bc[c].Group)
	}
	only, several := m.onlyBesides(groups)
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		var fb, tb uint64 // the cells of gi given and taken
		for _, c := range tc.give[:ng] {
			if bc[c].Group == gi {
				fb |= 1 << uint(c)
			}
		}
		for _, c := range tc.take[:nt] {
			if bc[c].Group == gi {
				tb |= 1 << uint(c)
			}
		}
		a := m.part(v, gi, from, to, fb, tb)
		df, dt = df+a.dFrom, dt+a.dTo
		if a.owner != Bank {
			if only != Bank && a.owner != only {
				several = true
			}
			only = a.owner
		}
	}
	e := tradeEval{from: df, to: dt, wFrom: m.rw, wTo: m.rw}
	m.weigh(&e, only, several, from, to)
	return e
}

// onlyBesides is the one seat owning whole street groups outside groups
// (onlyFull's owners), and several whether two or more do.
func (m *tradeMemo) onlyBesides(groups uint64) (only int, several bool) {
	only = Bank
	if m.wholeOK {
		for ss := m.wseats; ss != 0; ss &= ss - 1 {
			if s := bits.TrailingZeros16(ss); m.whole[s]&^groups != 0 {
				if only != Bank {
					return only, true
				}
				only = s
			}
		}
		return only, false
	}
	for gi, o := range m.full {
		if o == Bank || gi < 64 && groups&(1<<uint(gi)) != 0 {
			continue
		}
		if only != Bank && o != only {
			return only, true
		}
		only = o
	}
	return only, false
}

// weigh sets e's rival weights from the one seat owning whole street
// groups after the trade between from and to (only, unless several do).
func (m *tradeMemo) weigh(e *tradeEval, only int, several bool, from, to int) {
	switch {
	case several:
	case only == to:
		e.wFrom = firstWeight
	case only == from:
		e.wTo = firstWeight
	}
}

// part returns what group gi adds to both sides of a trade between from
// and to moving the cells fb of from's and tb of to's there (afterWorth),
// from the memo when the last trade valued that changed the group changed
// it the same way.
func (m *tradeMemo) part(v *View, gi, from, to int, fb, tb uint64) *afterWorth {
	a := &m.after[gi]
	if a.gen == m.gen && a.from == from && a.to == to && a.fromCells == fb && a.toCells == tb {
		return a
	}
	// a part worked out in an earlier search of a bot of the game on the
	// same cells of the group (bot_trade_parts.go; muted games alone)
	var pe *partEntry
	var stamp, word uint64
	if m.parts != nil && uint(from) < MaxSeats && uint(to) < MaxSeats {
		stamp, word = m.lent.stamp[gi], partWord(m.land, gi, from, to)
		if pe = m.parts.slotOf(stamp, fb, tb, word); pe.keeps(stamp, fb, tb, word) {
			*a = afterWorth{gen: m.gen, from: from, to: to, fromCells: fb, toCells: tb, dFrom: int64(pe.dFrom), dTo: int64(pe.dTo), owner: pe.owner()}
			return a
		}
	}
	wf, wt, owner := groupAfter(v, gi, from, to, fb, tb, v.Rules.Trade.ClearsGroups, m.land)
	*a = afterWorth{gen: m.gen, from: from, to: to, fromCells: fb, toCells: tb,
		dFrom: wf - m.now(v, gi, from), dTo: wt - m.now(v, gi, to), owner: owner}
	if v.Board.Groups[gi].Kind != KindStreet {
		a.owner = Bank
	}
	if pe != nil {
		pe.keep(stamp, fb, tb, word, a.dFrom, a.dTo, a.owner)
	}
	return a
}

// groupAfter is what group gi is worth to from and to (groupWorth,
// prospects counted) once the cells fb of from's go to to and the cells tb
// of to's go to from, the group's buildings sold first when clears (their
// refunds counted in the worths), with the other cells as the view holds
// them; and the group's owner then (groupOwner). The counts of both sides
// are made in one pass over the group's cells, and the cells each side
// holds after it noted (one bit each), whose worths are summed then.
func groupAfter(v *View, gi, from, to int, fb, tb uint64, clears bool, land int64) (wf, wt int64, owner int) {
	grp := &v.Board.Groups[gi]
	nf, nt, rivalsF, rivalsT, rivalF, rivalT, bank := 0, 0, 0, 0, Bank, Bank, false
	var rf, rt int64  // the refunds
	var mf, mt uint64 // the cells from and to hold after the trade
	owner, first := Bank, true
	for _, c := range grp.Cells {
		st := &v.Cells[c]
		if clears && st.Level > 0 { // the refund, to the owner before
			switch refund := int64(st.Level) * v.Rules.SellRefund(c); st.Owner {
			case from:
				rf += refund
			case to:
				rt += refund
			}
		}
		// the owner after the trade, as tradeDeltas writes it: the cells
		// given to from last
		bit := uint64(1) << uint(c)
		o := st.Owner
		switch {
		case tb&bit != 0:
			o = from
		case fb&bit != 0:
			o = to
		}
		switch {
		case first:
			owner, first = o, false
		case o != owner:
			owner = Bank
		}
		if o == Bank {
			bank = true
			continue
		}
		if o == from {
			nf++
			mf |= bit
		} else if o != rivalF {
			if rivalF == Bank {
				rivalF, rivalsF = o, 1
			} else {
				rivalsF = 2
			}
		}
		if o == to {
			nt++
			mt |= bit
		} else if o != rivalT {
			if rivalT == Bank {
				rivalT, rivalsT = o, 1
			} else {
				rivalsT = 2
			}
		}
	}
	size := len(grp.Cells)
	hf := groupHolding{n: nf, full: nf == size, open: rivalsF == 0, prospect: rivalsF == 1 && !bank && 2*nf >= size}
	ht := groupHolding{n: nt, full: nt == size, open: rivalsT == 0, prospect: rivalsT == 1 && !bank && 2*nt >= size}
	for ms := mf | mt; ms != 0; ms &= ms - 1 { // by cell number (sums of int64)
		c := bits.TrailingZeros64(ms)
		h, w := &hf, &wf
		if mf&(1<<uint(c)) == 0 {
			h, w = &ht, &wt
		}
		st, cell := &v.Cells[c], &v.Board.Cells[c]
		level := st.Level
		if clears {
			level = 0
		}
		// as groupWorth's
		x := cell.Price
		if st.Mortgaged {
			x -= v.Rules.LiftCost(c) // its rent counts as if lifted
		}
		var rent int64
		switch cell.Kind {
		case KindStreet:
			switch {
			case h.full && v.MaxLevel > 0 && len(cell.Rents) > v.MaxLevel:
				x += int64(level)*v.Rules.SellRefund(c) + developed(v, c, cell, level, land)
			case h.full:
				rent = cell.Rents[0] * max(v.Rules.Buildings.FullGroupMultiplier, 1)
			default:
				rent = cell.Rents[0]
				switch {
				case h.open:
					x += cell.Price * int64(h.n) / int64(3*size)
				case h.prospect && v.MaxLevel > 0 && len(cell.Rents) > v.MaxLevel:
					dev := developed(v, c, cell, 0, land) - rent*land/100
					x += max(dev, 0) * int64(h.n) / int64(prospectShare*size)
				}
			}
		case KindCounted:
			rent = cell.Rents[h.n-1]
		case KindDice:
			rent = cell.Rents[h.n-1] * 7
		}
		*w += x + rent*land/100
	}
	if from == to { // both sides are one seat (no trade makes this)
		wt = wf
	}
	return wf + rf, wt + rt, owner
}

// groupHolding is what groupAfter reads of a seat's holding in a group:
// its number of cells there, whether it holds them all (full), whether no
// other player holds one (open), and whether its streets are one trade
// from the full group (prospect: a single rival, no cell with the bank,
// and at least half of the group's cells).
type groupHolding struct {
	n                    int
	full, open, prospect bool
}

// groupBits is the bit set of the cells of list in group gi.
func groupBits(v *View, gi int, list []int) uint64 {
	var bits uint64
	for _, c := range list {
		if v.Board.Cells[c].Group == gi {
			bits |= 1 << uint(c)
		}
	}
	return bits
}
