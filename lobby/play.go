package lobby

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// begin installs a running game (new, or replayed from the store).
func (t *table) begin(g engine.Game, actions []engine.LoggedAction) {
	t.g = g
	t.actions = actions
	t.version = len(actions)
	t.play = make([]seatPlay, len(t.seats))
	for i := range t.play {
		t.play[i].since = t.version
	}
}

// logEvent appends an event to the table's log, keeping the last LogKeep.
func (t *table) logEvent(ev engine.Event, at time.Time) {
	seq := t.log.Add(ev, at)
	if t.s.clustered() && !t.own.Replica() {
		t.own.RecordEvent(NoticeEvent{Seq: seq, Event: ev, At: at})
	}
}

// apply validates an action with the game, stores it, and only then counts
// it as done. If the store refuses it, the game is rebuilt from the log
// without it. seatIdx is engine.Table for the table's own actions (a time
// limit lapsing, timelimit.go).
func (t *table) apply(ctx context.Context, seatIdx int, a engine.Action) error {
	if a == nil {
		return engine.Errf(engine.CodeBadAction, "No action given.")
	}
	if t.own.Replica() {
		return ErrNoOwner
	}
	start := t.s.observeStart()
	sealed := t.beforeAction(seatIdx)
	evs, err := t.g.Apply(seatIdx, a)
	if err != nil {
		return err
	}
	la, err := engine.Log(seatIdx, a)
	if err == nil {
		now := t.s.now().UTC()
		rec := ActionRecord{Seq: t.version + 1, Seat: seatIdx, Action: la.Action, At: now, Token: t.own.Token()}
		err = t.s.tableStore().AppendAction(context.WithoutCancel(ctx), t.id, rec)
		if err == nil {
			if t.s.clustered() {
				t.own.Record(rec)
			}
			t.storeWorked()
			if obs := t.s.observer(); obs != nil {
				obs.ActionApplied(t.info.ID, t.actor(seatIdx), time.Since(start))
			}
			t.actions = append(t.actions, la)
			t.version++
			t.afterAction(sealed, evs)
			for _, ev := range evs {
				t.logEvent(ev, now)
			}
			if seatIdx >= 0 && seatIdx < len(t.play) {
				t.play[seatIdx].deadline = time.Time{}
			}
			t.changed(false)
			if t.g.Outcome().Finished {
				t.finish(ctx, now)
			}
			return nil
		}
	}
	if g, rerr := engine.Replay(t.def, *t.setup, t.actions); rerr == nil {
		t.g = g
	} else {
		t.s.logger().Error("rollback replay failed", "table", t.id, "err", rerr)
	}
	if errors.Is(err, ErrFenced) {
		t.fencedLocked()
		return ErrNoOwner
	}
	return t.storeFailed("action "+a.Kind(), err)
}

// finish records the end of the game: status, one result row per seat
// (leavers ranked last, see play.RankSeats) and, for a rated game, the ratings,
// in one store transaction.
func (t *table) finish(ctx context.Context, now time.Time) {
	out := t.g.Outcome()
	end := GameEnd{TableID: t.id, LobbyID: t.lobbyID, Game: t.info.ID, Reason: out.Reason, Rounds: t.g.Round(), At: now,
		Seats: play.RankSeats(out, t.actions, t.playSeats(), t.s.standardBot(t.info.ID)), Rated: play.RatedGame(t.actions, t.playSeats()) && !t.imported,
		Ladders: ladders(t.info.ID, t.lobbyID), Token: t.own.Token()}
	for i := range end.Seats {
		if i < len(t.seats) && t.seats[i].bot {
			end.Seats[i].Level = t.s.BotLevel(t.seats[i].accountID)
		}
	}
	t.status = TableFinished
	t.updatedAt = now
	t.stopTimersLocked()
	if err := t.s.tableStore().FinishGame(context.WithoutCancel(ctx), end); err != nil {
		// The action log holds the final move: the next start retries this.
		t.s.logger().Error("storing the game's end failed", "table", t.id, "err", err)
	}
	t.s.logger().Info("game finished", "table", t.id, "game", t.info.ID, "reason", out.Reason, "actions", t.version)
	t.s.gameOver(t, end) // a private lobby's chat hears the standings, a tournament its game (tablehost.go)
	t.changed(true)
}

// playSeats is the table's seats as lobby/play reads them.
func (t *table) playSeats() []play.Seat {
	out := make([]play.Seat, len(t.seats))
	for i, st := range t.seats {
		out[i] = play.Seat{Account: st.accountID, Bot: st.bot}
	}
	return out
}

// Act applies a seated player's action to the table's game. version is
// GameState.Version of the screen the action was made on: when the seat
// would now see the game otherwise, Act applies nothing and returns
// ErrStale (stale.go). Timers, bots, away seats and time limits act inside
// the lobby on the current state and never pass through here.
func (s *Service) Act(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) error {
	if _, ok, err := s.forward(ctx, acc, TableCall{TableID: tableID, Method: CallAct, N: version, Action: encodeAction(a)}); ok {
		return err
	}
	return s.withTable(acc, tableID, func(t *table) error { return s.act(ctx, t, acc, version, a) })
}

// act is Act under the table's lock.
func (s *Service) act(ctx context.Context, t *table, acc *Account, version int, a engine.Action) error {
	if t.status != TablePlaying || t.g == nil {
		return ErrNotPlaying
	}
	i := t.seatOf(acc.ID)
	if i < 0 {
		return ErrNotSeated
	}
	if t.staleFor(i, version) {
		return ErrStale
	}
	if err := t.apply(ctx, i, a); err != nil {
		return err
	}
	if t.play[i].Acted() {
		t.logEvent(engine.Event{Kind: "handover", Text: fmt.Sprintf("%s takes their seat back from the bot.", s.handle(acc.ID))},
			s.clock.Now().UTC())
		t.changed(true)
	}
	if t.play[i].Away() {
		t.backLocked(ctx, i)
	}
	t.settleLocked(ctx)
	return nil
}

// GameState is the table's game as the viewer may see it: a seated player
// gets their own view and legal actions, anyone else the spectator's view.
func (s *Service) GameState(ctx context.Context, viewer *Account, tableID int64) (GameState, error) {
	id := viewerID(viewer)
	t, err := s.lookupTable(id, tableID)
	if err != nil {
		return GameState{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	st := engine.Spectator
	if i := t.seatOf(id); i >= 0 {
		st = i
	}
	return t.stateFor(st), nil
}

// deadlineFor is the viewer's own turn deadline, or else the earliest one
// running at the table.
func (t *table) deadlineFor(seatIdx int) time.Time {
	if l := t.own.Live(); t.own.Replica() && l != nil { // the owner's timers, as its last notice told
		return play.EarliestDeadline(l.Deadlines, seatIdx)
	}
	ds := make([]time.Time, len(t.play))
	for i := range t.play {
		ds[i] = t.play[i].deadline
	}
	return play.EarliestDeadline(ds, seatIdx)
}
