package opoly

// rentOf is the rent a non-owner pays on landing on cell c (MF-5, G004-02,
// G004-03) for dice total dice: 0 if the cell is unowned or mortgaged.
func rentOf(rs *Ruleset, cells []CellState, c, dice int) int64 {
	st := cells[c]
	if st.Owner == Bank || st.Mortgaged {
		return 0
	}
	cell := &rs.Board.Cells[c]
	grp := &rs.Board.Groups[cell.Group]
	switch cell.Kind {
	case KindStreet:
		if st.Level > 0 {
			return cell.Rents[st.Level]
		}
		for _, o := range grp.Cells {
			if cells[o].Owner != st.Owner { // mortgaged streets count as owned
				return cell.Rents[0]
			}
		}
		m := rs.Buildings.FullGroupMultiplier
		if m < 1 {
			m = 1
		}
		return cell.Rents[0] * m
	case KindCounted:
		return cell.Rents[ownedIn(cells, grp, st.Owner)-1]
	case KindDice:
		return cell.Rents[ownedIn(cells, grp, st.Owner)-1] * int64(dice)
	}
	return 0
}

// ownedIn counts the cells of grp that seat owns (mortgaged or not).
func ownedIn(cells []CellState, grp *Group, seat int) int {
	n := 0
	for _, o := range grp.Cells {
		if cells[o].Owner == seat {
			n++
		}
	}
	return n
}

// groupOwner returns the seat owning every cell of group gi, or Bank.
func groupOwner(cells []CellState, grp *Group) int {
	o := cells[grp.Cells[0]].Owner
	for _, c := range grp.Cells[1:] {
		if cells[c].Owner != o {
			return Bank
		}
	}
	return o
}

// groupSummary is groupOwner and groupLevels of grp in one walk.
func groupSummary(cells []CellState, grp *Group) groupState {
	first := &cells[grp.Cells[0]]
	gs := groupState{owner: first.Owner, lo: first.Level, hi: first.Level, mort: first.Mortgaged}
	for _, c := range grp.Cells[1:] {
		st := &cells[c]
		if st.Owner != gs.owner {
			gs.owner = Bank // and stays the bank's: another owner differs from it too
		}
		gs.lo, gs.hi = min(gs.lo, st.Level), max(gs.hi, st.Level)
		gs.mort = gs.mort || st.Mortgaged
	}
	return gs
}

// groupLevels returns the lowest and highest building level of a group and
// whether any cell of it is mortgaged.
func groupLevels(cells []CellState, grp *Group) (lo, hi int, mortgaged bool) {
	lo = 1 << 30
	for _, c := range grp.Cells {
		st := &cells[c]
		lo, hi = min(lo, st.Level), max(hi, st.Level) // branch-free
		mortgaged = mortgaged || st.Mortgaged
	}
	return lo, hi, mortgaged
}
