package opoly

import (
	"fmt"

	"boardroom/engine"
)

// ApplyValue applies seat's bid or proposal a to g as the game's own loop
// of steps applies a standard bot's (applyBid, applyPropose), after the
// auditor au's Before of it as that loop calls it (botBid, botPropose; au
// nil: none), a not boxed on the way; another action as Apply applies
// it, after the auditor's Before.
func ApplyValue(au engine.Auditor, g engine.Game, seat int, a engine.Action) error {
	gm := g.(*Game)
	switch x := a.(type) {
	case Bid:
		if au != nil {
			au.(*auditor).botBid(gm, seat, x)
		}
		return gm.applyBid(seat, x)
	case ProposeTrade:
		if au != nil {
			au.(*auditor).botPropose(gm, seat, x)
		}
		return gm.applyPropose(seat, x)
	}
	if au != nil { // another action: as the loop applies it, boxed
		au.Before(g, seat, a, true)
	}
	_, err := g.Apply(seat, a)
	return err
}

// AuditState is what auditor au keeps between actions, written out: its
// counts, their reasons, the open request, what Before kept and the seats
// seen as bots.
func AuditState(au engine.Auditor) string {
	a := au.(*auditor)
	return fmt.Sprintf("%+v %v %+v %v %v %v %v", a.n, a.why, a.open, a.kept, a.bot, a.owned, a.cash)
}
