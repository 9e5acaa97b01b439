package opoly

import "boardroom/engine"

// invest lists, with SearchBudget.Invest, what the strong bot may do with
// a complete group that the standard bot leaves as it is because its cash
// is short of its reserve: build into the reserve (the build of the most
// rent that the cash pays at all), or mortgage a property of no group it
// owns whole to pay for the next building while keeping the reserve (the
// standard bot mortgages only to pay a debt). The playouts tell whether
// the risk of a rent it cannot pay costs more than the rent it earns.
func (b *strongBot) invest(v *View, legal []engine.Action) []engine.Action {
	var out []engine.Action
	cash := v.PlayerCash(b.seat)
	res := b.std.reserve(v)
	var all engine.Action
	var allGain int64
	for _, a := range legal {
		x, ok := a.(Build)
		if !ok {
			continue
		}
		cell := &v.Board.Cells[x.Cell]
		lvl := v.Cells[x.Cell].Level
		if lvl+1 >= len(cell.Rents) {
			continue
		}
		if g := cell.Rents[lvl+1] - cell.Rents[lvl]; all == nil || g > allGain {
			all, allGain = a, g
		}
	}
	if all != nil {
		out = append(out, all)
	}
	// the cheapest building of a complete, unmortgaged group below the top
	var need int64 = -1
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		if grp.Kind != KindStreet || groupOwner(v.Cells, grp) != b.seat {
			continue
		}
		lo, _, mort := groupLevels(v.Cells, grp)
		if mort || lo >= v.MaxLevel {
			continue
		}
		for _, c := range grp.Cells {
			if p := v.Board.Cells[c].BuildPrice; v.Cells[c].Level == lo && (need < 0 || p < need) {
				need = p
			}
		}
	}
	if need < 0 || cash-need >= res {
		return out // nothing to build, or the standard bot builds already
	}
	var best engine.Action
	var bestLoss int64
	for _, a := range legal {
		m, ok := a.(Mortgage)
		if !ok {
			continue
		}
		cell := &v.Board.Cells[m.Cell]
		if v.OwnsGroup(b.seat, cell.Group) || cash+cell.Mortgage-need < res {
			continue
		}
		if loss := b.std.marginal(v, m.Cell, b.seat); best == nil || loss < bestLoss {
			best, bestLoss = a, loss
		}
	}
	if best != nil {
		out = append(out, best)
	}
	return out
}
