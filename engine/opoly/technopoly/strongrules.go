package technopoly

import (
	"boardroom/engine"
	"boardroom/engine/opoly"
)

// The strong bot's own rules for takeovers, where the standard bot is easy
// to take from and gives too much away. The core's strong bot marks the
// bot of its own seat (opoly.Advice.StrongKeeps, StrongAsks), in its
// decisions and in its playouts, and this advisor plays the rules for it
// (moved here from the core's bot_own.go, issue 26).
//
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
// (as the standard bot does) 25.9%. (Those figures are from before issue
// 27; see handsOver for what changed.)

// handover is a takeover request for a start-up whose owner, by the
// standard bot's answer, would hand it over, when the price leaves the
// bot its reserve; nil if there is none.
func handover(b opoly.Advice, v *opoly.View, legal []engine.Action) engine.Action {
	if !b.StrongAsks() {
		return nil
	}
	cash := v.PlayerCash(b.Seat())
	for _, a := range legal {
		r, ok := a.(opoly.RequestTakeover)
		if !ok || r.Cell < 0 || r.Cell >= opoly.MaxCells {
			continue
		}
		// an owner who refused is not asked for it again for 10 rounds
		// (the bot's memory of its requests, Advice.Asked)
		if b.Asked(v, r.Cell) {
			continue
		}
		if cash-v.Rules.TakeoverPrice(r.Cell) >= b.Reserve(v) && handsOver(b, v, b.Seat(), r.Cell) {
			b.NoteAsked(v, r.Cell)
			return a
		}
	}
	return nil
}

// handsOver reports whether the standard bot that owns cell would approve
// seat's request for it (answerTakeover): it holds no other start-up of
// the field, the takeover does not complete seat's field before round
// 40, and the price is worth more to the owner than the start-up by its
// valuation (which b shares: tradeDeltas values both sides alike); and
// the start-up is worth more than the price to seat. Since issue 27 the
// standard owner hands over only what the price pays for, and the bot
// pays only what a start-up is worth to it: the rules won 45.9% of the
// games before, 25.9% after (1,000 four-player games, no search; the
// standard bot 23.9%; asking also for what the bot values below the
// price, 29.0%); docs/decisions/2026-11-property-bots-not-farmable.md.
func handsOver(b opoly.Advice, v *opoly.View, seat, cell int) bool {
	o := opoly.TradeOffer{From: seat, To: v.Cells[cell].Owner, ToCells: []int{cell}, Money: v.Rules.TakeoverPrice(cell)}
	if mine, owner := b.Values(v, &o); owner <= 0 || mine <= 0 {
		// worse for the owner, who refuses it, or for the bot itself:
		// it pays no more than a start-up is worth to it (issue 27)
		return false
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
