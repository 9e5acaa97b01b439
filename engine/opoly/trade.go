package opoly

import (
	"strings"

	"boardroom/engine"
)

// Trades between players (MF-9, R004-12, A004-03, A004-06, A004-08, A004-09).

// canPropose reports whether seat may make a proposal now: its own turn
// (pre-roll, post-roll or its own debt), below the per-turn limit.
func (g *game) canPropose(seat int) bool {
	s := g.s
	if !g.rs.TradesAllowed || s.Trades >= g.rs.MaxTradesPerTurn || seat != g.active() {
		return false
	}
	switch s.Phase {
	case phRoll, phPostRoll:
		return true
	case phDebt:
		return s.Queue[0].Debtor == seat
	}
	return false
}

// checkOffer validates an offer's contents against the current state.
func (g *game) checkOffer(o *TradeOffer) error {
	s := g.s
	if o.To < 0 || o.To >= len(s.Players) || o.To == o.From || s.Players[o.To].Out {
		return engine.Errf(engine.CodeIllegal, "Choose another player still in the game.")
	}
	if len(o.FromCells)+len(o.ToCells)+len(o.FromCards)+len(o.ToCards) == 0 {
		return engine.Errf(engine.CodeIllegal, "At least one property or card must change hands.")
	}
	var seen [MaxCells]bool
	for side, cells := range [2][]int{o.FromCells, o.ToCells} {
		owner := o.From
		if side == 1 {
			owner = o.To
		}
		for _, c := range cells {
			if !g.validCell(c) || seen[c] || s.Cells[c].Owner != owner {
				return engine.Errf(engine.CodeIllegal, "%s does not own every property listed.", who(owner))
			}
			seen[c] = true
		}
	}
	for side, decks := range [2][]int{o.FromCards, o.ToCards} {
		owner := o.From
		if side == 1 {
			owner = o.To
		}
		var used [8]bool
		for _, d := range decks {
			if d < 0 || d >= len(used) || used[d] || !g.holds(owner, d) {
				return engine.Errf(engine.CodeIllegal, "%s does not hold every card listed.", who(owner))
			}
			used[d] = true
		}
	}
	if o.Money%g.rs.MoneyStep != 0 {
		return engine.Errf(engine.CodeIllegal, "Money moves in steps of %s.", g.money(g.rs.MoneyStep))
	}
	if o.Money > s.Players[o.From].Cash || -o.Money > s.Players[o.To].Cash {
		return engine.Errf(engine.CodeIllegal, "Nobody can pay more money than they have.")
	}
	return nil
}

func (g *game) holds(seat, deck int) bool {
	for _, c := range g.s.Players[seat].Cards {
		if c.Deck == deck {
			return true
		}
	}
	return false
}

func offerOf(from int, a ProposeTrade) TradeOffer {
	return TradeOffer{From: from, To: a.To, FromCells: a.Give, ToCells: a.Take, FromCards: a.GiveCards, ToCards: a.TakeCards, Money: a.Money}
}

func counterOffer(from, to int, a CounterTrade) TradeOffer {
	return TradeOffer{From: from, To: to, FromCells: a.Give, ToCells: a.Take, FromCards: a.GiveCards, ToCards: a.TakeCards, Money: a.Money}
}

// propose records a pending offer; its contents are private to both parties.
func (g *game) propose(o TradeOffer, counter bool, ret phase) {
	s := g.s
	o.FromCells, o.ToCells = clone(o.FromCells), clone(o.ToCells)
	o.FromCards, o.ToCards = clone(o.FromCards), clone(o.ToCards)
	s.Trade = &pendingTrade{Offer: o, Counter: counter, Return: ret}
	s.Phase = phTrade
	verb := " proposed a trade to "
	if counter {
		verb = " made a counter-proposal to "
	}
	g.ev = append(g.ev, engine.Event{Kind: "trade_proposed",
		Text: who(o.From) + verb + who(o.To) + ": " + g.describe(&o) + ".", To: []int{o.From, o.To},
		Redacted: who(o.From) + verb + who(o.To) + "."})
}

// describe writes an offer's contents.
func (g *game) describe(o *TradeOffer) string {
	var sb strings.Builder
	side := func(seat int, cells, cards []int) {
		sb.WriteString(who(seat) + " gives ")
		n := 0
		for _, c := range cells {
			if n > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(g.rs.Board.Cells[c].Name)
			if g.s.Cells[c].Mortgaged {
				sb.WriteString(" (mortgaged)")
			}
			n++
		}
		for _, d := range cards {
			if n > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("a Get Out of Jail Free card (" + g.rs.Board.Decks[d].Name + ")")
			n++
		}
		if n == 0 {
			sb.WriteString("nothing")
		}
	}
	side(o.From, o.FromCells, o.FromCards)
	if o.Money > 0 {
		sb.WriteString(" and " + g.money(o.Money))
	}
	sb.WriteString("; ")
	side(o.To, o.ToCells, o.ToCards)
	if o.Money < 0 {
		sb.WriteString(" and " + g.money(-o.Money))
	}
	return sb.String()
}

