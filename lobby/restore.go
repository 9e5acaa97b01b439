package lobby

import (
	"context"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/tables"
)

// restoreTables loads forming and playing tables, and those finished within
// finishedRetention, replaying every game from its setup and action log.
// Games in progress go on: bots resume, absent players' away timers run and
// a time limit lapses at its time (at once if that has passed).
// A table whose game cannot be replayed is left in the store untouched and
// logged.
func (s *Service) restoreTables(ctx context.Context, now time.Time) error {
	recs, err := s.store.LoadTables(ctx, now.Add(-finishedRetention))
	if err != nil {
		return fmt.Errorf("lobby: load tables: %w", err)
	}
	restored := 0
	for _, rec := range recs {
		t, err := s.restoreTable(ctx, rec)
		if err != nil {
			s.log.Error("table not restored", "table", rec.ID, "game", rec.Game, "err", err)
			continue
		}
		// In a cluster every table starts as a replica: the lease loop
		// adopts those no live node owns (node.go, lobby/cluster).
		if s.clustered() {
			t.Own.BecomeReplica()
		}
		s.tables[t.ID] = t
		if t.Status == TablePlaying {
			restored++
		}
	}
	for _, t := range s.tables {
		if t.Own.Replica() {
			continue
		}
		_ = s.update(t, func() error {
			if t.Status == TablePlaying {
				for i, st := range t.Seats {
					if !st.Bot && !st.Empty() {
						t.StartAwayTimer(i)
					}
				}
				if t.G.Outcome().Finished {
					t.Finish(s.bg, now)
				}
				t.StartTimeLimitLocked()
				t.SettleLocked(s.bg)
			}
			return nil
		})
	}
	s.log.Info("lobby restored", "tables", len(s.tables), "games", restored)
	return nil
}

func (s *Service) restoreTable(ctx context.Context, rec TableRecord) (*table, error) {
	def, err := s.reg.Get(rec.Game)
	if err != nil {
		return nil, err
	}
	t := &table{Host: tableHost{s}, ID: rec.ID, LobbyID: rec.LobbyID, Def: def, Info: def.Info(), CreatedAt: rec.CreatedAt,
		FormState: formState{Status: rec.Status, HostID: rec.HostID, Options: rec.Options, TurnTimer: rec.TurnTimer,
			Setup: rec.Setup, UpdatedAt: rec.UpdatedAt, StartedAt: rec.StartedAt},
		Watchers: map[*subscription]int64{}, Spectating: map[int64]bool{}}
	if !s.dir.Has(rec.LobbyID) {
		return nil, fmt.Errorf("lobby %d is missing", rec.LobbyID)
	}
	for _, sr := range rec.Seats {
		t.Seats = append(t.Seats, seat{AccountID: sr.AccountID, Bot: sr.Bot, Ready: sr.Ready})
		if sr.AccountID != 0 && !sr.Bot {
			s.accounts.Learn(sr.AccountID, sr.Handle)
		}
	}
	if _, ok := s.accounts.Handle(rec.HostID); !ok {
		if acc, err := s.store.AccountByID(ctx, rec.HostID); err == nil && acc != nil {
			s.accounts.Learn(acc.ID, acc.Handle)
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
	log, err := s.store.LoadActions(ctx, rec.ID)
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
		evs, err := ApplyStored(def, g, r)
		if err != nil {
			return nil, err
		}
		for _, ev := range evs {
			t.LogEvent(ev, r.At)
		}
		actions = append(actions, engine.LoggedAction{Seat: r.Seat, Action: r.Action})
	}
	t.Imported = s.files.WasImported(ctx, rec.ID)
	t.ResultOnly = t.Imported && s.files.ImportedResult(ctx, rec.ID) // only a finished game's import has a digest
	t.Begin(g, actions)
	// The decisions open now opened before this node loaded the table:
	// they rang then (bell.go), so nobody is rung again for them.
	s.primeBellsLocked(t)
	if t.Daily() {
		t.OpenDeadlinesLocked(tables.DecisionsOpened(def, *rec.Setup, log, rec.StartedAt)) // the deadlines survive the restart (pace.go)
	}
	return t, nil
}

// ApplyStored decodes a stored action and applies it, as a restore or a
// replay does (tables.ApplyStored).
func ApplyStored(def engine.Definition, g engine.Game, r ActionRecord) ([]engine.Event, error) {
	return tables.ApplyStored(def, g, r)
}
