package opoly

import "boardroom/engine"

// ManageBothWays lists seat's build, sell and mortgage actions (legalManage)
// twice: as Legal does, from the game's kept summaries (the street groups
// each seat owns whole, the seat's mortgage actions of the cells' version),
// and from summaries made again from the cells.
func ManageBothWays(eg engine.Game, seat int, debt bool) (kept, fresh []engine.Action) {
	g := eg.(*Game)
	kept = g.legalManage(seat, debt, nil)
	savedFull, savedMort := g.pub.fullOf, g.mortBuf[seat]
	g.pub.fullOf = [MaxSeats]uint64{}
	for gi := range g.rs.Board.Groups {
		if o := g.pub.grp[gi].owner; g.rs.Board.Groups[gi].Kind == KindStreet && o >= 0 && o < MaxSeats {
			g.pub.fullOf[o] |= 1 << uint(gi)
		}
	}
	g.mortBuf[seat] = mortList{}
	fresh = g.legalManage(seat, debt, nil)
	g.pub.fullOf, g.mortBuf[seat] = savedFull, savedMort
	return kept, fresh
}

// SupplyBothWays returns the Supply a game looks up once (supply) and its
// ruleset's.
func SupplyBothWays(eg engine.Game) (kept, rules *Supply) {
	g := eg.(*Game)
	return g.supply(), g.rs.Supply()
}
