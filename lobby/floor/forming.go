package floor

import (
	"context"
	"fmt"
	"maps"

	"boardroom/lobby/live"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
)

// defaultSeats is the table size CreateTable uses when asked for 0 seats
// (clamped to what the game allows).
const defaultSeats = 4

// CreateTable opens a forming table in a lobby with the host in seat 0.
// seats 0 picks four seats, or the nearest the game allows. Options are
// checked by the game; missing ones take their defaults.
func (fl *Floor) CreateTable(ctx context.Context, host *Account, lobbyID int64, game string, seats int, opts map[string]string) (Table, error) {
	if err := account(host); err != nil {
		return Table{}, err
	}
	if !fl.lobby.CanSee(host.ID, lobbyID) {
		return Table{}, userErr(ErrNotFound, "there is no such lobby")
	}
	def, err := fl.reg.Get(game)
	if err != nil {
		return Table{}, userErr(ErrNotFound, fmt.Sprintf("this server has no game %q", fl.cfg.Sanitize(game, 40)))
	}
	info, _ := fl.reg.Info(game) // shared by the game's tables: read only
	if seats == 0 {
		seats = min(max(defaultSeats, info.MinSeats), info.MaxSeats)
	}
	if seats < info.MinSeats || seats > info.MaxSeats {
		return Table{}, userErr(ErrBadSeats, fmt.Sprintf("%s is for %d to %d players", info.Title, info.MinSeats, info.MaxSeats))
	}
	full, err := def.ValidateOptions(seats, tables.PublicOptions(lobbyID == live.PublicLobbyID, info, opts))
	if err != nil {
		return Table{}, err
	}
	if fl.ShuttingDown() {
		return Table{}, ErrShuttingDown
	}
	if fl.formingHostedBy(host.ID) >= maxFormingPerHost {
		return Table{}, userErr(ErrTooManyTables, fmt.Sprintf("you already host %d forming tables; start or leave one first", maxFormingPerHost))
	}
	capMu := fl.SeatLock(host.ID)
	capMu.Lock()
	defer capMu.Unlock()
	if err := fl.CheckTableCap(host.ID, 0); err != nil {
		return Table{}, err
	}
	now := fl.clock.Now().UTC()
	t := &table{Host: fl.host, LobbyID: lobbyID, Def: def, Info: info, CreatedAt: now,
		FormState: formState{Status: TableForming, HostID: host.ID, Options: full, Seats: make([]seat, seats), UpdatedAt: now,
			TurnTimer: tables.DefaultTurnTimer(lobbyID == live.PublicLobbyID)},
		Watchers: map[*subscription]int64{}, Spectating: map[int64]bool{}}
	t.Seats[0] = seat{AccountID: host.ID}
	id, err := fl.store.CreateTable(ctx, t.Record())
	if err != nil {
		return Table{}, fl.host.StorageErr(err)
	}
	t.ID = id
	fl.Claim(ctx, t)
	fl.mu.Lock()
	fl.tables[id] = t
	fl.mu.Unlock()
	fl.log.Info("table created", "table", id, "lobby", lobbyID, "game", game, "host", host.ID)
	fl.sessions.Publish(publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: lobbyID}}})
	fl.AnnounceNew(t)
	fl.sessions.TableOpened(t.ID, t.LobbyID, t.Info.Title, host.ID) // a private lobby's chat hears of it (lobby/notify's webhooks)
	t.Mu.Lock()
	defer t.Mu.Unlock()
	t.IdleCheckLocked() // nobody watches it yet: a plain `new` may never come back
	return t.View(), nil
}

// formingHostedBy counts the forming tables the account hosts.
func (fl *Floor) formingHostedBy(accountID int64) int {
	n := 0
	fl.eachLocked(0, func(t *table) {
		if t.Status == TableForming && t.HostID == accountID {
			n++
		}
	})
	return n
}

// withTable finds a table the account may see and runs fn under its lock.
func (fl *Floor) withTable(acc *Account, tableID int64, fn func(t *table) error) error {
	if err := account(acc); err != nil {
		return err
	}
	t, err := fl.Lookup(acc.ID, tableID)
	if err != nil {
		return err
	}
	return fl.Update(t, func() error { return fn(t) })
}

