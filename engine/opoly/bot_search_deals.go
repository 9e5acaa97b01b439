package opoly

import "boardroom/engine"

// The strong bot's own side of trades beyond the standard bot's: counter-
// proposals to the offers it receives. The standard bot offers, for the
// street that completes one of its groups, the least it thinks the other
// side should accept and raises its offer over its next turns; it would
// pay more at once. The strong bot answers with the same assets for the
// most money the proposer still accepts by the standard bot's own answer
// (bot_trade.go: answer), which it can compute, since that answer depends
// only on what everyone sees. The playouts then compare accepting,
// refusing and countering as for every other candidate.

// counters are counter-proposals to the trade offered to the bot: the same
// assets with the money the proposer would still accept at its limit, and
// half-way from its offer to that limit. None when the offer is already
// at the proposer's limit or the rules allow no counter.
func (b *strongBot) counters(v *View, legal []engine.Action) []engine.Action {
	t, ok := find[CounterTrade](legal).(CounterTrade)
	if !ok || v.Trade == nil || v.Trade.Offer == nil {
		return nil
	}
	p := v.Trade.Offer.From
	if p < 0 || p >= v.Seats() || p == b.seat {
		return nil
	}
	least, ok := b.proposerLimit(v, p, &t)
	if !ok {
		return nil
	}
	par := t.Param()
	// t.Money is the offer sent back as it was; money is what the bot
	// pays (negative: what it receives), so less is better for it
	least = max(least, par.Min)
	if least >= t.Money || least > par.Max {
		return nil
	}
	out := []engine.Action{t.With(least)}
	if mid := upToStep(least+(t.Money-least)/2, par.Step); mid > least && mid < t.Money {
		out = append(out, t.With(mid))
	}
	return out
}

// proposerLimit is the least money the bot can pay (the most it can ask
// for) in the counter-proposal t to proposer p such that p, answering as
// the standard bot does, accepts: p's gain by its valuation must be
// positive and outweigh the bot's gain weighted by p's rival weight (at
// least answerWeight), and what p pays must leave it its reserve.
func (b *strongBot) proposerLimit(v *View, p int, t *CounterTrade) (int64, bool) {
	o := TradeOffer{From: b.seat, To: p, FromCells: t.Give, ToCells: t.Take, FromCards: t.GiveCards, ToCards: t.TakeCards}
	e := b.std.tradeDeltas(v, &o) // money 0: e.from is the bot's gain D, e.to p's gain T
	if e.from+e.to <= 0 {
		return 0, false // no money makes it good for both
	}
	// p accepts money m (paid by the bot) when T+m > 0 and
	// 100(T+m) > w(D-m), that is m > (wD-100T)/(100+w)
	w := max(e.wTo, answerWeight)
	least := floorDiv(w*e.from-100*e.to, 100+w) + 1
	least = max(least, 1-e.to)
	// p pays -m when m < 0 and keeps its reserve
	std := newBot(p, 0)
	std.res = -1
	if spare := v.PlayerCash(p) - std.reserve(v); least < 0 && -least > spare {
		least = -spare
		if spare < 0 {
			least = 0
		}
	}
	least = upToStep(least, v.Rules.Money.Step)
	// check the limit with p's own answer, in case of rounding
	o.Money = least
	if !acceptsAsStandard(v, p, &o) {
		return 0, false
	}
	return least, true
}

// acceptsAsStandard reports whether seat p, answering as the standard bot
// does (bot_trade.go: answer, which reads only what everyone sees), would
// accept the counter-proposal o addressed to it.
func acceptsAsStandard(v *View, p int, o *TradeOffer) bool {
	w := *v
	w.Trade = &TradeView{From: o.From, To: p, Counter: true, Offer: o}
	_, ok := newBot(p, 0).Choose(&w, []engine.Action{AcceptTrade{}, RejectTrade{}}).(AcceptTrade)
	return ok
}

// floorDiv is a/b rounded down (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// upToStep rounds x up to a multiple of step (step <= 1: x).
func upToStep(x, step int64) int64 {
	if step <= 1 {
		return x
	}
	if r := ((x % step) + step) % step; r != 0 {
		x += step - r
	}
	return x
}
