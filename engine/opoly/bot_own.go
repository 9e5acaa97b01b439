package opoly

import "boardroom/engine"

// ownDeals are the strong bot's own rules for takeovers (Technopoly),
// where the standard bot is easy to take from and gives too much away.
// The standard owner hands over any start-up of a field it holds nothing
// else in (technopoly/bot.go, answerTakeover), so start-ups held one to a
// field are there for the asking at 120% of their price: the strong bot gathers
// them, every turn it can keep its reserve, and so holds the majority of
// fields and completes them from the bank, while the others are left with
// fewer start-ups to complete theirs with. It hands over none of its own:
// each one it keeps may complete one of its fields or block a rival's, and
// the 20% mark-up is worth far less. Measured with no search, one such
// bot against three standard bots, 1,000 four-player Technopoly games: the
// standard rules 23.8% of the wins, refusing alone 28.1%, asking alone
// 31.6%, both 46.6%; asking only in fields it already holds a start-up of
// (as the standard bot does) 25.9%.
type ownDeals struct {
	keep bool // deny every takeover request
	ask  bool // ask for start-ups their standard owner would hand over
}

// askAgain is how many rounds the bot waits before it asks again for a
// start-up it was refused (the trades' wait, offerWait in bot_trade.go).
const askAgain = 10

// strongDeals are the rules the strong bot plays its own seat with, in
// its decisions and in its playouts (each bot its own memory).
func strongDeals() *ownDeals { return &ownDeals{keep: true, ask: true} }

// handover is a takeover request for a start-up whose owner, by the
// standard bot's answer, would hand it over, when the price leaves the
// bot its reserve; nil if there is none.
func (o *ownDeals) handover(b *bot, v *View, legal []engine.Action) engine.Action {
	if !o.ask {
		return nil
	}
	cash := v.Players[b.seat].Cash
	for _, a := range legal {
		r, ok := a.(RequestTakeover)
		if !ok || r.Cell < 0 || r.Cell >= MaxCells {
			continue
		}
		// an owner who refused is not asked for it again for askAgain
		// rounds (the bot's memory of its requests, Advice.Asked)
		if b.asked(v, r.Cell) {
			continue
		}
		if cash-v.Rules.TakeoverPrice(r.Cell) >= b.reserve(v) && handsOver(b, v, b.seat, r.Cell) {
			b.noteAsked(v, r.Cell)
			return a
		}
	}
	return nil
}

// handsOver reports whether the standard bot that owns cell would approve
// seat's request for it (answerTakeover): it holds no other start-up of
// the field, the takeover does not complete seat's field before round
// 40, and the price is worth more to the owner than the start-up, by its
// valuation (which b shares: tradeDeltas values both sides alike); and the
// start-up is worth more than the price to seat.
func handsOver(b *bot, v *View, seat, cell int) bool {
	o := TradeOffer{From: seat, To: v.Cells[cell].Owner, ToCells: []int{cell}, Money: v.Rules.TakeoverPrice(cell)}
	if b.tradeDeltas(v, &o).to <= 0 {
		return false // worse for the owner: the standard bot refuses it
	}
	owner := v.Cells[cell].Owner
	grp := &v.Board.Groups[v.Board.Cells[cell].Group]
	buyer := 0
	for _, x := range grp.Cells {
		switch v.Cells[x].Owner {
		case owner:
			if x != cell {
				return false
			}
		case seat:
			buyer++
		}
	}
	return buyer < len(grp.Cells)-1 || v.Round >= 40
}
