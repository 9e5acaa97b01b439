package opoly

import "math/bits"

// tradeMemo is what one trade search (propose) computes once for the board
// as it is, instead of once per candidate: the worth of each group to each
// seat, the owner of each full street group, the landings and the rival
// weight. A search values a few dozen candidates on the same view, each
// trade changing one or two groups, so most of the groups' worths were
// computed again and again. The memo changes no number: it holds exactly
// what tradeDeltas would compute.
type tradeMemo struct {
	on, ready bool // in a search; the memo is set up for its view
	land, rw  int64
	// per group (sized once per board, so that the bot stays small):
	np    int     // players
	have  []uint8 // bit s: worth[gi*np+s] is known
	worth []int64
	full  []int // groupOwner of each street group now, else Bank
	// kept is the game's memo of the view's groups (a lent view's), whose
	// worths serve now
	kept *groupMemo
	// after holds, per group, the worths of the group to both sides of
	// the last trade valued that changed it (of this search: gen), which
	// the next candidates asking for the same streets share.
	after []afterWorth
	gen   uint64
}

// afterWorth is what group gi is worth to both sides of a trade between
// from and to that moves the cells fromCells of from's and toCells of to's
// in it, for search gen.
type afterWorth struct {
	gen                uint64
	from, to           int
	fromCells, toCells uint64
	wFrom, wTo         int64
}

// begin starts a search; the memo is set up when the search values its
// first candidate (most searches find none).
func (m *tradeMemo) begin() { m.on, m.ready = true, false }

// prepare sets the memo up for view v: the bot's scratch board becomes a
// copy of v's cells, which tradeDeltas changes and puts back per candidate.
func (m *tradeMemo) prepare(b *bot, v *View) {
	b.scratchOf(v)
	m.ready = true
	m.land, m.rw = landings(v), rivalWeight(v)
	if n, np := len(v.Board.Groups), len(v.Players); len(m.have) != n || m.np != np {
		m.np = np
		m.have, m.worth, m.full = make([]uint8, n), make([]int64, n*np), make([]int, n)
		m.after = make([]afterWorth, n)
	}
	m.gen++
	if m.kept = v.lentGroups(); m.kept != nil && len(m.full) <= len(m.kept.sum) {
		// the owners of the whole street groups from the game's summaries
		for gi := range v.Board.Groups {
			m.full[gi] = Bank
			if sum := &m.kept.sum[gi]; sum.whole() && v.Board.Groups[gi].Kind == KindStreet {
				m.full[gi] = bits.TrailingZeros16(sum.owners)
			}
		}
		return
	}
	m.kept = nil
	clear(m.have)
	for gi := range v.Board.Groups {
		m.full[gi] = Bank
		if grp := &v.Board.Groups[gi]; grp.Kind == KindStreet {
			m.full[gi] = groupOwner(v.Cells, grp)
		}
	}
}

// end closes the search: tradeDeltas computes everything again.
func (m *tradeMemo) end() { m.on, m.ready, m.kept = false, false, nil }

// now is groupWorth of group gi to seat on the board as it is: the game's
// when the view lends it, else worked out once per search.
func (m *tradeMemo) now(v *View, gi, seat int) int64 {
	if m.kept != nil {
		return m.kept.worthOf(v, gi, seat, m.land)
	}
	if m.have[gi]&(1<<uint(seat)) == 0 {
		m.worth[gi*m.np+seat] = groupWorth(v, v.Cells, gi, seat, m.land, true)
		m.have[gi] |= 1 << uint(seat)
	}
	return m.worth[gi*m.np+seat]
}

// afterTrade returns the worths of group gi to the sides of o on the
// board cells that o has made (by groupWorth), from the memo when the last
// trade valued that changed the group changed it the same way.
func (m *tradeMemo) afterTrade(v *View, cells []CellState, gi int, o *TradeOffer) (wFrom, wTo int64) {
	k := afterWorth{gen: m.gen, from: o.From, to: o.To, fromCells: groupBits(v, gi, o.FromCells), toCells: groupBits(v, gi, o.ToCells)}
	a := &m.after[gi]
	if a.gen == k.gen && a.from == k.from && a.to == k.to && a.fromCells == k.fromCells && a.toCells == k.toCells {
		return a.wFrom, a.wTo
	}
	k.wFrom = groupWorth(v, cells, gi, o.From, m.land, true)
	k.wTo = groupWorth(v, cells, gi, o.To, m.land, true)
	*a = k
	return k.wFrom, k.wTo
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

// onlyFull is onlyFull(v, cells) for a board cells that differs from the
// view's only in the groups in changed (one bit each).
func (m *tradeMemo) onlyFull(v *View, cells []CellState, changed uint64) int {
	only := Bank
	for gi := range v.Board.Groups {
		o := m.full[gi]
		if changed&(1<<uint(gi)) != 0 {
			if grp := &v.Board.Groups[gi]; grp.Kind == KindStreet {
				o = groupOwner(cells, grp)
			}
		}
		if o != Bank {
			if only != Bank && o != only {
				return Bank
			}
			only = o
		}
	}
	return only
}
