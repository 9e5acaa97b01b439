package lobby

import (
	"context"

	"boardroom/engine"
)

// After every change of a table, each session watching it needs the game as
// its viewer sees it. Rather than have every session come back for it (one
// GameState build per session and change), the table builds the state once
// per viewer class while it still holds its lock, and the hub hands each
// subscription the state of its own class with the update (Update.State).
//
// A class is what one viewer may see: each seat is a class of its own (its
// view may hold private parts, and its legal actions, turn deadline and
// private log lines are its own), and every spectator and guest shares the
// spectators' class. Only classes someone watches are built, so an action
// at a table of 4 players and 100 spectators costs 5 builds, not 104.
//
// A subscription only ever receives the state of its own viewer's class:
// the hub picks it by the subscription's account, never by anything the
// session says.

// stateFrame is the table's state after one change, per viewer class.
type stateFrame struct {
	seats  map[int64]int      // seated human accounts -> seat, as of the build
	states map[int]*GameState // by class: seat index, or engine.Spectator
}

// classOf is the viewer class of an account (0: a guest).
func (f *stateFrame) classOf(viewer int64) int {
	if i, ok := f.seats[viewer]; ok && viewer != 0 {
		return i
	}
	return engine.Spectator
}

// forViewer is the state of the viewer's class, nil when the frame has none
// (no one of that class watched the table when it was built).
func (f *stateFrame) forViewer(viewer int64) *GameState {
	if f == nil {
		return nil
	}
	return f.states[f.classOf(viewer)]
}

// frame builds the state of every class that a watcher of the table belongs
// to. The caller holds t.mu.
func (t *table) frame() *stateFrame {
	f := &stateFrame{seats: make(map[int64]int, len(t.seats)), states: make(map[int]*GameState, len(t.seats)+1)}
	for i, st := range t.seats {
		if _, seen := f.seats[st.accountID]; !seen && !st.bot && !st.empty() {
			f.seats[st.accountID] = i // the first, as seatOf
		}
	}
	var tv *Table // the table as everyone sees it: built once for every class
	for _, viewer := range t.watchers {
		c := f.classOf(viewer)
		if _, ok := f.states[c]; !ok {
			if tv == nil {
				v := t.view()
				tv = &v
			}
			st := t.stateWith(c, *tv)
			f.states[c] = &st
		}
	}
	return f
}

// stateFor builds the game state of one class: the seat's own view and
// legal actions, or the spectators' view. The caller holds t.mu.
func (t *table) stateFor(seat int) GameState { return t.stateWith(seat, t.view()) }

// stateWith is stateFor with the table's view already built.
func (t *table) stateWith(seat int, tv Table) GameState {
	t.s.stateBuilds.Add(1)
	st := GameState{Table: tv, Seat: seat, Version: t.version}
	if t.g == nil {
		return st
	}
	st.View = t.g.View(st.Seat)
	st.Outcome = t.g.Outcome()
	if t.status == TablePlaying {
		st.Prompt = t.g.Prompt()
		if st.Seat >= 0 {
			// A copy: games may reuse their Legal buffer after the next Apply (opoly does).
			st.Legal = append([]engine.Action(nil), t.g.Legal(st.Seat)...)
		}
		st.Deadline = t.deadlineFor(st.Seat)
	}
	names := SeatNames(st.Table.Seats)
	st.Log = make([]LogLine, 0, len(t.events))
	for i := range t.events {
		if l, ok := t.events[i].line(st.Seat, names); ok {
			st.Log = append(st.Log, l)
		}
	}
	return st
}

// StateBuilds is how many game states the service has built since it
// started (GameState, ActState and the per-class states of table updates):
// the fan-out's cost, for tests, benchmarks and metrics.
func (s *Service) StateBuilds() int64 { return s.stateBuilds.Load() }

// StatePlay is implemented by a Play that can return the acting seat's new
// state with the action (*Service does). The state is the one published to
// the seat's sessions with the update, so a session that acts needs no
// GameState call of its own afterwards.
type StatePlay interface {
	ActState(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) (GameState, error)
}

var _ StatePlay = (*Service)(nil)

// ActState is Act that also returns the acting player's game state as it
// is once the action is applied.
func (s *Service) ActState(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) (GameState, error) {
	if _, ok, err := s.forward(ctx, acc, TableCall{TableID: tableID, Method: CallAct, N: version, Action: encodeAction(a)}); ok {
		if err != nil {
			return GameState{}, err
		}
		return s.GameState(ctx, acc, tableID)
	}
	if err := account(acc); err != nil {
		return GameState{}, err
	}
	t, err := s.lookupTable(acc.ID, tableID)
	if err != nil {
		return GameState{}, err
	}
	f, err := s.updateFrame(t, func() error { return s.act(ctx, t, acc, version, a) })
	if err != nil {
		return GameState{}, err
	}
	if st := f.forViewer(acc.ID); st != nil && st.Seat >= 0 {
		return *st, nil
	}
	// No session of the player watches the table (a plain API call): the
	// frame holds no state of the seat.
	return s.GameState(ctx, acc, tableID)
}
