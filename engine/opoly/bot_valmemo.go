package opoly

// The bots' valuations that do not depend on who asks, kept per game.
// What a lot on auction is worth to a seat (auctionValue), and what a
// trade is worth to both sides (tradeDeltas), depend on the cells, who is
// out and the rules only; every bidder's bot and the auditor ask the
// first for every bidder, and a proposal's answerer and the auditor ask
// the second of the same trade. A game's lent views lend one memo
// (View.vals) that the first asker fills and the others read, emptied
// when the cells change: the numbers are those each would work out. The
// game also lends a table of what its streets earn developed (devTable).

// valMemo is what bots valued on one game's cells of version ver (the
// seats in out out, rules rules) that any bot, or the auditor, would
// value the same: what the lot lot is worth to each seat (bit s of
// lotKnown: lotValue[s] is lotValue's) and the last trades valued outside a
// search (tradeDeltas without money or cards).
type valMemo struct {
	ver, out uint64
	rules    *Ruleset
	board    *Board
	lot      int
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
		*m = valMemo{ver: v.CellsVersion, out: out, rules: v.Rules, board: v.Board, lot: -1}
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

// devTable is developed for each street cell of a game's board at each
// level, for one horizon (land), worked out per cell when first read: the
// valuations ask it of the same streets at the same few levels thousands
// of times a game (a loop over the levels each time).
type devTable struct {
	rules *Ruleset
	board *Board
	top   int   // MaxLevel
	land  int64 // the horizon
	known uint64
	dev   [MaxCells][devLevels]int64 // for cell c (bit c of known) by level
}

// devLevels bounds the levels a devTable holds.
const devLevels = 8

// developed is developed(v, cell, level, land) for cell c (cell is the
// board's), read from the game's table when v lends one.
func (v *View) developed(c int, cell *Cell, level int, land int64) int64 {
	t := v.dev
	if t == nil || v.MaxLevel >= devLevels || c < 0 || c >= MaxCells || level < 0 || level > v.MaxLevel {
		return developed(v, cell, level, land)
	}
	if t.land != land || t.rules != v.Rules || t.board != v.Board || t.top != v.MaxLevel {
		t.rules, t.board, t.top, t.land, t.known = v.Rules, v.Board, v.MaxLevel, land, 0
	}
	if t.known&(1<<uint(c)) == 0 {
		// from the top level down: the best of earning at this level and
		// building one more (the best from the next, less a building)
		best := int64(-1 << 62)
		for l := v.MaxLevel; l >= 0; l-- {
			best = max(cell.Rents[l]*land/100, best-cell.BuildPrice)
			t.dev[c][l] = best
		}
		t.known |= 1 << uint(c)
	}
	return t.dev[c][level]
}
