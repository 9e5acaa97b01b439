package live

import (
	"boardroom/lobby/tables"
)

// RematchLocked is the finished table's rematch (tables.Rematch), made at
// the first answer or look.
func (t *Table) RematchLocked() *tables.Rematch {
	if t.Rematch == nil {
		t.Rematch = tables.NewRematch()
	}
	return t.Rematch
}

// RematchSeatsLocked lists the accounts of the finished table in seat
// order, each once: who accepted (bots always have) and who has not.
func (t *Table) RematchSeatsLocked() (accepted, pending []int64) {
	return t.RematchLocked().Seats(t.playSeats())
}
