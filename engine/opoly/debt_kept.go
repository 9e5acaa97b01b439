package opoly

import (
	"math/bits"

	"boardroom/engine"
)

// The debtor's mortgages kept between the steps of its debt: a step of a
// debt sells a building or mortgages a property, which changes one group's
// cells, yet the lent debt view listed the mortgages of all the debtor's
// properties again at every step. A property's entry (mortgage it, sell
// its group down and mortgage it, or none) depends on its own group's
// cells alone, so the lent debt view keeps the debtor's entries and
// brings up to date those of the groups whose cells changed since
// (published.groupsSince, marked by publishCells). The sales are listed
// afresh: they are few and depend on the supply too.

// debtKept is the debtor's mortgage entries the lent debt view keeps.
type debtKept struct {
	seat int  // whose entries they are
	set  bool // kept for seat: else listed afresh for all groups
	// kind is each cell's entry (kindNone, kindMortgage, kindSellMort);
	// listed has bit c set for each cell with one; acts and cells are the
	// entries in board order (cell c's at the count of listed below c).
	kind   [MaxCells]uint8
	listed uint64
	// plain has bit c set for each cell whose entry is a Mortgage (the
	// others of listed are SellAndMortgage): the debtor's bot reads those
	// without the list (bot.raise)
	plain uint64
	acts  []engine.Action
	cells []int
}

const (
	kindNone uint8 = iota
	kindMortgage
	kindSellMort
)

// keptMortgages brings seat's kept mortgage entries up to date for the
// groups whose cells changed since they were last (all groups when they
// are another seat's) and returns them: the actions debtMortgages would
// append and their cells, valid until the next call.
func (g *Game) keptMortgages(k *debtKept, seat int) ([]engine.Action, []int) {
	pub, b := &g.pub, g.rs.Board
	groups := pub.groupsSince
	pub.groupsSince = 0
	if !k.set || k.seat != seat {
		*k = debtKept{seat: seat, set: true, acts: k.acts[:0], cells: k.cells[:0]}
		groups = 1<<uint(len(b.Groups)) - 1 // all ones for 64 groups too
	}
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		if gi >= len(b.Groups) {
			break
		}
		g.keepGroup(k, seat, gi)
	}
	return k.acts, k.cells
}

// keepGroup brings the kept entries of group gi's cells up to date: as
// debtMortgages lists them, an entry for each of seat's properties not
// mortgaged, sold down first in a street group it owns whole with a
// building (none when buildings are not sold).
func (g *Game) keepGroup(k *debtKept, seat, gi int) {
	s, b, pub := g.s, g.rs.Board, &g.pub
	st := &pub.grp[gi]
	built := b.Groups[gi].Kind == KindStreet && st.owner == seat && st.hi > 0
	for _, c := range b.Groups[gi].Cells {
		e := kindNone
		if int(pub.owners[c]) == seat && !s.Cells[c].Mortgaged {
			switch {
			case !built:
				e = kindMortgage
			case g.rs.Buildings.Sell:
				e = kindSellMort
			}
		}
		old := k.kind[c]
		if e == old {
			continue
		}
		k.kind[c] = e
		bit := uint64(1) << uint(c)
		if e == kindMortgage {
			k.plain |= bit
		} else {
			k.plain &^= bit
		}
		p := bits.OnesCount64(k.listed & (bit - 1)) // its place in board order
		var a engine.Action
		switch e {
		case kindMortgage:
			a = boxMortgage[c]
		case kindSellMort:
			a = boxSellMort[c]
		}
		switch {
		case old == kindNone: // a new entry
			k.listed |= bit
			k.acts = append(k.acts, nil)
			copy(k.acts[p+1:], k.acts[p:])
			k.acts[p] = a
			k.cells = append(k.cells, 0)
			copy(k.cells[p+1:], k.cells[p:])
			k.cells[p] = c
		case e == kindNone: // an entry gone
			k.listed &^= bit
			k.acts = append(k.acts[:p], k.acts[p+1:]...)
			k.cells = append(k.cells[:p], k.cells[p+1:]...)
		default: // the same cell, the other entry
			k.acts[p] = a
		}
	}
}
