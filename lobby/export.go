package lobby

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"time"

	"boardroom/engine"
	"boardroom/lobby/gamefile"
	"boardroom/lobby/saved"
)

// ExportGame writes the saved-game file of a table's game (G004-15; the
// format is described in lobby/gamefile). Anyone who may see the table may
// export it, guests too. A running game's setup and log are sealed; a
// finished game's travel in the clear, signed.
func (s *Service) ExportGame(ctx context.Context, viewer *Account, tableID int64) ([]byte, error) {
	t, err := s.floor.Lookup(viewerID(viewer), tableID)
	if err != nil {
		return nil, err
	}
	t.Mu.Lock()
	if t.G == nil || t.Setup == nil || (t.Status != TablePlaying && t.Status != TableFinished) {
		t.Mu.Unlock()
		return nil, userErr(ErrNotPlaying, "that table has no game to export: it has not started or was abandoned")
	}
	h := gamefile.Header{Game: t.Info.ID, Title: t.Info.Title, RulesVersion: t.Info.RulesVersion, TableID: t.ID,
		Status: t.Status, Round: t.G.Round(), Actions: t.Version, TurnTimer: t.TurnTimer,
		ExportedAt: s.clock.Now().UTC(), Lobby: s.files.FileLobby(t.LobbyID)}
	for i, st := range t.Seats {
		fs := gamefile.Seat{Seat: i, Bot: st.Bot}
		if st.Bot {
			fs.Level = s.BotLevel(st.AccountID)
		}
		if !st.Bot && !st.Empty() {
			fs.Handle = s.handle(st.AccountID)
		}
		h.Seats = append(h.Seats, fs)
	}
	setup := *t.Setup
	setup.Options = maps.Clone(setup.Options)
	body := gamefile.Body{Setup: setup, Log: t.Actions.All()}
	t.Mu.Unlock()

	return s.files.Seal(h, body, h.Status == TablePlaying, viewerID(viewer))
}

// ImportGame opens a new table in a lobby the account can see that resumes
// the game saved in data, at the same point. A private lobby's game goes
// only to its lobby or a private lobby whose members all could see it
// (importLobby); lobbyID 0 picks the game's own lobby. The file is checked, opened and
// replayed before the table exists. Seats go back to the accounts with the
// saved handles (if they can see the lobby); bots stay bots of their level; other seats are
// open, played by a bot until someone sits there. The importer hosts the new
// table and sits in their own seat, or else in the first open one, or else
// watches. An imported game is never rated. A running game is refused if a
// table of this server has played the same deal (its original, or an
// earlier import). A finished game is a result to look at
// (importfinished.go): it becomes a finished table, unrated, with its
// standings and replay, once per server (importing it again returns that
// table, or the table that played it here), and never a row of the lobby's
// table list. What is checked before a table exists is lobby/saved's.
func (s *Service) ImportGame(ctx context.Context, acc *Account, lobbyID int64, data []byte) (Table, error) {
	file, err := s.files.Open(ctx, acc, lobbyID, data)
	if err != nil {
		return Table{}, err
	}
	h, body, def, lobbyID := file.Header, file.Body, file.Def, file.Lobby
	marker, _ := s.files.Marker()
	info := def.Info()
	if s.shuttingDown() {
		return Table{}, ErrShuttingDown
	}
	// A finished game makes a finished table, which holds no seat for long.
	if h.Status == TablePlaying {
		capMu := s.floor.SeatLock(acc.ID)
		capMu.Lock()
		defer capMu.Unlock()
		if err := s.floor.CheckTableCap(acc.ID, 0); err != nil {
			return Table{}, err
		}
	}
	now := s.clock.Now().UTC()
	t := &table{Host: s.floor.Host(), LobbyID: lobbyID, Def: def, Info: info, CreatedAt: now,
		FormState: formState{HostID: acc.ID, Options: maps.Clone(body.Setup.Options), TurnTimer: h.TurnTimer,
			UpdatedAt: now, StartedAt: now},
		Watchers: map[*subscription]int64{}, Spectating: map[int64]bool{}, Imported: true}
	g, err := replayFile(t, body)
	if err != nil {
		return Table{}, err
	}
	if finished := g.Outcome().Finished; finished != (h.Status == TableFinished) {
		return Table{}, saved.BadFile("the game file says the game is %s, but its log says otherwise", Sanitize(h.Status, 20))
	}
	if !ValidTurnTimer(h.TurnTimer) {
		t.TurnTimer = 0
	}
	// The importer of a finished game did not play it (unless the file
	// names them): they look at its result from outside, so that its
	// standings never credit them with another player's place.
	seats, err := s.files.Seats(ctx, acc, lobbyID, h.Seats, info.ID, h.Status == TablePlaying)
	if err != nil {
		return Table{}, err
	}
	t.Seats = make([]seat, len(seats))
	for i, st := range seats {
		if st.AccountID != 0 {
			t.Seats[i] = seat{AccountID: st.AccountID, Bot: st.Bot, Ready: true}
		}
	}
	setup := body.Setup
	t.Setup = &setup
	t.Status = h.Status
	digest := ""
	if t.Status == TableFinished {
		if digest, err = saved.Digest(info.ID, body); err != nil {
			return Table{}, err
		}
	}
	// A deal is played once per server: a second table would let a player
	// play ahead there (or read how the first one went) and learn the dice
	// and cards still to come. A finished game is kept once. This check
	// answers the common case with the table's id; the store's unique deal
	// index (storeImport's ClaimDeal) decides when two imports race, on one
	// node or on two.
	if t.Status == TablePlaying {
		if err := s.files.Unplayed(ctx, acc.ID, info.ID, setup.Seed); err != nil {
			return Table{}, err
		}
	} else if v, ok, err := saved.ExistingFinished(ctx, s.files, acc.ID, info.ID, body, digest, s.finishedView); err != nil || ok {
		return v, err
	}
	if err := s.storeImport(ctx, marker, t, h.TableID, body.Log, now); err != nil {
		return Table{}, err
	}
	if t.Status == TableFinished {
		if err := s.files.MarkDigest(ctx, t.ID, digest); err != nil {
			return Table{}, err
		}
		t.ResultOnly = true
	}
	t.Begin(g, body.Log)
	s.floor.Claim(ctx, t)
	if !s.floor.AddUnlessClosing(t) {
		return Table{}, ErrShuttingDown
	}
	s.log.Info("game imported", "table", t.ID, "from_table", h.TableID, "lobby", lobbyID, "game", info.ID,
		"host", acc.ID, "actions", t.Version, "status", t.Status)
	var view Table
	err = s.floor.Update(t, func() error {
		t.LogEvent(engine.Event{Kind: "import", Text: fmt.Sprintf("%s imported this game from a saved file (table %d, %d moves).",
			s.handle(acc.ID), h.TableID, t.Version)}, now)
		if t.Status == TablePlaying {
			for i, st := range t.Seats {
				if !st.Bot && !st.Empty() && t.Connections(st.AccountID) == 0 {
					t.StartAwayTimer(i)
				}
			}
			t.StartTimeLimitLocked()
			t.SettleLocked(s.bg)
			t.Changed(true)
		} else {
			t.Finish(s.bg, now) // its standings, unrated (imported): a result to look at
		}
		view = t.View()
		return nil
	})
	return view, err
}