// Sit seats acc at a forming table (seat -1: the first free one), or moves
// them to another free seat. At a game in progress it only takes back the
// account's own seat from the bot. A seat at a table the account is not at
// yet counts towards Config.MaxTablesPerAccount.
func (fl *Floor) Sit(ctx context.Context, acc *Account, tableID int64, seatIdx int) (int, error) {
	if res, ok, err := fl.forward(ctx, acc, TableCall{TableID: tableID, Method: CallSit, Seat: seatIdx}); ok {
		if err != nil {
			return -1, err
		}
		return int(res.Int), nil
	}
	if err := account(acc); err != nil {
		return -1, err
	}
	capMu := fl.SeatLock(acc.ID)
	capMu.Lock()
	defer capMu.Unlock()
	others, dailies := fl.unfinishedOf(acc.ID, tableID), fl.dailyOf(acc.ID, tableID)
	got := -1
	err := fl.withTable(acc, tableID, func(t *table) error {
		cur := t.SeatOf(acc.ID)
		if fl.lobby.Blocked(t, acc.ID) {
			return errBlockedSeat // lobby/protection: the host blocks them
		}
		if t.Status == TablePlaying && cur >= 0 {
			got = cur
			t.BackLocked(ctx, cur)
			return nil
		}
		if cur < 0 && t.HostID != acc.ID && (t.Status == TableForming || t.Status == TablePlaying) {
			if t.Daily() && dailies >= fl.cfg.MaxDailyTablesPerAccount {
				return fl.tooManyDaily(dailies)
			}
			if !t.Daily() && others >= fl.cfg.MaxTablesPerAccount {
				return fl.tooManyGames(others)
			}
		}
		if t.Status == TablePlaying {
			var err error
			got, err = t.SitOpenLocked(ctx, acc.ID, seatIdx)
			return err
		}
		if t.Status != TableForming {
			return ErrNotForming
		}
		if seatIdx < 0 {
			if cur >= 0 {
				got = cur
				return nil
			}
			for i, st := range t.Seats {
				if st.Empty() {
					seatIdx = i
					break
				}
			}
			if seatIdx < 0 {
				return ErrTableFull
			}
		}
		if seatIdx >= len(t.Seats) {
			return userErr(ErrNotFound, "there is no such seat")
		}
		if seatIdx == cur {
			got = cur
			return nil
		}
		if !t.Seats[seatIdx].Empty() {
			return ErrSeatTaken
		}
		before := t.Snapshot()
		if cur >= 0 {
			t.Seats[cur] = seat{}
		}
		t.Seats[seatIdx] = seat{AccountID: acc.ID}
		if err := t.Save(ctx, before); err != nil {
			return err
		}
		got = seatIdx
		return nil
	})
	return got, err
}

// Stand frees acc's seat at a forming table; a host who stands hands the
// table to the next seated player, and a table with no player left is
// abandoned. During a game, standing does not give up the seat: the player
// is marked away at once and their seat takes only its default actions until
// they Sit (or watch the table) again.
func (fl *Floor) Stand(ctx context.Context, acc *Account, tableID int64) error {
	if _, ok, err := fl.forward(ctx, acc, TableCall{TableID: tableID, Method: CallStand}); ok {
		return err
	}
	return fl.withTable(acc, tableID, func(t *table) error {
		switch t.Status {
		case TableForming:
			return t.StandLocked(ctx, acc.ID)
		case TablePlaying:
			i := t.SeatOf(acc.ID)
			if i < 0 {
				return ErrNotSeated
			}
			t.LeaveLocked(ctx, i)
			return nil
		}
		return ErrNotForming
	})
}

// SetReady marks acc ready (or not) at a forming table.
func (fl *Floor) SetReady(ctx context.Context, acc *Account, tableID int64, ready bool) error {
	if _, ok, err := fl.forward(ctx, acc, TableCall{TableID: tableID, Method: CallReady, On: ready}); ok {
		return err
	}
	return fl.withTable(acc, tableID, func(t *table) error {
		if t.Status != TableForming {
			return ErrNotForming
		}
		i := t.SeatOf(acc.ID)
		if i < 0 {
			return ErrNotSeated
		}
		if t.Seats[i].Ready == ready {
			return nil
		}
		before := t.Snapshot()
		t.Seats[i].Ready = ready
		return t.Save(ctx, before)
	})
}

// AddBot puts a bot in the first free seat (host only, while forming).
func (fl *Floor) AddBot(ctx context.Context, host *Account, tableID int64) error {
	if _, ok, err := fl.forward(ctx, host, TableCall{TableID: tableID, Method: CallAddBot}); ok {
		return err
	}
	return fl.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		botID := fl.host.StandardBot(t.Info.ID)
		for i, st := range t.Seats {
			if st.Empty() {
				before := t.Snapshot()
				t.Seats[i] = seat{AccountID: botID, Bot: true, Ready: true}
				return t.Save(ctx, before)
			}
		}
		return ErrTableFull
	})
}

