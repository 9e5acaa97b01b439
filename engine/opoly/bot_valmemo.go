package opoly

// The bots' valuations that do not depend on who asks, kept per game.
// What a lot on auction is worth to a seat (auctionValue), and what a
// trade under way is worth to both sides (dealDeltas), depend on the
// cells, who is out and the rules only; every bidder's bot and the
// auditor ask the first for every bidder, and a proposal's answerer and
// the auditor ask the second of the same trade. A game's lent views lend
// one memo (View.vals) that the first asker fills and the others read,
// emptied when the cells change (the lots' worths are kept by the state
// of the lot's group: lotEntry): the numbers are those each would work
// out.

// valMemo is what bots valued on one game's cells of version ver (the
// seats in out out, rules rules) that any bot, or the auditor, would
// value the same: what the lot lot is worth to each seat (lots[cur]) and
// the last trades valued outside a search (dealDeltas: tradeDeltas
// without money or cards).
type valMemo struct {
	ver, out uint64
	rules    *Ruleset
	board    *Board
	lot      int   // the lot of lots[cur] on these cells (-1: none yet)
	cur      int   // lot's entry
	land     int64 // landings on these cells with these seats out
	ndeals   int
	dealKeys [8]dealKey
	deals    [8]tradeEval
	// lots are lots' worths kept past changes of the cells (lotEntry), of
	// rules and board alone: emptied (nlots) when those change. The last,
	// lots[lotWays], is that of a lot whose group lotGroupKey cannot
	// pack, of these cells alone.
	// across says that rules offer lots to all (Projectopoly's
	// offer_to_all), whose unsold lots come back: elsewhere lots are the
	// bank's, auctioned once, and lots[lotWays] alone serves.
	nlots  int
	across bool
	lots   [lotWays + 1]lotEntry
}

// lotEntry is what lot is worth to the seats of bit s of known (vals[s]),
// kept across states of the cells: lotValue reads the cells of the lot's
// group only (their owners, levels and mortgages: group, packed by
// lotGroupKey), the landings, the rules, the board and the top level, so
// with those the same it is the same number. A lot offered to all and not
// sold is offered again by its owner at its next turn, most often with its
// group as it was, and every other seat values it again: kept for one
// version of the cells only, it was worked out again at each offer (in
// Projectopoly, whose auctions are nearly all offers to all, half of them).
type lotEntry struct {
	lot, maxLevel int
	land          int64
	group         uint64
	known         uint16
	vals          [MaxSeats]int64
	// outside is the lot's worth to a seat that holds no other cell of
	// its group (outsideKnown: worked out), the same for every such seat
	// (worth)
	outside      int64
	outsideKnown bool
}

// worth is lot's worth to seat (lotValue over land) on the cells of e.
// To a seat holding no other cell of the lot's group it is outside, the
// same for all of them: lotValue tells seats apart by the cells they hold
// of the group alone (groupWorth counts the seat's cells there and the
// other owners, completesFor whether one other seat holds all the rest),
// and the lot itself is valued as the bank's, then the seat's. In an
// offer to all, most bidders hold nothing of the lot's group.
func (e *lotEntry) worth(b *bot, v *View, lot, seat int, land int64) int64 {
	for _, c := range v.Board.Groups[v.Board.Cells[lot].Group].Cells {
		if c != lot && v.Cells[c].Owner == seat {
			return b.lotValue(v, lot, seat, land) // one of its own there
		}
	}
	if !e.outsideKnown {
		e.outside, e.outsideKnown = b.lotValue(v, lot, seat, land), true
	}
	return e.outside
}

// lotWays is how many lots' entries the memo keeps, the oldest replaced.
const lotWays = 8

// lotGroupKey packs the states of the cells of lot's group (10 bits a
// cell: owner+1, mortgaged, level), or false where they do not fit.
func lotGroupKey(v *View, lot int) (uint64, bool) {
	grp := v.Board.Groups[v.Board.Cells[lot].Group].Cells
	if len(grp) > 6 {
		return 0, false
	}
	var k uint64
	for _, c := range grp {
		st := &v.Cells[c]
		o, l := uint64(st.Owner+1), uint64(st.Level)
		if o > 15 || l > 31 {
			return 0, false
		}
		k = k<<10 | o<<6 | l<<1 | uint64(b2i(st.Mortgaged))
	}
	return k, true
}

// findLot makes lots[cur] the entry of lot on v's cells: the one kept of
// the same group state, else a new one over the oldest (or, where no lot
// is offered to all or the group's state cannot be packed, the last,
// emptied).
func (m *valMemo) findLot(v *View, lot int) {
	m.lot = lot
	var group uint64
	ok := m.across
	if ok {
		group, ok = lotGroupKey(v, lot)
	}
	if !ok {
		m.cur, m.lots[lotWays] = lotWays, lotEntry{lot: lot}
		return
	}
	for i := range m.lots[:min(m.nlots, lotWays)] {
		if x := &m.lots[i]; x.group == group && x.lot == lot && x.land == m.land && x.maxLevel == v.MaxLevel {
			m.cur = i
			return
		}
	}
	m.cur = m.nlots % lotWays
	m.lots[m.cur] = lotEntry{lot: lot, maxLevel: v.MaxLevel, land: m.land, group: group}
	m.nlots++
}

// dealKey names a trade by its sides and the cells each gives.
type dealKey struct {
	from, to           int
	fromCells, toCells uint64
}

// valsNow returns the game's memo of v's valuations (a lent view's),
// emptied if it was of other cells; nil for any other view.
func (v *View) valsNow() *valMemo {
	m := v.vals
	if m == nil || v.CellsVersion == 0 {
		return nil
	}
	if out := outSeats(v); m.ver != v.CellsVersion || m.out != out || m.rules != v.Rules || m.board != v.Board {
		// emptied by its counts (what they do not count is never read),
		// not by writing the whole memo again: the cells change at most
		// steps
		if m.rules != v.Rules || m.board != v.Board {
			// the lots' worths kept across states of the cells
			m.nlots, m.across = 0, v.Rules != nil && v.Rules.Has("offer_to_all")
		}
		m.ver, m.out, m.rules, m.board = v.CellsVersion, out, v.Rules, v.Board
		m.lot, m.ndeals = -1, 0
		m.land = landingsOut(v, out)
	}
	return m
}

// deal returns the index of trade k among the kept ones, or -1.
func (m *valMemo) deal(k dealKey) int {
	for i := range m.dealKeys[:min(m.ndeals, len(m.dealKeys))] {
		if m.dealKeys[i] == k {
			return i
		}
	}
	return -1
}

// keepDeal keeps trade k's worths e, over the oldest when all are kept.
func (m *valMemo) keepDeal(k dealKey, e tradeEval) {
	i := m.ndeals % len(m.dealKeys)
	m.dealKeys[i], m.deals[i] = k, e
	m.ndeals++
}
