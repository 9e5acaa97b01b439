package tables

import "boardroom/lobby/play"

// Rematch is a finished table's rematch: who accepted, and the new table
// once everyone has. The caller guards it (the table's lock). Bots accept
// at once; an empty seat (an open seat the bot played) has no say.
type Rematch struct {
	accepted map[int64]bool // players who accepted
	creating bool           // everyone accepted; the new table is being set up
	newID    int64          // the new table, once created
}

// NewRematch is a rematch nobody has answered yet.
func NewRematch() *Rematch { return &Rematch{accepted: map[int64]bool{}} }

// Restore is the rematch as a table's last owner told it (a node adopting
// the table): who accepted, and the new table if it made one.
func Restore(accepted []int64, newID int64) *Rematch {
	r := NewRematch()
	for _, id := range accepted {
		r.accepted[id] = true
	}
	r.newID = newID
	return r
}

// Settled reports whether the new table exists or is being made: answers
// change nothing any more.
func (r *Rematch) Settled() bool { return r.newID != 0 || r.creating }

// NewID is the new table's id, 0 until it is made.
func (r *Rematch) NewID() int64 { return r.newID }

// Accepted reports whether the account accepted.
func (r *Rematch) Accepted(id int64) bool { return r.accepted[id] }

// Answer records an account's answer.
func (r *Rematch) Answer(id int64, accept bool) {
	if accept {
		r.accepted[id] = true
	} else {
		delete(r.accepted, id)
	}
}

// Begin notes that everyone accepted and the new table is being made.
func (r *Rematch) Begin() { r.creating = true }

// Made notes the new table (0: making it failed, answers count again).
func (r *Rematch) Made(newID int64) { r.creating, r.newID = false, newID }

// Seats lists the accounts of the finished table in seat order, each once:
// who accepted (bots always have) and who has not.
func (r *Rematch) Seats(seats []play.Seat) (accepted, pending []int64) {
	seen := map[int64]bool{}
	for _, st := range seats {
		if st.Account == 0 || seen[st.Account] {
			continue
		}
		seen[st.Account] = true
		if st.Bot || r.accepted[st.Account] {
			accepted = append(accepted, st.Account)
		} else {
			pending = append(pending, st.Account)
		}
	}
	return accepted, pending
}
