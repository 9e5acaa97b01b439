package floor

import (
	"context"

	"boardroom/engine"
)

// After every change of a table, the table builds the game state once per
// viewer class while it still holds its lock (play.Frame says what a class
// is), and the hub hands each subscription the state of its own class with
// the update (Update.State).

// StateBuilds is how many game states the floor has built since it
// started (GameState, ActState and the per-class states of table updates):
// the fan-out's cost, for tests, benchmarks and metrics.
func (fl *Floor) StateBuilds() int64 { return fl.stateBuilds.Load() }

// ActState is Act that also returns the acting player's game state as it
// is once the action is applied: the state the table's update carries to
// the seat's sessions (shared: read only) when one of them watches the
// table, else one read for the call.
func (fl *Floor) ActState(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) (*GameState, error) {
	read := func() (*GameState, error) {
		gs, err := fl.GameState(ctx, acc, tableID)
		if err != nil {
			return nil, err
		}
		return &gs, nil
	}
	if _, ok, err := fl.forward(ctx, acc, TableCall{TableID: tableID, Method: CallAct, N: version, Action: encodeAction(a)}); ok {
		if err != nil {
			return nil, err
		}
		return read()
	}
	if err := account(acc); err != nil {
		return nil, err
	}
	t, err := fl.Lookup(acc.ID, tableID)
	if err != nil {
		return nil, err
	}
	f, err := fl.updateFrame(t, func() error { return fl.act(ctx, t, acc, version, a) })
	if err != nil {
		return nil, err
	}
	if st := f.ForViewer(acc.ID); st != nil && st.Seat >= 0 {
		return st, nil
	}
	// No session of the player watches the table (a plain API call): the
	// frame holds no state of the seat.
	return read()
}
