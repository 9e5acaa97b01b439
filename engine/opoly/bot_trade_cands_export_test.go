package opoly

import "boardroom/engine"

// ForgetTradeCands drops the trade search's kept candidates of the
// standard bot b (a *bot), so that its next search lists and values them
// afresh; it reports whether b is one.
func ForgetTradeCands(b engine.Bot) bool {
	x, ok := b.(*bot)
	if ok {
		x.cands = tradeCands{}
	}
	return ok
}

// TradeCandsKept reports whether the standard bot b's kept candidates are
// those of view (a search on it would not list them again).
func TradeCandsKept(b engine.Bot, view engine.View) bool {
	x, ok := b.(*bot)
	v := engine.ViewOf[View](view)
	return ok && v != nil && x.cands.valid(v, outSeats(v))
}

// DebtPartFresh returns seat's debt part (partDebt) listed without the
// list the lent debt view kept, copied.
func DebtPartFresh(eg engine.Game, seat int) []engine.Action {
	g := eg.(*Game)
	if l := g.lent; l != nil {
		ver := l.debtBuf.manageVer
		l.debtBuf.manageVer = 0
		defer func() { l.debtBuf.manageVer = ver }()
	}
	return append([]engine.Action(nil), g.legalPart(seat, partDebt)...)
}
