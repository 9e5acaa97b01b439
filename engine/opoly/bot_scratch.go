package opoly

import "math/bits"

// The bot's scratch board: the cells of a board it imagines (a purchase, a
// trade carried out), copied from a view where it reads them and changed
// there. Each user copies the cells it reads (a group, the groups of a
// trade, or the whole board), so the other cells may hold what an earlier
// valuation left.

// scratchGroup returns the bot's scratch board with the cells of group gi
// as the view's (the others as they were left).
func (b *bot) scratchGroup(v *View, gi int) []CellState {
	if len(b.scratch) != len(v.Cells) {
		return b.scratchOf(v)
	}
	for _, x := range v.Board.Groups[gi].Cells {
		b.scratch[x] = v.Cells[x]
	}
	return b.scratch
}

// scratchGroups returns the bot's scratch board with the cells of the
// groups in mask groups (bit gi: group gi) as the view's, the others as
// they were left.
func (b *bot) scratchGroups(v *View, groups uint64) []CellState {
	if len(b.scratch) != len(v.Cells) {
		return b.scratchOf(v)
	}
	for gs := groups; gs != 0; gs &= gs - 1 {
		for _, x := range v.Board.Groups[bits.TrailingZeros64(gs)].Cells {
			b.scratch[x] = v.Cells[x]
		}
	}
	return b.scratch
}

// scratchOf returns the bot's scratch copy of the view's cells.
func (b *bot) scratchOf(v *View) []CellState {
	b.scratch = append(b.scratch[:0], v.Cells...)
	return b.scratch
}
