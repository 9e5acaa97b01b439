package opoly

import "boardroom/engine"

// BotMarginal is what the property games' bot of seat values owning cell
// c at, in view v (test hook for the bot's valuation).
func BotMarginal(v View, seat, c int) int64 { return newBot(seat, 1).marginal(&v, c, seat) }

// BotAuctionValue is the most the bot of seat pays for cell c at auction.
func BotAuctionValue(v View, seat, c int) int64 { return newBot(seat, 1).auctionValue(&v, c, seat) }

// BotReserve is the cash the bot of seat keeps, in view v.
func BotReserve(v View, seat int) int64 { b := newBot(seat, 1); b.res = -1; return b.reserve(&v) }

// UnownedOver is unownedOver: whether the bank holds more than n
// properties of v's board.
func UnownedOver(v *View, n int) bool { return unownedOver(v, n) }

// UnownedOverOwn is the bot's unownedOver on seat's own view of game g
// (the published owners' masks), asked of blockedBot (its masks kept from
// board to board), and of a copy of that view whose board makes every
// other property a tax square; ok false for a game that is not a *Game.
// Each with the walk's answer (unownedOver) on the same view.
func UnownedOverOwn(g engine.Game, seat, n int) (own, ownWalk, fewer, fewerWalk bool, ok bool) {
	gm, isGame := g.(*Game)
	if !isGame {
		return false, false, false, false, false
	}
	v := gm.ownView(seat)
	own, ownWalk = blockedBot.unownedOver(v, n), unownedOver(v, n)
	alt := *v
	alt.Board = fewerProps(v.Board)
	fewer, fewerWalk = blockedBot.unownedOver(&alt, n), unownedOver(&alt, n)
	return own, ownWalk, fewer, fewerWalk, true
}

// fewerProps are boards of every other property of a board a tax square.
var fewerProps = func() func(*Board) *Board {
	made := map[*Board]*Board{}
	return func(board *Board) *Board {
		if m := made[board]; m != nil {
			return m
		}
		m := &Board{Cells: append([]Cell(nil), board.Cells...), Groups: board.Groups}
		odd := false
		for c := range m.Cells {
			if m.Cells[c].Kind.Property() {
				if odd {
					m.Cells[c].Kind = KindTax
				}
				odd = !odd
			}
		}
		made[board] = m
		return m
	}
}()

// BotBidPaid is the bid seat's bot (a new one) places in g's auction now,
// and what it then notes it pays if it wins (Advice.Paid) in each of the
// rounds this one and the two after: no Bid in its legal list, ok false.
func BotBidPaid(g engine.Game, seat int) (bid int64, paid [3]int64, ok bool) {
	v := engine.ViewOf[View](g.View(seat))
	for _, a := range g.Legal(seat) {
		if t, isBid := a.(Bid); isBid && v.Auction != nil {
			b := newBot(seat, 1)
			bid = b.bidAmount(v, t)
			for k := range paid {
				later := *v
				later.Round += k
				paid[k] = Advice{b: b}.Paid(&later, v.Auction.Lot)
			}
			return bid, paid, true
		}
	}
	return 0, paid, false
}
