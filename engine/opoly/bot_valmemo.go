package opoly

// The bots' valuations that do not depend on who asks, kept per game.
// What a lot on auction is worth to a seat (auctionValue), and what a
// trade under way is worth to both sides (dealDeltas), depend on the
// cells, who is out and the rules only; every bidder's bot and the
// auditor ask the first for every bidder, and a proposal's answerer and
// the auditor ask the second of the same trade. A game's lent views lend
// one memo (View.vals) that the first asker fills and the others read,
// emptied when the cells change: the numbers are those each would work
// out.

// valMemo is what bots valued on one game's cells of version ver (the
// seats in out out, rules rules) that any bot, or the auditor, would
// value the same: what the lot lot is worth to each seat (bit s of
// lotKnown: lotValue[s] is lotValue's) and the last trades valued outside a
// search (dealDeltas: tradeDeltas without money or cards).
type valMemo struct {
	ver, out uint64
	rules    *Ruleset
	board    *Board
	lot      int
	land     int64 // landings on these cells with these seats out
	lotKnown uint16
	lotValue [MaxSeats]int64
	ndeals   int
	dealKeys [8]dealKey
	deals    [8]tradeEval
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
		m.ver, m.out, m.rules, m.board = v.CellsVersion, out, v.Rules, v.Board
		m.lot, m.lotKnown, m.ndeals = -1, 0, 0
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
