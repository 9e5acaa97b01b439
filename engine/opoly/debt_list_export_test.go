package opoly

import (
	"fmt"
	"math/bits"
	"unsafe"

	"boardroom/engine"
)

// DebtListBoth lists the debtor's sales and mortgages of the debt under
// way both ways, each as its actions and the cells of its Sellable and
// Mortgageable: by debtList (what the debt views read) and as before it,
// from legalManage in a debt and sellsAndMortgages below (the reference).
// ok is false when no debt is under way.
func DebtListBoth(eg engine.Game) (listed, fresh string, ok bool) {
	g := eg.(*Game)
	if len(g.s.Queue) == 0 || g.s.Phase != phDebt {
		return "", "", false
	}
	d := g.s.Queue[0].Debtor
	acts, sell, mort := g.debtList(d, nil, nil, nil)
	listed = fmt.Sprint(acts, sell, mort)
	ref := g.legalManage(d, true, nil)
	rs, rm := sellsAndMortgages(ref, nil, nil)
	return listed, fmt.Sprint(ref, rs, rm), true
}

// sellsAndMortgages appends the cells of a debtor's manage list to sell
// (buildings to sell) and mort (cells to mortgage), in the list's order:
// what the debt views made their Sellable and Mortgageable of before
// debtList made them in the same pass.
func sellsAndMortgages(manage []engine.Action, sell, mort []int) ([]int, []int) {
	for _, a := range manage {
		switch a := a.(type) {
		case SellBuilding:
			sell = append(sell, a.Cell)
		case SellGroupDown:
			if len(sell) == 0 || sell[len(sell)-1] != a.Cell {
				sell = append(sell, a.Cell)
			}
		case Mortgage:
			mort = append(mort, a.Cell)
		case SellAndMortgage:
			mort = append(mort, a.Cell)
		}
	}
	return sell, mort
}

// DebtPartLent reports, for the debtor of the debt under way, whether its
// debt part (partDebt) after its lent view is the lent debt view's own
// list (lent, not copied) and whether that list stays as it was when an
// action is appended to the part; ok is false when no debt is under way.
func DebtPartLent(eg engine.Game) (shared, kept, ok bool) {
	g := eg.(*Game)
	if len(g.s.Queue) == 0 || g.s.Phase != phDebt {
		return false, false, false
	}
	d := g.s.Queue[0].Debtor
	g.PeekView(d) // the lent debt view lists the debtor's list
	part := g.legalPart(d, partDebt)
	m := g.lent.debtBuf.manage // the list the part lends
	if len(part) == 0 || len(m) == 0 {
		return len(part) == len(m), true, true
	}
	shared = &part[0] == &m[0] && len(part) == len(m)
	before := fmt.Sprint(m[:cap(m)])
	_ = append(part, DeclareBankruptcy{})
	return shared, fmt.Sprint(m[:cap(m)]) == before, true
}

// DebtKeptBoth returns, for the debtor of the debt under way, its lent
// debt view's lists (the debt part, Sellable, Mortgageable: made of the
// mortgages kept from step to step, keptMortgages) and the same listed
// afresh by debtList; ok is false when no debt is under way.
func DebtKeptBoth(eg engine.Game) (kept, fresh string, ok bool) {
	g := eg.(*Game)
	if len(g.s.Queue) == 0 || g.s.Phase != phDebt {
		return "", "", false
	}
	d := g.s.Queue[0].Debtor
	dv := engine.ViewOf[View](g.PeekView(d)).Debt
	// and the cells of its plain mortgages (debtKept.plain, which the
	// debtor's bot reads: lentDebtList) against the list's Mortgages
	var plain []int
	if k, ok := g.lentDebtList(d); ok && k != nil {
		for m := k.plain; m != 0; m &= m - 1 {
			plain = append(plain, bits.TrailingZeros64(m))
		}
	}
	kept = fmt.Sprint(g.legalPart(d, partDebt), dv.Sellable, dv.Mortgageable, plain)
	acts, sell, mort := g.debtList(d, nil, nil, nil)
	if len(sell) == 0 {
		sell = nil // as the view leaves none
	}
	if len(mort) == 0 {
		mort = nil
	}
	var mortgages []int
	for _, a := range acts {
		if m, ok := a.(Mortgage); ok && g.rs.Mortgage.Allowed {
			mortgages = append(mortgages, m.Cell)
		}
	}
	return kept, fmt.Sprint(acts, sell, mort, mortgages), true
}

// LentDebtLists returns where the lists of the game's lent debt view live
// (the debtor's actions, Sellable, and the kept mortgages and their
// cells), ok when a debt is under way and a lent view shows it.
func LentDebtLists(eg engine.Game) (at [4]*byte, ok bool) {
	g := eg.(*Game)
	if len(g.s.Queue) == 0 || g.s.Phase != phDebt || g.lent == nil || g.lent.debtVer != g.pub.ver {
		return at, false
	}
	b := &g.lent.debtBuf
	at[0] = (*byte)(unsafe.Pointer(unsafe.SliceData(b.manage)))
	at[1] = (*byte)(unsafe.Pointer(unsafe.SliceData(b.sell)))
	at[2] = (*byte)(unsafe.Pointer(unsafe.SliceData(b.kept.acts)))
	at[3] = (*byte)(unsafe.Pointer(unsafe.SliceData(b.kept.cells)))
	return at, true
}

// DebtSalesBoth returns, when seat is the debtor of the debt under way and
// its lent debt view's lists are of the current state (lentDebtList: as
// its bot's own view leaves them), the sales its bot reads
// (lentDebtSales, listed when first read) and debtSales' list made
// afresh; ok is false otherwise.
func DebtSalesBoth(eg engine.Game, seat int) (lazy, fresh string, ok bool) {
	g := eg.(*Game)
	if _, ok := g.lentDebtList(seat); !ok {
		return "", "", false
	}
	lazy = fmt.Sprint(g.lentDebtSales())
	acts, _ := g.debtSales(seat, nil, nil)
	return lazy, fmt.Sprint(acts), true
}

// DebtSaleBoth returns the sale a debtor's bot in seat would pick without
// listing the sales (debtSale) and the one its loops over debtSales' list
// picked (the first SellBuilding of the largest refund, else the first
// SellGroupDown, else none), in the current state, a debt's or not.
func DebtSaleBoth(eg engine.Game, seat int) (direct, listed engine.Action) {
	g := eg.(*Game)
	sales, _ := g.debtSales(seat, nil, nil)
	var sellV int64
	for _, a := range sales {
		if x, ok := a.(SellBuilding); ok {
			if r := g.rs.SellRefund(x.Cell); listed == nil || r > sellV {
				listed, sellV = a, r
			}
		}
	}
	if listed == nil {
		for _, a := range sales {
			if _, ok := a.(SellGroupDown); ok {
				listed = a
				break
			}
		}
	}
	return g.debtSale(seat), listed
}