// RemoveBot takes the bot out of a seat (host only, while forming).
func (fl *Floor) RemoveBot(ctx context.Context, host *Account, tableID int64, seatIdx int) error {
	if _, ok, err := fl.forward(ctx, host, TableCall{TableID: tableID, Method: CallRemoveBot, Seat: seatIdx}); ok {
		return err
	}
	return fl.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		if seatIdx < 0 || seatIdx >= len(t.Seats) || !t.Seats[seatIdx].Bot {
			return userErr(ErrNotFound, "there is no bot in that seat")
		}
		before := t.Snapshot()
		t.Seats[seatIdx] = seat{}
		return t.Save(ctx, before)
	})
}

// SetSeats changes the number of seats while forming. Occupants of seats
// that go away move to free lower seats.
func (fl *Floor) SetSeats(ctx context.Context, host *Account, tableID int64, n int) error {
	if _, ok, err := fl.forward(ctx, host, TableCall{TableID: tableID, Method: CallSeats, N: n}); ok {
		return err
	}
	return fl.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		if n < t.Info.MinSeats || n > t.Info.MaxSeats {
			return userErr(ErrBadSeats, fmt.Sprintf("%s is for %d to %d players", t.Info.Title, t.Info.MinSeats, t.Info.MaxSeats))
		}
		var taken []seat
		for _, st := range t.Seats {
			if !st.Empty() {
				taken = append(taken, st)
			}
		}
		if len(taken) > n {
			return userErr(ErrBadSeats, fmt.Sprintf("%d seats are taken; free some first", len(taken)))
		}
		opts, err := t.Def.ValidateOptions(n, t.Options)
		if err != nil {
			return err
		}
		before := t.Snapshot()
		next := make([]seat, n)
		var moved []seat
		for i, st := range t.Seats {
			if i < n {
				next[i] = st
			} else if !st.Empty() {
				moved = append(moved, st)
			}
		}
		for i := range next {
			if len(moved) > 0 && next[i].Empty() {
				next[i], moved = moved[0], moved[1:]
			}
		}
		t.Seats, t.Options = next, opts
		return t.Save(ctx, before)
	})
}

// SetOption sets one game option while forming (value "" restores the
// default). Everyone becomes not ready, since the game changed.
func (fl *Floor) SetOption(ctx context.Context, host *Account, tableID int64, key, value string) error {
	if _, ok, err := fl.forward(ctx, host, TableCall{TableID: tableID, Method: CallOption, Key: key, Value: value}); ok {
		return err
	}
	return fl.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		want := maps.Clone(t.Options)
		if value == "" {
			delete(want, key)
		} else {
			want[key] = value
		}
		opts, err := t.Def.ValidateOptions(len(t.Seats), want)
		if err != nil {
			return err
		}
		if maps.Equal(opts, t.Options) {
			return nil
		}
		before := t.Snapshot()
		t.Options = opts
		t.Unready()
		return t.Save(ctx, before)
	})
}

// SetTurnTimer sets the turn timer while forming: one of TurnTimers.
func (fl *Floor) SetTurnTimer(ctx context.Context, host *Account, tableID int64, seconds int) error {
	if _, ok, err := fl.forward(ctx, host, TableCall{TableID: tableID, Method: CallTurnTimer, N: seconds}); ok {
		return err
	}
	if err := account(host); err != nil {
		return err
	}
	// A table that turns daily (or live again) moves to that pace's cap.
	capMu := fl.SeatLock(host.ID)
	capMu.Lock()
	defer capMu.Unlock()
	others, dailies := fl.unfinishedOf(host.ID, tableID), fl.dailyOf(host.ID, tableID)
	return fl.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		if !tables.ValidTurnTimer(seconds) {
			return ErrBadTimer
		}
		switch {
		case play.Daily(seconds) && !t.Daily() && dailies >= fl.cfg.MaxDailyTablesPerAccount:
			return fl.tooManyDaily(dailies)
		case !play.Daily(seconds) && t.Daily() && others >= fl.cfg.MaxTablesPerAccount:
			return fl.tooManyGames(others)
		}
		before := t.Snapshot()
		t.TurnTimer = seconds
		return t.Save(ctx, before)
	})
}
