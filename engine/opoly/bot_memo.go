package opoly

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
	have  []uint8 // bit s: worth[gi*MaxSeats+s] is known
	worth []int64
	full  []int // groupOwner of each street group now, else Bank
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
	if n := len(v.Board.Groups); len(m.have) != n {
		m.have, m.worth, m.full = make([]uint8, n), make([]int64, n*MaxSeats), make([]int, n)
	}
	clear(m.have)
	for gi := range v.Board.Groups {
		m.full[gi] = Bank
		if grp := &v.Board.Groups[gi]; grp.Kind == KindStreet {
			m.full[gi] = groupOwner(v.Cells, grp)
		}
	}
}

// end closes the search: tradeDeltas computes everything again.
func (m *tradeMemo) end() { m.on, m.ready = false, false }

// now is groupWorth of group gi to seat on the board as it is.
func (m *tradeMemo) now(v *View, gi, seat int) int64 {
	if m.have[gi]&(1<<uint(seat)) == 0 {
		m.worth[gi*MaxSeats+seat] = groupWorth(v, v.Cells, gi, seat, m.land, true)
		m.have[gi] |= 1 << uint(seat)
	}
	return m.worth[gi*MaxSeats+seat]
}

// onlyFull is onlyFull(v, cells) for a board cells that differs from the
// view's only in the groups marked in changed.
func (m *tradeMemo) onlyFull(v *View, cells []CellState, changed *[MaxCells]bool) int {
	only := Bank
	for gi := range v.Board.Groups {
		o := m.full[gi]
		if changed[gi] {
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
