package opoly

// Collecting from every other player in a game without liquidation
// (Technopoly's Tech News N12, Crowdfunding success, G001-07 as amended):
// first every player who can pay in full pays the drawer, in play order;
// then each player who cannot is bankrupt to the drawer (their cash goes
// to the drawer), and the game ends once, as at any bankruptcy, or
// finishes the round (G001-09). Collecting in play order and stopping at
// the first player short would leave the players after them unasked.

// collectEachFirst makes every other player still in pay amount to seat.
func (g *Game) collectEachFirst(seat int, amount int64, why string) {
	s := g.s
	var short []int
	g.eachOther(seat, func(o int) {
		if s.Players[o].Cash >= amount {
			g.move(o, seat, amount, "payment", why)
		} else {
			short = append(short, o)
		}
	})
	if len(short) == 0 {
		return
	}
	g.holdEnd = true // one end of the game for all of them, after the last
	for _, o := range short {
		g.emitSaid("debt", func() string {
			return who(o) + " owes " + who(seat) + " " + g.money(amount) + " (" + why + ") and cannot pay it."
		})
		g.bankrupt(o, []Owed{{Seat: seat, Amount: amount}}, false)
	}
	g.holdEnd = false
	if g.rs.End.FirstBankruptcy {
		g.bankruptEnds(short...)
	}
}
