package opoly

import "math/bits"

// What the bots read of each group, kept by the game as its cells change.
// The trade search (listCands) used to walk every cell of the board for
// each new state of the cells a bot saw, four bots each: the owners of each
// group, whether the bank holds a cell of it, whether one is built on, and
// the fingerprint of its cells (stamp). The valuations of trades worked
// out what each group is worth to each side before the trade once per
// search, and again for each deal the answerer and the auditor valued, and
// the owners of every whole group from the cells. All of those depend on
// the group's own cells alone: publish marks the groups whose cells
// changed, and the first bot that reads them on a lent view sums up those
// groups alone, once for all the seats; the worths are worked out when
// first asked for, once for all the seats too. The memo is kept with the
// game's table of charges (rentMemo), of the same cells, and lent with it.
// (Summing the groups up in publish cost more than it saved: the cells
// change about three times as often as a bot lists its candidates, and
// Technopoly's bots list none.)

// groupMemo is, for the cells of its rentMemo, each group's summary
// (groupSum), the fingerprint of its cells (groupStamp) and the
// fingerprint of the owners of the whole street groups (full, as listCands
// works it out), but for the groups in stale (bit gi: a cell of group gi
// changed since it was summed up).
type groupMemo struct {
	stale uint64
	// summed: sum, full and wholeOf hold every group's summary (sumUp
	// then changes them for the stale groups alone)
	summed bool
	full   uint64
	sum    [64]groupSum
	stamp  [64]uint64
	// wholeOf has bit gi set for each street group the seat owns whole
	wholeOf [MaxSeats]uint64
	// mixed has bit gi set for each street group the seat holds a cell of
	// with another seat, the bank none (the groups listCands reads)
	mixed [MaxSeats]uint64
	// worth is what each group is worth to each seat over land landings
	// (groupWorth, prospects counted), for the seats of known (bit s):
	// what a trade's two sides hold of its groups before it, which every
	// bot's trade search, the answerer and the auditor value again and
	// again while those groups stay as they are (MaxSeats a group, made
	// on first use: a game whose bots value no trade stays small).
	land  int64
	known [64]uint16
	worth []int64
	// parts is what groups added to both sides of the trades the game's
	// bots valued (bot_trade_parts.go), kept across searches and games
	parts partCache
}

// groupSum is what listCands reads of a group's cells: the seats holding
// one (bit s), whether the bank holds one, whether one has buildings.
type groupSum struct {
	owners      uint16
	bank, built bool
}

// add counts cell state st in the summary. An owner that is neither the
// bank nor a seat counts as the bank: the exact checks decide then.
func (sum *groupSum) add(st *CellState) {
	switch o := st.Owner; {
	case o == Bank:
		sum.bank = true
	case o >= 0 && o < MaxSeats:
		sum.owners |= 1 << uint(o)
	default:
		sum.bank = true
	}
	if st.Level > 0 {
		sum.built = true
	}
}

// mixed returns the seats holding a cell of the summary's group when two
// or more do and the bank none (groupMemo.mixed), else 0.
func (sum *groupSum) mixed() uint16 {
	if sum.bank || sum.owners&(sum.owners-1) == 0 {
		return 0
	}
	return sum.owners
}

// whole reports whether the summary is of a group one seat owns whole
// (of a street group: onlyFull's owners).
func (sum *groupSum) whole() bool {
	return !sum.bank && sum.owners != 0 && sum.owners&(sum.owners-1) == 0
}

// fullStart starts the fingerprint of the owners of the whole street
// groups, and fullMix mixes street group gi, owned whole as sum says, into
// it (or out again: the fingerprint is the XOR of one hash a group, so
// that sumUp changes it for the groups summed up again alone).
const fullStart = 0

func fullMix(h uint64, gi int, sum *groupSum) uint64 {
	x := (uint64(gi)<<16 | uint64(sum.owners)) * 0x9e3779b97f4a7c15
	x = (x ^ x>>31) * 0xbf58476d1ce4e5b9
	return h ^ x ^ x>>29
}

// groupStamp sums up the owners, levels and mortgages of the cells of grp,
// to tell when the holdings that matter to an offer change (offerMemo).
func groupStamp(cells []CellState, grp *Group) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range grp.Cells {
		st := &cells[x]
		h = (h ^ uint64(int64(st.Owner)<<8|int64(st.Level)<<1|int64(b2i(st.Mortgaged)))) * 1099511628211
	}
	return h
}

// lentGroups returns the game's group memo that a lent view lends, when it
// is the memo of the view's cells (a lent view's cells are the game's
// own), with the groups marked summed up again; else nil.
func (v *View) lentGroups() *groupMemo {
	r := v.lentRents()
	if r == nil || v.Board != v.Rules.Board {
		return nil
	}
	m := &r.groups
	if m.stale != 0 {
		m.sumUp(v)
	}
	return m
}