// replayFile rebuilds the game from the file's setup and log, keeping the
// events for the table's log. Any refused entry refuses the file.
func replayFile(t *table, body gamefile.Body) (engine.Game, error) {
	g, err := t.Def.New(body.Setup)
	if err != nil {
		return nil, saved.BadFile("the game in the file cannot be set up: %v", err)
	}
	t.LogEvent(engine.Event{Kind: "start", Text: fmt.Sprintf("%s begins.", t.Info.Title)}, t.StartedAt)
	for i, la := range body.Log {
		if (la.Seat < 0 || la.Seat >= body.Setup.Seats) && la.Seat != engine.Table {
			return nil, saved.BadFile("move %d of the game file is by a seat the game does not have", i+1)
		}
		a, err := t.Def.DecodeAction(la.Action)
		if err != nil {
			return nil, saved.BadFile("move %d of the game file cannot be read", i+1)
		}
		evs, err := g.Apply(la.Seat, a)
		if err != nil {
			return nil, saved.BadFile("move %d of the game file does not replay: %v", i+1, err)
		}
		for _, ev := range evs {
			t.LogEvent(ev, t.StartedAt)
		}
	}
	return g, nil
}

// storeImport writes the new table: first abandoned (so that a failure half
// way leaves nothing that resumes), then its log and its import mark, then
// its setup and status (a finished game: playing, until FinishGame).
func (s *Service) storeImport(ctx context.Context, marker ImportStore, t *table, from int64, log []engine.LoggedAction, now time.Time) error {
	ctx = context.WithoutCancel(ctx)
	status := t.Status
	t.Status = TableAbandoned
	rec := t.Record()
	rec.Setup = nil
	id, err := s.store.CreateTable(ctx, rec)
	t.Status = status
	if err != nil {
		return s.storageErr(err)
	}
	t.ID = id
	// A running game claims its deal before anything else is written: of
	// two imports of one game that both passed unplayed, the second stops
	// here, leaving only an abandoned row without a setup.
	if status == TablePlaying {
		if err := marker.ClaimDeal(ctx, id, t.Setup.Seed); err != nil {
			if errors.Is(err, ErrDealPlayed) {
				holder, lobbyID, _ := marker.DealTable(ctx, t.Info.ID, t.Setup.Seed)
				return s.files.DealPlayed(t.HostID, holder, lobbyID)
			}
			return s.storageErr(err)
		}
	}
	for i, la := range log {
		if err := s.store.AppendAction(ctx, id, ActionRecord{Seq: i + 1, Seat: la.Seat, Action: la.Action, At: now}); err != nil {
			return s.storageErr(err)
		}
	}
	if err := marker.MarkImported(ctx, id, from, now); err != nil {
		return s.storageErr(err)
	}
	rec = t.Record()
	if rec.Status == TableFinished {
		// Stored as playing: its end and standings follow (t.Finish), as
		// at any game's end; a restart would finish it if they did not.
		rec.Status = TablePlaying
	}
	if err := s.store.SaveTable(ctx, rec); err != nil {
		return s.storageErr(err)
	}
	return nil
}
