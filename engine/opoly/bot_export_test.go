package opoly

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
