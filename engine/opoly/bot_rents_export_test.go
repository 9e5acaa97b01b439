package opoly

// RentTables returns the table of charges a bot reads from view v
// (rentTable: the game's, kept up to date by publish, for a lent view) and
// the one computed from v's cells alone, and whether the first is the
// game's.
func RentTables(v *View) (read, fresh [MaxCells]int64, shared bool) {
	var buf [MaxCells]int64
	r := v.rentTable(&buf)
	w := *v
	w.rents = nil
	fresh = *w.rentTable(&buf)
	return *r, fresh, r != &buf
}

// Reserves returns the reserve of every seat as a fresh standard bot
// computes it from view v: from the game's table of charges when v is a
// lent view that lends it (lent true), and from its own copy of the
// charges with the table withheld.
func Reserves(v *View) (read, copied []int64, lent bool) {
	w := *v
	w.rents = nil
	for seat := range v.Players {
		read = append(read, newBot(seat, 0).reserve(v))
		copied = append(copied, newBot(seat, 0).reserve(&w))
	}
	return read, copied, v.lentRents() != nil
}
