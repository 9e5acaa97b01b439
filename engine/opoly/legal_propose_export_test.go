package opoly

import "boardroom/engine"

// ProposeBothWays is, with every seat's cash set from cash, the seats of
// mask hide shown without properties and those of mask card holding a
// card of deck 1 (all restored after), and the rules' NoGifts, TransferPct
// and Money.Step as given (on a copy of the rules), whether seat may propose a trade worked out without
// an offer (anyUnrejectedTemplate) and by tradeKey (anyTradeTemplate); ok
// is false when an offer was rejected in this turn (mayPropose then asks
// anyTradeTemplate itself).
func ProposeBothWays(eg engine.Game, seat int, cash []int64, hide, card uint8, noGifts bool, transferPct, step int64) (fast, ref, ok bool) {
	g := eg.(*Game)
	if len(g.s.Rejected) > 0 {
		return false, false, false
	}
	was, rs := make([]int64, len(g.s.Players)), *g.rs
	props, cards := g.pub.props, make([][]cardRef, len(g.s.Players))
	for i := range g.s.Players {
		p := &g.s.Players[i]
		was[i], cards[i] = p.Cash, p.Cards
		p.Cash = cash[i%len(cash)]
		if hide&(1<<i) != 0 {
			g.pub.props[i] = nil
		}
		if card&(1<<i) != 0 {
			p.Cards = []cardRef{{Deck: 1}}
		}
	}
	rs.Trade.NoGifts, rs.Mortgage.TransferPct, rs.Money.Step = noGifts, transferPct, step
	kept := g.rs
	g.rs = &rs
	defer func() {
		g.rs, g.pub.props = kept, props
		for i := range g.s.Players {
			g.s.Players[i].Cash, g.s.Players[i].Cards = was[i], cards[i]
		}
	}()
	return g.anyUnrejectedTemplate(seat), g.anyTradeTemplate(seat), true
}
