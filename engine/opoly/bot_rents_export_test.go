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
