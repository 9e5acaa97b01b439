package opoly

import "boardroom/engine"

// choices is what the standard bot chooses from: the whole Legal list
// (Choose), or, in a seat's turn, the game it is playing, asked for the
// parts of the list the bot reads (ChooseFrom: legalPart, mayPropose).
// Each step of the bot reads the kinds of actions it considers; a part
// holds them in the order of the whole list, so the bot chooses the same
// action either way.
type choices struct {
	all  []engine.Action // the whole list, once known
	g    *Game           // nil: all is given
	seat int
}

// list returns the whole list.
func (l *choices) list() []engine.Action {
	if l.all == nil && l.g != nil {
		l.all = l.g.Legal(l.seat)
	}
	return l.all
}

// part returns a list that holds part p's actions in their order: the
// part, or the whole list when it is known.
func (l *choices) part(p legalPart) []engine.Action {
	if l.g == nil || l.all != nil {
		return l.list()
	}
	return l.g.legalPart(l.seat, p)
}

// parted reports whether part returns parts (else the whole list).
func (l *choices) parted() bool { return l.g != nil && l.all == nil }

// noBuilds reports that part(partBuild) holds no build or lift (a list
// of parts only: Game.buildsNone).
func (l *choices) noBuilds() bool { return l.parted() && l.g.buildsNone(l.seat) }

// mayPropose reports whether the list holds a ProposeTrade template.
func (l *choices) mayPropose() bool {
	if l.g == nil || l.all != nil {
		for i := len(l.all) - 1; i >= 0; i-- { // templates come last
			if _, ok := l.all[i].(ProposeTrade); ok {
				return true
			}
		}
		return false
	}
	return l.g.mayPropose(l.seat)
}

// ChooseFrom implements engine.LazyChooser: in its own turn (phases buy,
// post-roll and roll) the bot reads the parts of its Legal list it
// considers (builds and lifts, its turn's own actions, whether it may
// propose a trade) rather than the whole list, long with sales,
// mortgages and trade templates; in a debt its sales, mortgages and the
// mechanisms' ways out, not the trade templates; answering a trade, accept
// and reject, not the counter-offer templates (a takeover: the
// mechanism's answers, which its advisor does not read). A bidder's list
// is made without the game's buffer for it (its bid template and the
// resignation). Elsewhere, and with another game, it chooses from the
// whole list (as do its advisors, Advice.Legal).
//
// With its own game the bot reads its seat's own view (Game.ownView: the
// players read in place) rather than view, which may then be nil
// (ReadsGame).
func (b *bot) ChooseFrom(view engine.View, src engine.LegalSource, seat int) engine.Action {
	g, ok := src.(*Game)
	if !ok || seat != b.seat || uint(seat) >= uint(len(g.s.Players)) {
		if view == nil && ok {
			view = g.PeekView(seat)
		}
		return b.Choose(view, src.Legal(seat))
	}
	view = g.ownView(seat)
	if !g.partsPhase(seat) {
		if g.s.Phase != phAuction || !g.awaits(seat) {
			return b.Choose(view, src.Legal(seat))
		}
		// A bidder's Legal list (Game.legal) is its bid template and the
		// resignation, made here without the list's buffer and checks.
		b.bidList = [2]engine.Action{g.boxedBid(seat), Resign{}}
		a := b.Choose(view, b.bidList[:])
		b.bidList = [2]engine.Action{}
		return a
	}
	b.cur = choices{g: g, seat: seat}
	a := b.choose(view)
	b.cur = choices{}
	return a
}

// ReadsGame implements engine.GameReader: with a property game the bot
// reads its own view from the game (ChooseFrom), so it needs none handed.
func (b *bot) ReadsGame(src engine.LegalSource) bool {
	_, ok := src.(*Game)
	return ok
}
