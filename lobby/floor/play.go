package floor

import (
	"context"
	"fmt"

	"boardroom/engine"
)

// Act applies a seated player's action to the table's game. version is
// GameState.Version of the screen the action was made on: when the seat
// would now see the game otherwise, Act applies nothing and returns
// ErrStale (lobby/live's stale.go). Timers, bots, away seats and time limits act inside
// the lobby on the current state and never pass through here.
func (fl *Floor) Act(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) error {
	if _, ok, err := fl.forward(ctx, acc, TableCall{TableID: tableID, Method: CallAct, N: version, Action: encodeAction(a)}); ok {
		return err
	}
	return fl.withTable(acc, tableID, func(t *table) error { return fl.act(ctx, t, acc, version, a) })
}

// act is Act under the table's lock.
func (fl *Floor) act(ctx context.Context, t *table, acc *Account, version int, a engine.Action) error {
	if t.Status != TablePlaying || t.G == nil {
		return ErrNotPlaying
	}
	i := t.SeatOf(acc.ID)
	if i < 0 {
		return ErrNotSeated
	}
	if t.StaleFor(i, version) {
		return ErrStale
	}
	if err := t.Apply(ctx, i, a); err != nil {
		return err
	}
	if t.Play[i].Acted() {
		t.LogEvent(engine.Event{Kind: "handover", Text: fmt.Sprintf("%s takes their seat back from the bot.", fl.host.Handle(acc.ID))},
			fl.clock.Now().UTC())
		t.Changed(true)
	}
	if t.Play[i].Away() {
		t.BackLocked(ctx, i)
	}
	t.SettleLocked(ctx)
	return nil
}

// GameState is the table's game as the viewer may see it: a seated player
// gets their own view and legal actions, anyone else the spectator's view.
func (fl *Floor) GameState(ctx context.Context, viewer *Account, tableID int64) (GameState, error) {
	id := viewerID(viewer)
	t, err := fl.Lookup(id, tableID)
	if err != nil {
		return GameState{}, err
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	st := engine.Spectator
	if i := t.SeatOf(id); i >= 0 {
		st = i
	}
	return t.StateFor(st), nil
}