// sumUp sums up the groups marked stale from v's cells, and the
// fingerprint of the whole groups' owners and each seat's whole groups:
// the stale groups' old summaries taken out of them and their new ones
// put in (all of the groups the first time, or when all are stale).
func (m *groupMemo) sumUp(v *View) {
	n := min(len(v.Board.Groups), len(m.sum))
	all := uint64(1)<<uint(n) - 1 // all ones for 64 groups too
	gs := m.stale & all
	if !m.summed || gs == all {
		m.summed, gs = true, all
		m.sum, m.full, m.wholeOf, m.mixed = [64]groupSum{}, fullStart, [MaxSeats]uint64{}, [MaxSeats]uint64{}
	}
	for ; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		grp := &v.Board.Groups[gi]
		street := grp.Kind == KindStreet
		if old := &m.sum[gi]; street && old.whole() {
			m.full = fullMix(m.full, gi, old)
			m.wholeOf[bits.TrailingZeros16(old.owners)] &^= 1 << uint(gi)
		} else if street {
			m.mixIn(gi, old.mixed(), false)
		}
		var sum groupSum
		for _, c := range grp.Cells {
			sum.add(&v.Cells[c])
		}
		m.sum[gi], m.stamp[gi], m.known[gi] = sum, groupStamp(v.Cells, grp), 0
		if street && sum.whole() {
			m.full = fullMix(m.full, gi, &sum)
			m.wholeOf[bits.TrailingZeros16(sum.owners)] |= 1 << uint(gi)
		} else if street {
			m.mixIn(gi, sum.mixed(), true)
		}
	}
	m.stale = 0
}

// mixIn sets (in) or clears group gi's bit in mixed for the seats of
// owners.
func (m *groupMemo) mixIn(gi int, owners uint16, in bool) {
	for ; owners != 0; owners &= owners - 1 {
		if s := bits.TrailingZeros16(owners); s < MaxSeats {
			if in {
				m.mixed[s] |= 1 << uint(gi)
			} else {
				m.mixed[s] &^= 1 << uint(gi)
			}
		}
	}
}

// StreetsOwnedWhole returns the street groups seat owns whole, one bit
// each (gi below 64): from the game's memo on a lent view, else from the
// cells.
func (v *View) StreetsOwnedWhole(seat int) uint64 {
	if m := v.lentGroups(); m != nil && seat >= 0 && seat < MaxSeats {
		return m.wholeOf[seat]
	}
	var gs uint64
	for gi := range v.Board.Groups[:min(len(v.Board.Groups), 64)] {
		if v.Board.Groups[gi].Kind == KindStreet && len(v.Board.Groups[gi].Cells) > 0 && v.OwnsGroup(seat, gi) {
			gs |= 1 << uint(gi)
		}
	}
	return gs
}

// worthOf is groupWorth(v, v.Cells, gi, seat, land, true), kept until a
// cell of group gi changes or the horizon does. m must be v's memo
// (lentGroups).
func (m *groupMemo) worthOf(v *View, gi, seat int, land int64) int64 {
	if gi >= len(m.known) || seat < 0 || seat >= MaxSeats {
		return groupWorth(v, v.Cells, gi, seat, land, true)
	}
	if land != m.land { // a seat left the game: every horizon is shorter
		m.land, m.known = land, [64]uint16{}
	}
	if n := len(v.Board.Groups) * MaxSeats; len(m.worth) != n {
		m.worth, m.known = make([]int64, n), [64]uint16{}
	}
	if m.known[gi]&(1<<uint(seat)) == 0 {
		m.worth[gi*MaxSeats+seat] = groupWorth(v, v.Cells, gi, seat, land, true)
		m.known[gi] |= 1 << uint(seat)
	}
	return m.worth[gi*MaxSeats+seat]
}

// onlyFullAfter is onlyFull(v, cells) for a board cells that differs from
// v's only in the groups in changed (one bit each), the owners of the
// others read from the memo (m must be v's: lentGroups), not from cells.
func (m *groupMemo) onlyFullAfter(v *View, cells []CellState, changed uint64) int {
	only := Bank
	for gi := range v.Board.Groups[:min(len(v.Board.Groups), len(m.sum))] {
		grp := &v.Board.Groups[gi]
		if grp.Kind != KindStreet {
			continue
		}
		o := Bank
		switch sum := &m.sum[gi]; {
		case changed&(1<<uint(gi)) != 0:
			o = groupOwner(cells, grp)
		case sum.whole():
			o = bits.TrailingZeros16(sum.owners)
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
