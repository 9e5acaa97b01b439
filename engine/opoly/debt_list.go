package opoly

import (
	"math/bits"

	"boardroom/engine"
)

// The debtor's list: at every step of a debt the lent debt view lists the
// debtor's sales and mortgages (legalManage in a debt) and, from them, the
// cells its Sellable and Mortgageable name (sellsAndMortgages). A debt
// changes the cells at nearly every step (a sale, a mortgage), so the list
// is made afresh each step; debtList makes the three lists in one pass, as
// legalManage(seat, true) and sellsAndMortgages of it would, without the
// lifts of mortgages legalManage's cached list holds for outside a debt
// (with their costs) and the debt then filters out, and without switching
// on every action's type again for the cells.

// debtList appends to out the actions legalManage(seat, true, out) appends,
// and to sell and mort what sellsAndMortgages of them appends.
func (g *Game) debtList(seat int, out []engine.Action, sell, mort []int) ([]engine.Action, []int, []int) {
	out, sell = g.debtSales(seat, out, sell)
	if !g.rs.Mortgage.Allowed {
		return out, sell, mort
	}
	out, mort = g.debtMortgages(seat, out, mort)
	return out, sell, mort
}

// debtSales appends the sales of buildings legalManage lists for seat in a
// debt, and the cells sellsAndMortgages reads of them.
func (g *Game) debtSales(seat int, out []engine.Action, sell []int) ([]engine.Action, []int) {
	s, b, pub := g.s, g.rs.Board, &g.pub
	if g.rs.Buildings.Sell {
		// supplyAllowsDown of each group's top level, the supply's free
		// units counted once (a sale of a top counts them) and only for a
		// group at the top level of a finite supply
		sup, top, free := g.supply() != nil, g.rs.Buildings.MaxLevel, -1
		for gs := pub.fullOf[seat]; gs != 0; gs &= gs - 1 { // board order
			gi := bits.TrailingZeros64(gs)
			hi := pub.grp[gi].hi
			if hi == 0 {
				continue
			}
			grp := &b.Groups[gi]
			if !g.downAllowed(hi, top, sup, &free) {
				n := len(out)
				out = g.groupDownLevels(grp, hi, out)
				// every SellGroupDown names the group's first cell: it
				// is one cell to sell, as sellsAndMortgages counts it
				if len(out) > n && (len(sell) == 0 || sell[len(sell)-1] != grp.Cells[0]) {
					sell = append(sell, grp.Cells[0])
				}
				continue
			}
			for _, c := range grp.Cells {
				if s.Cells[c].Level == hi {
					out, sell = append(out, boxSell[c]), append(sell, c)
				}
			}
		}
	}
	return out, sell
}

// debtMortgages appends the mortgages legalManage lists for seat in a
// debt, and their cells: listMortgages' entries without the lifts.
func (g *Game) debtMortgages(seat int, out []engine.Action, mort []int) ([]engine.Action, []int) {
	s, b, pub := g.s, g.rs.Board, &g.pub
	// listMortgages' entries without the lifts (a debt lists none)
	for _, c := range pub.props[seat] {
		if s.Cells[c].Mortgaged {
			continue
		}
		gi := b.Cells[c].Group
		switch {
		case b.Groups[gi].Kind != KindStreet || pub.grp[gi].owner != seat || pub.grp[gi].hi == 0:
			out, mort = append(out, boxMortgage[c]), append(mort, c)
		case g.rs.Buildings.Sell:
			out, mort = append(out, boxSellMort[c]), append(mort, c)
		}
	}
	return out, mort
}

// downAllowed is supplyAllowsDown of a group whose highest level is hi,
// for debtSales and debtSale: below the top level, or with no finite
// supply (sup false), always; at the top, when the supply has top-1 units
// free. free is the supply's free units, read on first need (-1 until
// then) and kept for the other groups of the walk.
func (g *Game) downAllowed(hi, top int, sup bool, free *int) bool {
	if hi < top || !sup {
		return true
	}
	if *free < 0 {
		*free, _ = g.free()
	}
	return *free >= top-1
}

// debtSale returns the debtor's bot's choice among the sales debtSales
// lists for seat (raiseKept's, when it has nothing to mortgage): the
// first SellBuilding of the largest refund, else the first SellGroupDown,
// else nil. It walks what debtSales walks without listing: most steps of
// a late debt sell a building, and the list (an action and a cell
// appended for each) was built only to be read once for this.
func (g *Game) debtSale(seat int) engine.Action {
	s, b, pub := g.s, g.rs.Board, &g.pub
	if !g.rs.Buildings.Sell || uint(seat) >= MaxSeats {
		return nil
	}
	sup, top, free := g.supply() != nil, g.rs.Buildings.MaxLevel, -1
	best, bestR := -1, int64(0)
	// downs are the groups listed by their levels (groupDownLevels)
	var downs uint64
	for gs := pub.fullOf[seat]; gs != 0; gs &= gs - 1 { // board order, as listed
		gi := bits.TrailingZeros64(gs)
		hi := pub.grp[gi].hi
		if hi == 0 {
			continue
		}
		if !g.downAllowed(hi, top, sup, &free) {
			downs |= 1 << uint(gi)
			continue
		}
		for _, c := range b.Groups[gi].Cells {
			if s.Cells[c].Level == hi {
				if r := g.rs.SellRefund(c); best < 0 || r > bestR {
					best, bestR = c, r
				}
			}
		}
	}
	if best >= 0 {
		return boxSell[best]
	}
	// groupDownLevels' first entry of the first group that lists one
	if downs != 0 {
		u, _ := g.free()
		for ; downs != 0; downs &= downs - 1 {
			gi := bits.TrailingZeros64(downs)
			grp := &b.Groups[gi]
			for k := min(pub.grp[gi].hi, top) - 1; k >= 0; k-- {
				if g.groupDownUnits(grp, k) <= u {
					return SellGroupDown{Cell: grp.Cells[0], Level: k}
				}
			}
		}
	}
	return nil
}
