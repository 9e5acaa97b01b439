package floor

import (
	"context"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/tables"
)

// Restore loads forming and playing tables, and those finished within
// finishedRetention, replaying every game from its setup and action log.
// Games in progress go on: bots resume, absent players' away timers run and
// a time limit lapses at its time (at once if that has passed).
// A table whose game cannot be replayed is left in the store untouched and
// logged.
func (fl *Floor) Restore(ctx context.Context, now time.Time) error {
	recs, err := fl.store.LoadTables(ctx, now.Add(-finishedRetention))
	if err != nil {
		return fmt.Errorf("lobby: load tables: %w", err)
	}
	restored := 0
	for _, rec := range recs {
		t, err := fl.restoreTable(ctx, rec)
		if err != nil {
			fl.log.Error("table not restored", "table", rec.ID, "game", rec.Game, "err", err)
			continue
		}
		// In a cluster every table starts as a replica: the lease loop
		// adopts those no live node owns (lobby/cluster).
		if fl.cfg.Cluster != nil {
			t.Own.BecomeReplica()
		}
		fl.tables[t.ID] = t
		if t.Status == TablePlaying {
			restored++
		}
	}
	for _, t := range fl.tables {
		if t.Own.Replica() {
			continue
		}
		_ = fl.Update(t, func() error {
			if t.Status == TablePlaying {
				for i, st := range t.Seats {
					if !st.Bot && !st.Empty() {
						t.StartAwayTimer(i)
					}
				}
				if t.G.Outcome().Finished {
					t.Finish(fl.bg, now)
				}
				t.StartTimeLimitLocked()
				t.SettleLocked(fl.bg)
			}
			return nil
		})
	}
	fl.log.Info("lobby restored", "tables", len(fl.tables), "games", restored)
	return nil
}

func (fl *Floor) restoreTable(ctx context.Context, rec TableRecord) (*table, error) {
	def, err := fl.reg.Get(rec.Game)
	if err != nil {
		return nil, err
	}
	info, _ := fl.reg.Info(rec.Game) // shared by the game's tables: read only
	t := &table{Host: fl.host, ID: rec.ID, LobbyID: rec.LobbyID, Def: def, Info: info, CreatedAt: rec.CreatedAt,
		FormState: formState{Status: rec.Status, HostID: rec.HostID, Options: rec.Options, TurnTimer: rec.TurnTimer,
			Setup: rec.Setup, UpdatedAt: rec.UpdatedAt, StartedAt: rec.StartedAt},
		Watchers: map[*subscription]int64{}, Spectating: map[int64]bool{}}
	if !fl.lobby.Has(rec.LobbyID) {
		return nil, fmt.Errorf("lobby %d is missing", rec.LobbyID)
	}
	for _, sr := range rec.Seats {
		t.Seats = append(t.Seats, seat{AccountID: sr.AccountID, Bot: sr.Bot, Ready: sr.Ready})
		if sr.AccountID != 0 && !sr.Bot {
			fl.host.SetHandle(sr.AccountID, sr.Handle)
		}
	}
	if !fl.lobby.Known(rec.HostID) {
		if acc, err := fl.store.AccountByID(ctx, rec.HostID); err == nil && acc != nil {
			fl.host.SetHandle(acc.ID, acc.Handle)
		}
	}
	if rec.Status == TableForming || rec.Status == TableAbandoned {
		return t, nil
	}
	if rec.Setup == nil {
		return nil, fmt.Errorf("a %s table without a game setup", rec.Status)
	}
	if rec.Setup.Seats != len(t.Seats) {
		return nil, fmt.Errorf("setup has %d seats, the table %d", rec.Setup.Seats, len(t.Seats))
	}
	log, err := fl.store.LoadActions(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	g, err := def.New(*rec.Setup)
	if err != nil {
		return nil, err
	}
	actions := make([]engine.LoggedAction, 0, len(log))
	t.LogEvent(engine.Event{Kind: "start", Text: fmt.Sprintf("%s begins.", t.Info.Title)}, rec.StartedAt)
	for _, r := range log {
		evs, err := tables.ApplyStored(def, g, r)
		if err != nil {
			return nil, err
		}
		for _, ev := range evs {
			t.LogEvent(ev, r.At)
		}
		actions = append(actions, engine.LoggedAction{Seat: r.Seat, Action: r.Action})
	}
	t.Imported, t.ResultOnly = fl.lobby.Imported(ctx, rec.ID)
	t.Begin(g, actions)
	// The decisions open now opened before this node loaded the table:
	// they rang then (bells.go), so nobody is rung again for them.
	fl.primeBellsLocked(t)
	if t.Daily() {
		t.OpenDeadlinesLocked(tables.DecisionsOpened(def, *rec.Setup, log, rec.StartedAt)) // the deadlines survive the restart (lobby/live's pace.go)
	}
	return t, nil
}