// execute carries out an accepted offer: group buildings are sold first
// (A004-03), then properties (mortgaged ones stay mortgaged, no fee:
// A004-06), cards and money move at once.
func (g *game) execute(o *TradeOffer) {
	g.emit("trade_accepted", who(o.To)+" accepted the trade with "+who(o.From)+": "+g.describe(o)+".")
	if g.rs.TradeClearsGroups {
		var done [MaxCells]bool
		for _, cells := range [2][]int{o.FromCells, o.ToCells} {
			for _, c := range cells {
				gi := g.rs.Board.Cells[c].Group
				if g.rs.Board.Cells[c].Kind == KindStreet && !done[gi] {
					done[gi] = true
					g.clearGroup(gi, "a street of the group is traded")
				}
			}
		}
	}
	for _, c := range o.FromCells {
		g.wcell(c).Owner = o.To
	}
	for _, c := range o.ToCells {
		g.wcell(c).Owner = o.From
	}
	g.moveCards(o.From, o.To, o.FromCards)
	g.moveCards(o.To, o.From, o.ToCards)
	if o.Money > 0 {
		g.move(o.From, o.To, o.Money, "trade", "trade")
	} else {
		g.move(o.To, o.From, -o.Money, "trade", "trade")
	}
}

func (g *game) moveCards(from, to int, decks []int) {
	for _, d := range decks {
		pf := &g.s.Players[from]
		for i, c := range pf.Cards {
			if c.Deck == d {
				pf.Cards = append(pf.Cards[:i:i], pf.Cards[i+1:]...)
				g.s.Players[to].Cards = append(g.s.Players[to].Cards, c)
				break
			}
		}
	}
}

// answer ends a pending trade and returns to the proposer's phase.
func (g *game) endTrade() {
	s := g.s
	ret := s.Trade.Return
	s.Trade = nil
	s.Phase = ret
	if ret == phDebt {
		g.proceed()
	}
}

// tradeTemplates appends one valid ProposeTrade template per partner.
func (g *game) tradeTemplates(seat int, out []engine.Action) []engine.Action {
	s := g.s
	var first [MaxSeats]int // each seat's first property (published cells)
	for i := range s.Players {
		first[i] = -1
		if p := g.pub.props[i]; len(p) > 0 {
			first[i] = p[0]
		}
	}
	for q := range s.Players {
		if q == seat || s.Players[q].Out {
			continue
		}
		k := tplKey{min: -s.Players[q].Cash, max: s.Players[seat].Cash}
		switch {
		case first[q] >= 0:
			k.what, k.x = tplTake, first[q]
		case first[seat] >= 0:
			k.what, k.x = tplGive, first[seat]
		case len(s.Players[seat].Cards) > 0:
			k.what, k.x = tplGiveCard, s.Players[seat].Cards[0].Deck
		case len(s.Players[q].Cards) > 0:
			k.what, k.x = tplTakeCard, s.Players[q].Cards[0].Deck
		default:
			continue
		}
		c := &g.tpl[seat][q]
		if c.a == nil || c.key != k {
			c.key, c.a = k, k.template(q)
		}
		out = append(out, c.a)
	}
	return out
}

// tplKey is what a listed ProposeTrade template holds besides its partner:
// which one asset moves, and the money bounds. tradeTemplates keeps the last
// template it listed per proposer and partner and lists the same
// (immutable) value again while its key is unchanged, which saves boxing a
// large struct on every call.
type tplKey struct {
	what     uint8
	x        int // a cell or a deck
	min, max int64
}

type tplCache struct {
	key tplKey
	a   engine.Action
}

const (
	tplTake uint8 = iota
	tplGive
	tplGiveCard
	tplTakeCard
)

func (k tplKey) template(to int) engine.Action {
	t := ProposeTrade{To: to, min: k.min, max: k.max}
	switch k.what {
	case tplTake:
		t.Take = oneCell[k.x]
	case tplGive:
		t.Give = oneCell[k.x]
	case tplGiveCard:
		t.GiveCards = oneCell[k.x]
	default:
		t.TakeCards = oneCell[k.x]
	}
	return t
}

// counterTemplate is the pending offer sent back, with money as the parameter.
func (g *game) counterTemplate() CounterTrade {
	s := g.s
	o := &s.Trade.Offer
	return CounterTrade{Give: clone(o.ToCells), Take: clone(o.FromCells), GiveCards: clone(o.ToCards), TakeCards: clone(o.FromCards),
		Money: -o.Money, min: -s.Players[o.From].Cash, max: s.Players[o.To].Cash}
}

func clone(x []int) []int {
	if len(x) == 0 {
		return nil
	}
	return append([]int(nil), x...)
}
