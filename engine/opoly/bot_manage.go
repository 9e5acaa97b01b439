package opoly

import "boardroom/engine"

// skipsManage reports that manage would choose none of the seat's builds
// and lifts, whatever they are, so that the bot need not ask for them
// (partBuild): on a lent view, when the seat's cash leaves less than the
// least the reserve can be (leastReserve) after the cheapest build of the
// board, and less than twice that plus 200 after lifting any of its
// mortgages (mayLift). A build is listed only on a street of a group the
// seat owns whole (legalBuilds) and a lift only of a mortgaged property
// of its own (legalLifts), so asking for the list (about 280 instructions
// a step that lists any, and then the reserve's nearest charges) tells
// nothing more then. Half the steps that list a build or lift in Unipoly
// and Projectopoly are such, mostly of a bot that built down to its
// reserve.
//
// Otherwise it asks the same of the reserve itself, which manage would
// work out first (and the turn's other steps read, kept for the Choose):
// manage builds only what leaves the reserve, and lifts only what leaves
// twice the reserve and 200 (Projectopoly 3.071 -> 3.055 M instructions
// a game; Unipoly's bots are skipped by the least reserve already).
func (b *bot) skipsManage(v *View) bool {
	cash := v.PlayerCash(b.seat)
	if v.CellsVersion == b.leastVer && v.CellsVersion != 0 && v.Rules == b.scaleRules && v.Board == b.scaleBoard || b.leastReserve(v) {
		if cash-b.minBuild < b.least && !b.mayLift(v, cash, b.least) {
			return true
		}
	}
	res := b.reserve(v)
	b.scaleOf(v) // b.minBuild of v's board
	return cash-b.minBuild < res && !b.mayLift(v, cash, res)
}

// mayLift reports whether the seat's cash lifts one of its mortgages
// while keeping twice res and 200 (manage's check, with the reserve res).
//
// A bot short of cash for a build is short of it for a lift too: the
// cheapest lift on the board (leastLift), and first that no lift costs
// less than nothing, tell most calls no without a walk over its
// properties.
func (b *bot) mayLift(v *View, cash, res int64) bool {
	if over := cash - (2*res + 200); over < 0 || over < b.leastLift(v.Rules) { // no lift of the board keeps that much
		return false
	}
	if n, ok := v.mortgagesOf(b.seat); ok && n == 0 { // none to lift
		return false
	}
	for _, c := range v.PlayerProps(b.seat) {
		if v.Cells[c].Mortgaged && cash-v.Rules.LiftCost(c) >= 2*res+200 {
			return true
		}
	}
	return false
}

// leastReserve keeps in b.least the least the reserve can be on v's cells
// (reserveOf's with no charge near: 100*scale plus half the highest charge
// of a rival's cell), for skipsManage, and reports whether it did: only
// on a lent view whose highest charges by owner are worked out already
// (farFrom: a step with nothing to build need not work them out).
//
// While the charges of the cells the bot does not own stay as they were
// (only cells of its own changed: its buildings, its mortgages), the
// least reserve is the one kept, whether or not the highest charges are
// worked out yet.
func (b *bot) leastReserve(v *View) bool {
	m := v.lentRents()
	if m == nil || b.seat < 0 || b.seat >= v.Seats() {
		return false
	}
	others := m.others.from(b.seat)
	if b.leastLent && others == b.leastOthers && v.Rules == b.scaleRules && v.Board == b.scaleBoard {
		b.leastVer = v.CellsVersion
		return true
	}
	if m.topVer != m.ver {
		return false
	}
	b.scaleOf(v)
	b.least, b.leastVer = 100*b.scale+m.farFrom(b.seat, v)/2, v.CellsVersion
	b.leastOthers, b.leastLent = others, true
	return true
}

// manage lifts mortgages when rich and builds with the cash above reserve.
func (b *bot) manage(v *View, legal []engine.Action) engine.Action {
	if len(legal) == 0 { // most steps: nothing to build or lift, no reserve to work out
		return nil
	}
	cash := v.PlayerCash(b.seat)
	res := b.reserve(v)
	var best engine.Action
	var bestGain int64
	for _, a := range legal { // one pass: a mortgage to lift comes first
		switch x := a.(type) {
		case Unmortgage:
			if cash-v.Rules.LiftCost(x.Cell) >= 2*res+200 {
				return a
			}
		case Build:
			cell := &v.Board.Cells[x.Cell]
			if cash-cell.BuildPrice < res {
				continue
			}
			lvl := v.Cells[x.Cell].Level
			gain := cell.Rents[lvl+1] - cell.Rents[lvl]
			if best == nil || gain > bestGain {
				best, bestGain = a, gain
			}
		}
	}
	return best
}

// leastLift is the least it costs to lift the mortgage of a property of
// rules' board (Ruleset.LiftCost), kept for the rules and board it was
// worked out for (b.liftRules, b.liftBoard).
func (b *bot) leastLift(rules *Ruleset) int64 {
	if rules != b.liftRules || rules.Board != b.liftBoard {
		least := int64(-1)
		for c := range rules.Board.Cells {
			if rules.Board.Cells[c].Kind.Property() {
				if x := rules.LiftCost(c); least < 0 || x < least {
					least = x
				}
			}
		}
		b.minLift, b.liftRules, b.liftBoard = max(least, 0), rules, rules.Board
	}
	return b.minLift
}
