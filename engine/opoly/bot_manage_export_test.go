package opoly

import "boardroom/engine"

// ManageOrSkip is, for a fresh bot of seat reading its lent view v in its
// turn in game g (ok false elsewhere), whether the bot skips its builds
// and lifts unread (skipsManage) and what manage chooses from them
// (partBuild), as a bot that reads them.
func ManageOrSkip(g engine.Game, v *View, seat int) (skipped bool, chosen engine.Action, ok bool) {
	gm, isGame := g.(*Game)
	if !isGame || !gm.partsPhase(seat) || gm.s.Phase == phDebt || gm.s.Phase == phTrade {
		return false, nil, false
	}
	b := newBot(seat, 0)
	b.res = -1
	skipped = b.skipsManage(v)
	b.res = -1
	return skipped, b.manage(v, gm.legalPart(seat, partBuild)), true
}

// LeastLifts returns a function that reports the least lift (leastLift)
// one bot works out for the ruleset it is given, each time, and the least
// LiftCost of a property of it, walked.
func LeastLifts() func(rs *Ruleset) (kept, walked int64) {
	b := newBot(0, 0)
	return func(rs *Ruleset) (kept, walked int64) {
		least := int64(-1)
		for c := range rs.Board.Cells {
			if rs.Board.Cells[c].Kind.Property() && (least < 0 || rs.LiftCost(c) < least) {
				least = rs.LiftCost(c)
			}
		}
		return b.leastLift(rs), least
	}
}
