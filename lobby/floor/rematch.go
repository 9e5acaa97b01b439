package floor

import (
	"context"
	"fmt"
	"maps"
)

// Rematch records a seated player's answer to a rematch of a finished
// table; bots accept at once. Each change is published on the table's topic.
// When the last player accepts, a new table in the same lobby with the same
// seats (same players, bots and options; an open seat gets the bot) is
// created and started at once, and its id is returned to that caller and
// shown by RematchState; until then Rematch returns 0. accept false
// withdraws an acceptance.
func (fl *Floor) Rematch(ctx context.Context, acc *Account, tableID int64, accept bool) (int64, error) {
	if res, ok, err := fl.forward(ctx, acc, TableCall{TableID: tableID, Method: CallRematch, On: accept}); ok {
		return res.Int, err
	}
	if err := account(acc); err != nil {
		return 0, err
	}
	// The rematch table counts for every player; each is checked on
	// accepting, and all of them again before it is created.
	others := fl.unfinishedOf(acc.ID, tableID)
	var t *table
	var newID int64
	begin := false
	err := fl.withTable(acc, tableID, func(tb *table) error {
		t = tb
		if t.Status != TableFinished {
			return userErr(ErrNoResult, "the game at that table is not over")
		}
		if t.SeatOf(acc.ID) < 0 {
			return ErrNotSeated
		}
		rm := t.RematchLocked()
		if rm.Settled() {
			newID = rm.NewID()
			return nil
		}
		if rm.Accepted(acc.ID) == accept {
			return nil
		}
		if accept && others >= fl.cfg.MaxTablesPerAccount {
			return fl.tooManyGames(others)
		}
		rm.Answer(acc.ID, accept)
		t.Changed(false)
		if _, pending := t.RematchSeatsLocked(); accept && len(pending) == 0 {
			rm.Begin()
			begin = true
		}
		return nil
	})
	if err != nil || !begin {
		return newID, err
	}
	newID, err = fl.startRematch(ctx, t)
	_ = fl.Update(t, func() error {
		t.Rematch.Made(newID)
		t.Changed(true)
		return nil
	})
	return newID, err
}

// startRematch creates the rematch table of a finished one and starts it.
// It returns the new table's id once created, even if starting failed (the
// host can start it from the table then).
func (fl *Floor) startRematch(ctx context.Context, old *table) (int64, error) {
	old.Mu.Lock()
	lobbyID, def, info, opts, turnTimer := old.LobbyID, old.Def, old.Info, maps.Clone(old.Options), old.TurnTimer
	seats := append([]seat(nil), old.Seats...)
	hostID := old.HostID
	old.Mu.Unlock()
	if fl.ShuttingDown() {
		return 0, ErrShuttingDown
	}
	if _, err := fl.reg.Get(info.ID); err != nil {
		return 0, userErr(ErrNotFound, fmt.Sprintf("this server no longer offers %s", info.Title))
	}
	hostSeated := false
	for i, st := range seats {
		switch {
		case st.Empty():
			seats[i] = seat{AccountID: fl.host.StandardBot(info.ID), Bot: true}
		case !st.Bot && !fl.lobby.CanSee(st.AccountID, lobbyID):
			return 0, userErr(ErrForbidden, fmt.Sprintf("%s is no longer a member of this lobby", fl.host.Handle(st.AccountID)))
		}
		seats[i].Ready = true
		hostSeated = hostSeated || (!st.Bot && st.AccountID == hostID)
	}
	for _, st := range seats {
		if st.Bot {
			continue
		}
		if n := fl.unfinishedOf(st.AccountID, 0); n >= fl.cfg.MaxTablesPerAccount {
			return 0, userErr(ErrTooManyGames, fmt.Sprintf(
				"%s already plays or hosts %d unfinished games, the most one player may", fl.host.Handle(st.AccountID), n))
		}
	}
	if !hostSeated {
		for _, st := range seats {
			if !st.Bot {
				hostID = st.AccountID
				break
			}
		}
	}
	now := fl.clock.Now().UTC()
	t := &table{Host: fl.host, LobbyID: lobbyID, Def: def, Info: info, CreatedAt: now,
		FormState: formState{Status: TableForming, HostID: hostID, Options: opts, Seats: seats, TurnTimer: turnTimer, UpdatedAt: now},
		Watchers:  map[*subscription]int64{}, Spectating: map[int64]bool{}}
	id, err := fl.store.CreateTable(ctx, t.Record())
	if err != nil {
		return 0, fl.host.StorageErr(err)
	}
	t.ID = id
	fl.Claim(ctx, t)
	fl.mu.Lock()
	fl.tables[id] = t
	fl.mu.Unlock()
	fl.log.Info("rematch table created", "table", id, "of", old.ID, "game", info.ID)
	fl.sessions.Publish(publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: lobbyID}}})
	fl.AnnounceNew(t)
	host := &Account{ID: hostID, Handle: fl.host.Handle(hostID)}
	if err := fl.Start(ctx, host, id); err != nil {
		fl.log.Warn("rematch did not start", "table", id, "err", err)
		return id, err
	}
	return id, nil
}

// RematchState tells who accepted a rematch of a finished table the viewer
// may see (account ids in seat order, bots included) and who has not yet,
// and the new table's id once it exists (0 before).
func (fl *Floor) RematchState(ctx context.Context, viewer *Account, tableID int64) (accepted, pending []int64, newTableID int64, err error) {
	if res, ok, err := fl.forward(ctx, viewer, TableCall{TableID: tableID, Method: CallRematchView}); ok {
		return res.Int64s, res.Pending, res.Int, err
	}
	t, err := fl.Lookup(viewerID(viewer), tableID)
	if err != nil {
		return nil, nil, 0, err
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	if t.Status != TableFinished {
		return nil, nil, 0, userErr(ErrNoResult, "the game at that table is not over")
	}
	accepted, pending = t.RematchSeatsLocked()
	return accepted, pending, t.Rematch.NewID(), nil
}
