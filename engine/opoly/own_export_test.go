package opoly

// OwnView is g's own view of seat (Game.ownView).
func OwnView(g *Game, seat int) *View { return g.ownView(seat) }

// MortgagesOf is v.mortgagesOf(seat).
func MortgagesOf(v *View, seat int) (int, bool) { return v.mortgagesOf(seat) }

// OutSeats is outSeats(v).
func OutSeats(v *View) uint64 { return outSeats(v) }
