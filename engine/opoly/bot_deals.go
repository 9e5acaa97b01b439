package opoly

import "boardroom/engine"

// The bot's other dealings with the other players (trades are in
// bot_trade.go): takeovers. Its valuations of assets offered against a
// debt are Projectopoly's advice (projectopoly/bot.go).

// takeover asks, at most once a turn, for a start-up that gives the bot the
// majority of a field it has a foot in (or completes it), when the
// takeover price leaves its reserve.
func (b *bot) takeover(v *View, legal []engine.Action) engine.Action {
	key := v.Round*MaxSeats + v.Active
	if key == b.askKey {
		return nil
	}
	cash := v.Players[b.seat].Cash
	if b.own != nil {
		if a := b.own.handover(b, v, legal); a != nil {
			b.askKey = key
			return a
		}
	}
	for _, a := range legal {
		r, ok := a.(RequestTakeover)
		if !ok {
			continue
		}
		grp := &v.Board.Groups[v.Board.Cells[r.Cell].Group]
		mine := 0
		for _, c := range grp.Cells {
			if v.Cells[c].Owner == b.seat {
				mine++
			}
		}
		if mine > 0 && 2*(mine+1) > len(grp.Cells) && cash-v.Rules.TakeoverPrice(r.Cell) >= b.reserve(v) {
			b.askKey = key
			return a
		}
	}
	return nil
}

// answerTakeover approves a takeover that costs the bot no prospect of its
// own: it holds no other start-up of that field. It does not complete a
// rival's field until the game has gone on long (round 40): the 20%
// mark-up is worth far less than the double fees and staff the field then
// earns against the bot. (It used to do so for a poorer buyer; but the
// first player, who has the first pick of the free start-ups, is the
// richer owner more often: in two-player games it approved 31% of such
// requests, the second player 19%, so rivals completed their fields with
// its start-ups and it won 44-46% of the games; see technopoly/NOTES.md,
// "Turn-order balance".)
func (b *bot) answerTakeover(v *View, o *TradeOffer) engine.Action {
	if len(o.ToCells) != 1 || b.own != nil && b.own.keep {
		return DenyTakeover{}
	}
	c := o.ToCells[0]
	grp := &v.Board.Groups[v.Board.Cells[c].Group]
	buyer := 0
	for _, x := range grp.Cells {
		switch v.Cells[x].Owner {
		case b.seat:
			if x != c {
				return DenyTakeover{}
			}
		case o.From:
			buyer++
		}
	}
	if buyer == len(grp.Cells)-1 && v.Round < 40 {
		return DenyTakeover{} // no rival's field completed early on
	}
	return ApproveTakeover{}
}
