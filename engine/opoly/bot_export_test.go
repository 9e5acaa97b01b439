package opoly

// BotMarginal is what the property games' bot of seat values owning cell
// c at, in view v (test hook for the bot's valuation).
func BotMarginal(v View, seat, c int) int64 { return newBot(seat, 1).marginal(&v, c, seat) }
