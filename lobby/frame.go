package lobby

import (
	"context"
	"maps"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// After every change of a table, the table builds the game state once per
// viewer class while it still holds its lock (play.Frame says what a class
// is), and the hub hands each subscription the state of its own class with
// the update (Update.State).

// stateFrame is the table's state after one change, per viewer class.
type stateFrame = play.Frame[GameState]

// frame builds the state of every class that a watcher of the table belongs
// to. The caller holds t.mu.
func (t *table) frame() *stateFrame {
	var tv *Table // the table as everyone sees it: built once for every class
	return play.BuildFrame(t.playSeats(), maps.Values(t.watchers), func(class int) GameState {
		if tv == nil {
			v := t.view()
			tv = &v
		}
		return t.stateWith(class, *tv)
	})
}

// stateFor builds the game state of one class: the seat's own view and
// legal actions, or the spectators' view. The caller holds t.mu.
func (t *table) stateFor(seat int) GameState { return t.stateWith(seat, t.view()) }

// stateWith is stateFor with the table's view already built.
func (t *table) stateWith(seat int, tv Table) GameState {
	t.s.stateBuilt()
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
		t.failoverStateLocked(&st)
	}
	st.Log = t.log.Lines(st.Seat, SeatNames(st.Table.Seats))
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
	if st := f.ForViewer(acc.ID); st != nil && st.Seat >= 0 {
		return *st, nil
	}
	// No session of the player watches the table (a plain API call): the
	// frame holds no state of the seat.
	return s.GameState(ctx, acc, tableID)
}
