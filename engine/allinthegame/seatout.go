package allinthegame

// Out implements engine.SeatsOut: the seat resigned.
func (g *Game) Out(seat int) bool {
	return seat >= 0 && seat < len(g.s.Out) && g.s.Out[seat]
}
