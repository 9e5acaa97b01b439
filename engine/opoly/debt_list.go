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
			down := hi < top || !sup
			if !down {
				if free < 0 {
					free, _ = g.free()
				}
				down = free >= top-1
			}
			if !down {
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
