package live

import (
	"context"
	"errors"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// Begin installs a running game (new, or replayed from the store).
func (t *Table) Begin(g engine.Game, actions []engine.LoggedAction) {
	t.G = g
	t.Actions.Set(actions)
	t.Version = len(actions)
	t.Play = make([]SeatPlay, len(t.Seats))
	for i := range t.Play {
		t.Play[i].since = t.Version
	}
}

// LogEvent appends an event to the table's log, keeping the last LogKeep.
func (t *Table) LogEvent(ev engine.Event, at time.Time) {
	seq := t.Log.Add(ev, at)
	if t.Host.Clustered() && !t.Own.Replica() {
		t.Own.RecordEvent(NoticeEvent{Seq: seq, Event: ev, At: at})
	}
}

// Apply validates an action with the game, stores it, and only then counts
// it as done. If the store refuses it, the game is rebuilt from the log
// without it. seatIdx is engine.Table for the table's own actions (a time
// limit lapsing, timelimit.go).
func (t *Table) Apply(ctx context.Context, seatIdx int, a engine.Action) error {
	if a == nil {
		return engine.Errf(engine.CodeBadAction, "No action given.")
	}
	if t.Own.Replica() {
		return ErrNoOwner
	}
	start := t.Host.ObserveStart()
	sealed := t.beforeAction(seatIdx)
	evs, err := t.G.Apply(seatIdx, a)
	if err != nil {
		return err
	}
	la, err := engine.Log(seatIdx, a)
	if err == nil {
		now := t.Host.Now().UTC()
		rec := ActionRecord{Seq: t.Version + 1, Seat: seatIdx, Action: la.Action, At: now, Token: t.Own.Token()}
		err = t.Host.TableStore().AppendAction(context.WithoutCancel(ctx), t.ID, rec)
		if err == nil {
			if t.Host.Clustered() {
				t.Own.Record(rec)
			}
			t.storeWorked()
			if obs := t.Host.Observer(); obs != nil {
				obs.ActionApplied(t.Info.ID, t.actor(seatIdx), time.Since(start))
			}
			t.Actions.Append(la)
			t.Version++
			t.afterAction(sealed, evs)
			for _, ev := range evs {
				t.LogEvent(ev, now)
			}
			if seatIdx >= 0 && seatIdx < len(t.Play) {
				t.Play[seatIdx].Deadline = time.Time{}
			}
			t.Changed(false)
			if t.G.Outcome().Finished {
				t.Finish(ctx, now)
			}
			return nil
		}
	}
	if g, rerr := engine.Replay(t.Def, *t.Setup, t.Actions.All()); rerr == nil {
		t.G = g
	} else {
		t.Host.Logger().Error("rollback replay failed", "table", t.ID, "err", rerr)
	}
	if errors.Is(err, ErrFenced) {
		t.fencedLocked()
		return ErrNoOwner
	}
	return t.storeFailed("action "+a.Kind(), err)
}

// Finish records the end of the game: status, one result row per seat
// (leavers ranked last, see play.RankSeats) and, for a rated game, the ratings,
// in one store transaction.
func (t *Table) Finish(ctx context.Context, now time.Time) {
	out, actions := t.G.Outcome(), t.Actions.All()
	end := GameEnd{TableID: t.ID, LobbyID: t.LobbyID, Game: t.Info.ID, Reason: out.Reason, Rounds: t.G.Round(), At: now,
		Seats: play.RankSeats(out, actions, t.playSeats(), t.Host.StandardBot(t.Info.ID)), Rated: play.RatedGame(actions, t.playSeats()) && !t.Imported,
		Ladders: Ladders(t.Info.ID, t.LobbyID), Token: t.Own.Token()}
	for i := range end.Seats {
		if i < len(t.Seats) && t.Seats[i].Bot {
			end.Seats[i].Level = t.Host.BotLevel(t.Seats[i].AccountID)
		}
	}
	t.Status = TableFinished
	t.UpdatedAt = now
	t.StopTimersLocked()
	if err := t.Host.TableStore().FinishGame(context.WithoutCancel(ctx), end); err != nil {
		// The action log holds the final move: the next start retries this.
		t.Host.Logger().Error("storing the game's end failed", "table", t.ID, "err", err)
	}
	t.Host.Logger().Info("game finished", "table", t.ID, "game", t.Info.ID, "reason", out.Reason, "actions", t.Version)
	t.Host.GameOver(t, end) // a private lobby's chat hears the standings, a tournament its game (tablehost.go)
	t.Changed(true)
}

// playSeats is the table's seats as lobby/play reads them.
func (t *Table) playSeats() []play.Seat {
	out := make([]play.Seat, len(t.Seats))
	for i, st := range t.Seats {
		out[i] = play.Seat{Account: st.AccountID, Bot: st.Bot}
	}
	return out
}

// deadlineFor is the viewer's own turn deadline, or else the earliest one
// running at the table.
func (t *Table) deadlineFor(seatIdx int) time.Time {
	if l := t.Own.Live(); t.Own.Replica() && l != nil { // the owner's timers, as its last notice told
		return play.EarliestDeadline(l.Deadlines, seatIdx)
	}
	return play.EarliestOf(len(t.Play), func(i int) time.Time { return t.Play[i].Deadline }, seatIdx)
}
