package opoly

// BotMarginal is what the property games' bot of seat values owning cell
// c at, in view v (test hook for the bot's valuation).
func BotMarginal(v View, seat, c int) int64 { return newBot(seat, 1).marginal(&v, c, seat) }

// NewTurn starts seat's turn of round n afresh: before rolling, with no
// trade proposed nor takeover asked for yet (the bot's tests play many
// turns of one player).
func (e *Editor) NewTurn(seat, n int) *Editor {
	e.Round(n).Turn(seat)
	e.g.s.Trades, e.g.s.Asked = 0, nil
	return e
}
