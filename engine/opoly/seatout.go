package opoly

// Out implements engine.SeatsOut: the seat resigned or went bankrupt.
func (g *Game) Out(seat int) bool {
	return seat >= 0 && seat < len(g.s.Players) && g.s.Players[seat].Out
}
