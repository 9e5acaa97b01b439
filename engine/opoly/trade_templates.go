package opoly

import "boardroom/engine"

// The trade templates of a seat's Legal list: one ProposeTrade per partner
// and the CounterTrade of a pending offer, kept per key of what each side
// could trade (tplCache), and the quick check the bots' turn makes
// (anyTradeTemplate) before it asks for the list.

// tradeTemplates appends one valid ProposeTrade template per partner.
func (g *Game) tradeTemplates(seat int, out []engine.Action) []engine.Action {
	s := g.s
	first := g.firstTradeable()
	for q := range s.Players {
		k, ok := g.tradeKey(seat, q, &first)
		if !ok {
			continue
		}
		if g.quiet {
			n := len(s.Players)
			if g.qtpl == nil {
				g.qtpl = make([]quietTpl, n*n)
			}
			out = append(out, g.qtpl[seat*n+q].quietTemplate(k, q))
			continue
		}
		n := len(s.Players)
		if g.tpl == nil {
			g.tpl = make([]tplCache, n*n)
		}
		c := &g.tpl[seat*n+q]
		if c.a == nil || c.key != k {
			c.key, c.a = k, k.template(q)
		}
		out = append(out, c.a)
	}
	return out
}

// anyTradeTemplate reports whether tradeTemplates would list any template
// for seat.
//
// It looks up the first tradeable properties of the seats it asks about
// only (tradeKey reads the partner's, and the seat's when the partner has
// none): the bots' trade search asks at every turn, and the first partner
// asked usually has one.
func (g *Game) anyTradeTemplate(seat int) bool {
	var first [MaxSeats]int
	mine := false // first[seat] looked up
	for q := range g.s.Players {
		if q == seat || g.s.Players[q].Out {
			continue // tradeKey lists none
		}
		if first[q] = g.firstTradeableOf(q); first[q] < 0 && !mine {
			first[seat], mine = g.firstTradeableOf(seat), true
		}
		if _, ok := g.tradeKey(seat, q, &first); ok {
			return true
		}
	}
	return false
}

// firstTradeable is each seat's first tradeable property (published
// cells), -1 for none.
func (g *Game) firstTradeable() [MaxSeats]int {
	var first [MaxSeats]int
	for i := range g.s.Players {
		first[i] = g.firstTradeableOf(i)
	}
	return first
}

// firstTradeableOf is seat i's first tradeable property, -1 for none.
func (g *Game) firstTradeableOf(i int) int {
	for _, c := range g.pub.props[i] {
		if g.tradeable(c) {
			return c
		}
	}
	return -1
}

// tradeKey is the key of seat's template for partner q, and whether there
// is one: one asset (q's first tradeable property, else seat's, else a
// card) and the money bounds.
func (g *Game) tradeKey(seat, q int, first *[MaxSeats]int) (k tplKey, ok bool) {
	s := g.s
	if q == seat || s.Players[q].Out {
		return k, false
	}
	o := TradeOffer{From: seat, To: q}
	switch {
	case first[q] >= 0:
		k.what, k.x = tplTake, first[q]
		o.ToCells = oneCell[k.x]
	case first[seat] >= 0:
		k.what, k.x = tplGive, first[seat]
		o.FromCells = oneCell[k.x]
	case len(s.Players[seat].Cards) > 0:
		k.what, k.x = tplGiveCard, s.Players[seat].Cards[0].Deck
		o.FromCards = oneCell[k.x]
	case len(s.Players[q].Cards) > 0:
		k.what, k.x = tplTakeCard, s.Players[q].Cards[0].Deck
		o.ToCards = oneCell[k.x]
	default:
		return k, false
	}
	if k.min, k.max, ok = g.moneyRange(&o); !ok {
		return k, false
	}
	if k.min, k.max, ok = g.narrow(&o, k.min, k.max); !ok {
		return k, false
	}
	k.step = g.tplStep()
	return k, true
}

// tplKey is what a listed ProposeTrade template holds besides its partner:
// which one asset moves, and the money bounds. tradeTemplates keeps the last
// template it listed per proposer and partner and lists the same
// (immutable) value again while its key is unchanged, which saves boxing a
// large struct on every call.
type tplKey struct {
	what           uint8
	x              int // a cell or a deck
	min, max, step int64
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
	t := ProposeTrade{To: to, Money: max(k.min, min(k.max, 0)), min: k.min, max: k.max, step: int32(k.step)}
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

// counterTemplate is the pending offer sent back, with money as the
// parameter; ok is false when no amount makes it legal. With redeem the
// counter-proposer redeems what it receives under a mortgage (R000-28).
func (g *Game) counterTemplate(redeem bool) (CounterTrade, bool) {
	s := g.s
	o := &s.Trade.Offer
	back := TradeOffer{From: o.To, To: o.From, FromCells: o.ToCells, ToCells: o.FromCells, FromCards: o.ToCards, ToCards: o.FromCards,
		FromRedeems: redeem}
	lo, hi, ok := g.moneyRange(&back)
	if ok {
		lo, hi, ok = g.narrow(&back, lo, hi)
	}
	return CounterTrade{Give: clone(o.ToCells), Take: clone(o.FromCells), GiveCards: clone(o.ToCards), TakeCards: clone(o.FromCards),
		Money: max(lo, min(hi, -o.Money)), Redeem: redeem, min: lo, max: hi, step: g.tplStep()}, ok
}

// tplStep is the Step of trade templates: Money.Step when above 1, else 0
// (any integer), which keeps Unipoly's templates as they were.
func (g *Game) tplStep() int64 {
	if g.rs.Money.Step > 1 {
		return g.rs.Money.Step
	}
	return 0
}
