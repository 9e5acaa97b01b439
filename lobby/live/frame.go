package live

import (
	"maps"

	"boardroom/engine"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
)

// Frame builds the state of every class that a watcher of the table belongs
// to. The caller holds t.mu.
func (t *Table) Frame() *StateFrame {
	var tv *tables.Table // the table as everyone sees it: built once for every class
	var names []string   // and its seats' names
	return play.BuildFrame(t.playSeats(), maps.Values(t.Watchers), func(class int) GameState {
		if tv == nil {
			v := t.View()
			tv, names = &v, SeatNames(v.Seats)
		}
		return t.stateWith(class, *tv, names)
	})
}

// StateFor builds the game state of one class: the seat's own view and
// legal actions, or the spectators' view. The caller holds t.mu.
func (t *Table) StateFor(seat int) GameState {
	tv := t.View()
	return t.stateWith(seat, tv, SeatNames(tv.Seats))
}

// stateWith is stateFor with the table's view and its seats' names
// already built.
func (t *Table) stateWith(seat int, tv tables.Table, names []string) GameState {
	t.Host.StateBuilt()
	st := GameState{Table: tv, Seat: seat, Version: t.Version}
	if t.G == nil {
		return st
	}
	st.View = t.G.View(st.Seat)
	st.Outcome = t.G.Outcome()
	if t.Status == TablePlaying {
		st.Prompt = t.G.Prompt()
		if st.Seat >= 0 {
			// A copy: games may reuse their Legal buffer after the next Apply (opoly does).
			st.Legal = append([]engine.Action(nil), t.G.Legal(st.Seat)...)
		}
		st.Deadline = t.deadlineFor(st.Seat)
		t.failoverStateLocked(&st)
	}
	st.Log = t.Log.Lines(st.Seat, names)
	return st
}

// StateFrame is the table's state after one change, per viewer class.
type StateFrame = play.Frame[GameState]
