package opoly

import (
	"cmp"
	"slices"

	"boardroom/engine"
)

// accepted lists, with SearchBudget.Accepted, offers of any shape the
// strong bot's proposals (bot_search_cands.go) do not make: the standard
// bot addressed answers by what everyone sees (bot_trade.go: answer), so
// the strong bot can find, as the exploiter seat of the exploiter tests
// does, every swap of at most one property of its own for one or two of
// the other's (two only of one group) that the other accepts, each at the
// least money it accepts. It keeps those that leave it better off by its
// own valuation and its whole reserve (issue 27: no deal below its
// valuation), ranked as the standard bot ranks its own offers (its gain
// less the rival's, weighted), the best n; the playouts tell which, if
// any, is worth making. A refused offer is not made again unimproved
// within 10 rounds, nor one made this turn already.
func (b *strongBot) accepted(v *View, legal []engine.Action, n int) []engine.Action {
	if n <= 0 || find[ProposeTrade](legal) == nil {
		return nil
	}
	type deal struct {
		p     ProposeTrade
		score int64
	}
	var deals []deal
	st := max(v.Rules.Money.Step, 1)
	cash := v.PlayerCash(b.seat)
	spare := cash - b.std.reserve(v)
	gives := append([][]int{nil}, singles(tradeableOf(v, b.seat))...)
	for _, a := range legal {
		t, ok := a.(ProposeTrade)
		if !ok || t.To == b.seat || t.To < 0 || t.To >= v.Seats() || v.PlayerOut(t.To) {
			continue
		}
		to := t.To
		takes := takeable(v, tradeableOf(v, to))
		// what the other side keeps as its reserve, if it pays
		other := newBot(to, 0)
		other.res = -1
		otherSpare := v.PlayerCash(to) - other.reserve(v)
		for _, take := range takes {
			for _, give := range gives {
				o := TradeOffer{From: b.seat, To: to, FromCells: give, ToCells: take}
				e := b.std.tradeDeltas(v, &o) // money 0
				d, tg := e.from, e.to
				if d+tg <= 0 {
					continue // no money makes it good for both
				}
				w := max(e.wTo, answerWeight)
				m := upToStep(max(floorDiv(w*d-100*tg, 100+w)+1, 1-tg), st)
				if m >= d || m > spare || m < 0 && -m > otherSpare {
					continue
				}
				if v.Rules.Trade.NoGifts && len(give) == 0 && m < st {
					continue
				}
				o.Money = m
				if !acceptsOffer(v, &o) {
					continue
				}
				p := ProposeTrade{To: to, Take: take, Money: m}
				if len(give) > 0 {
					p.Give = give
				}
				if b.madeThisTurn(v, p) || b.std.refusedLately(v, to, take, tg+m) {
					continue
				}
				deals = append(deals, deal{p, d - m - e.wFrom*(tg+m)/100})
			}
		}
	}
	slices.SortStableFunc(deals, func(x, y deal) int { return cmp.Compare(y.score, x.score) })
	var out []engine.Action
	for _, d := range deals[:min(len(deals), n)] {
		out = append(out, d.p)
	}
	return out
}

// acceptsOffer reports whether the standard bot of o.To, answering as it
// does (bot_trade.go: answer, which reads only what everyone sees), would
// accept the proposal o.
func acceptsOffer(v *View, o *TradeOffer) bool {
	w := *v
	w.Phase = PhaseTrade
	w.Trade = &TradeView{From: o.From, To: o.To, Offer: o}
	_, ok := newBot(o.To, 0).Choose(&w, []engine.Action{AcceptTrade{}, RejectTrade{}}).(AcceptTrade)
	return ok
}

// singles are the cells as offers of one cell each.
func singles(cells []int) [][]int {
	out := make([][]int, len(cells))
	for i, c := range cells {
		out[i] = []int{c}
	}
	return out
}

// takeable are the shapes of what a trade may ask of the other side: each of
// its tradeable cells alone, and two of one group, in the cells' order.
func takeable(v *View, theirs []int) [][]int {
	var takes [][]int
	for i, c := range theirs {
		takes = append(takes, []int{c})
		for _, d := range theirs[i+1:] {
			if v.Board.Cells[c].Group == v.Board.Cells[d].Group {
				takes = append(takes, []int{c, d})
			}
		}
	}
	return takes
}

// tradeableOf lists seat's properties that may change hands in a trade:
// neither mortgaged nor of a street group with buildings.
func tradeableOf(v *View, seat int) []int {
	var out []int
	for c := range v.Cells {
		st := &v.Cells[c]
		if st.Owner != seat || st.Mortgaged || !v.Board.Cells[c].Kind.Property() {
			continue
		}
		if gi := v.Board.Cells[c].Group; gi >= 0 && v.Board.Groups[gi].Kind == KindStreet && v.groupBuilt(gi) {
			continue
		}
		out = append(out, c)
	}
	return out
}
