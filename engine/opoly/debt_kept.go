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
// afresh: they are few and depend on the supply too. The entries are
// kept as each cell's kind and masks of cells; their list of actions
// (entries) is made from those only when asked for: the debtor's bot
// reads the masks, and inserting an action into a list of interfaces at
// every change cost more than the rest of the keeping.

// debtKept is the debtor's mortgage entries the lent debt view keeps.
type debtKept struct {
	seat int  // whose entries they are
	set  bool // kept for seat: else listed afresh for all groups
	// kind is each cell's entry (kindNone, kindMortgage, kindSellMort);
	// listed has bit c set for each cell with one.
	kind   [MaxCells]uint8
	listed uint64
	// plain has bit c set for each cell whose entry is a Mortgage (the
	// others of listed are SellAndMortgage): the debtor's bot reads those
	// without the list (bot.raise)
	plain uint64
	// acts and cells are the entries in board order when listedOK says
	// they are those of kind (entries)
	acts     []engine.Action
	cells    []int
	listedOK bool
}

// entries returns the kept entries' actions and their cells in board
// order, listed from the cells' kinds when they changed since last asked
// for; valid until the kept entries next change.
func (k *debtKept) entries() ([]engine.Action, []int) {
	if !k.listedOK {
		k.acts, k.cells = k.acts[:0], k.cells[:0]
		for m := k.listed; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			a := boxMortgage[c]
			if k.kind[c] == kindSellMort {
				a = boxSellMort[c]
			}
			k.acts, k.cells = append(k.acts, a), append(k.cells, c)
		}
		k.listedOK = true
	}
	return k.acts, k.cells
}

const (
	kindNone uint8 = iota
	kindMortgage
	kindSellMort
)

// keptMortgages brings seat's kept mortgage entries up to date for the
// groups whose cells changed since they were last (all groups when they
// are another seat's): the entries of the actions debtMortgages would
// append (entries lists them and their cells).
func (g *Game) keptMortgages(k *debtKept, seat int) {
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
		if e == k.kind[c] {
			continue
		}
		k.kind[c], k.listedOK = e, false
		bit := uint64(1) << uint(c)
		k.plain &^= bit
		k.listed &^= bit
		switch e {
		case kindMortgage:
			k.plain |= bit
			k.listed |= bit
		case kindSellMort:
			k.listed |= bit
		}
	}
}
