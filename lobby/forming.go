package lobby

import (
	"context"
	"fmt"
	"maps"

	"boardroom/lobby/play"
)

// defaultSeats is the table size CreateTable uses when asked for 0 seats
// (clamped to what the game allows).
const defaultSeats = 4

// CreateTable opens a forming table in a lobby with the host in seat 0.
// seats 0 picks four seats, or the nearest the game allows. Options are
// checked by the game; missing ones take their defaults.
func (s *Service) CreateTable(ctx context.Context, host *Account, lobbyID int64, game string, seats int, opts map[string]string) (Table, error) {
	if err := account(host); err != nil {
		return Table{}, err
	}
	if !s.canSeeLobby(host.ID, lobbyID) {
		return Table{}, userErr(ErrNotFound, "there is no such lobby")
	}
	def, err := s.reg.Get(game)
	if err != nil {
		return Table{}, userErr(ErrNotFound, fmt.Sprintf("this server has no game %q", Sanitize(game, 40)))
	}
	info := def.Info()
	if seats == 0 {
		seats = min(max(defaultSeats, info.MinSeats), info.MaxSeats)
	}
	if seats < info.MinSeats || seats > info.MaxSeats {
		return Table{}, userErr(ErrBadSeats, fmt.Sprintf("%s is for %d to %d players", info.Title, info.MinSeats, info.MaxSeats))
	}
	full, err := def.ValidateOptions(seats, publicOptions(lobbyID, info, opts))
	if err != nil {
		return Table{}, err
	}
	if s.shuttingDown() {
		return Table{}, ErrShuttingDown
	}
	if s.formingHostedBy(host.ID) >= maxFormingPerHost {
		return Table{}, userErr(ErrTooManyTables, fmt.Sprintf("you already host %d forming tables; start or leave one first", maxFormingPerHost))
	}
	capMu := s.seatLock(host.ID)
	capMu.Lock()
	defer capMu.Unlock()
	if err := s.checkTableCap(host.ID, 0); err != nil {
		return Table{}, err
	}
	now := s.clock.Now().UTC()
	t := &table{s: s, lobbyID: lobbyID, def: def, info: info, createdAt: now,
		formState: formState{status: TableForming, hostID: host.ID, options: full, seats: make([]seat, seats), updatedAt: now,
			turnTimer: defaultTurnTimer(lobbyID)},
		watchers: map[*subscription]int64{}, spectating: map[int64]bool{}}
	t.seats[0] = seat{accountID: host.ID}
	id, err := s.store.CreateTable(ctx, t.record())
	if err != nil {
		return Table{}, s.storageErr(err)
	}
	t.id = id
	s.claimNew(ctx, t)
	s.mu.Lock()
	s.tables[id] = t
	s.mu.Unlock()
	s.log.Info("table created", "table", id, "lobby", lobbyID, "game", game, "host", host.ID)
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicLobby, ID: lobbyID}}})
	s.announceNew(t)
	s.hooks.TableOpened(t.id, t.lobbyID, t.info.Title, host.ID) // a private lobby's chat hears of it (webhooks.go)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.idleCheckLocked() // nobody watches it yet: a plain `new` may never come back
	return t.view(), nil
}

func (s *Service) formingHostedBy(accountID int64) int {
	s.mu.RLock()
	all := make([]*table, 0, len(s.tables))
	for _, t := range s.tables {
		all = append(all, t)
	}
	s.mu.RUnlock()
	n := 0
	for _, t := range all {
		t.mu.Lock()
		if t.status == TableForming && t.hostID == accountID {
			n++
		}
		t.mu.Unlock()
	}
	return n
}

// withTable finds a table the account may see and runs fn under its lock.
func (s *Service) withTable(acc *Account, tableID int64, fn func(t *table) error) error {
	if err := account(acc); err != nil {
		return err
	}
	t, err := s.lookupTable(acc.ID, tableID)
	if err != nil {
		return err
	}
	return s.update(t, func() error { return fn(t) })
}

// hostForming checks that acc hosts the forming table.
func (t *table) hostForming(acc *Account) error {
	if t.hostID != acc.ID {
		return ErrNotHost
	}
	if t.status != TableForming {
		return ErrNotForming
	}
	return nil
}

// Sit seats acc at a forming table (seat -1: the first free one), or moves
// them to another free seat. At a game in progress it only takes back the
// account's own seat from the bot. A seat at a table the account is not at
// yet counts towards Config.MaxTablesPerAccount.
func (s *Service) Sit(ctx context.Context, acc *Account, tableID int64, seatIdx int) (int, error) {
	if res, ok, err := s.forward(ctx, acc, TableCall{TableID: tableID, Method: CallSit, Seat: seatIdx}); ok {
		if err != nil {
			return -1, err
		}
		return int(res.Int), nil
	}
	if err := account(acc); err != nil {
		return -1, err
	}
	capMu := s.seatLock(acc.ID)
	capMu.Lock()
	defer capMu.Unlock()
	others, dailies := s.unfinishedOf(acc.ID, tableID), s.dailyOf(acc.ID, tableID)
	got := -1
	err := s.withTable(acc, tableID, func(t *table) error {
		cur := t.seatOf(acc.ID)
		if s.blockedSeat(t, acc.ID) {
			return errBlockedSeat // blocks.go
		}
		if t.status == TablePlaying && cur >= 0 {
			got = cur
			t.backLocked(ctx, cur)
			return nil
		}
		if cur < 0 && t.hostID != acc.ID && (t.status == TableForming || t.status == TablePlaying) {
			if t.daily() && dailies >= s.cfg.MaxDailyTablesPerAccount {
				return s.tooManyDaily(dailies)
			}
			if !t.daily() && others >= s.cfg.MaxTablesPerAccount {
				return s.tooManyGames(others)
			}
		}
		if t.status == TablePlaying {
			var err error
			got, err = t.sitOpenLocked(ctx, acc.ID, seatIdx)
			return err
		}
		if t.status != TableForming {
			return ErrNotForming
		}
		if seatIdx < 0 {
			if cur >= 0 {
				got = cur
				return nil
			}
			for i, st := range t.seats {
				if st.empty() {
					seatIdx = i
					break
				}
			}
			if seatIdx < 0 {
				return ErrTableFull
			}
		}
		if seatIdx >= len(t.seats) {
			return userErr(ErrNotFound, "there is no such seat")
		}
		if seatIdx == cur {
			got = cur
			return nil
		}
		if !t.seats[seatIdx].empty() {
			return ErrSeatTaken
		}
		before := t.snapshot()
		if cur >= 0 {
			t.seats[cur] = seat{}
		}
		t.seats[seatIdx] = seat{accountID: acc.ID}
		if err := t.save(ctx, before); err != nil {
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
func (s *Service) Stand(ctx context.Context, acc *Account, tableID int64) error {
	if _, ok, err := s.forward(ctx, acc, TableCall{TableID: tableID, Method: CallStand}); ok {
		return err
	}
	return s.withTable(acc, tableID, func(t *table) error {
		switch t.status {
		case TableForming:
			return t.standLocked(ctx, acc.ID)
		case TablePlaying:
			i := t.seatOf(acc.ID)
			if i < 0 {
				return ErrNotSeated
			}
			t.leaveLocked(ctx, i)
			return nil
		}
		return ErrNotForming
	})
}

func (t *table) standLocked(ctx context.Context, accountID int64) error {
	cur := t.seatOf(accountID)
	if cur < 0 {
		return ErrNotSeated
	}
	before := t.snapshot()
	t.seats[cur] = seat{}
	if t.hostID == accountID {
		t.hostID = 0
		for _, st := range t.seats {
			if !st.empty() && !st.bot {
				t.hostID = st.accountID
				break
			}
		}
		if t.hostID == 0 {
			t.hostID = accountID // the last host stays on record
			t.status = TableAbandoned
		}
	}
	return t.save(ctx, before)
}

// SetReady marks acc ready (or not) at a forming table.
func (s *Service) SetReady(ctx context.Context, acc *Account, tableID int64, ready bool) error {
	if _, ok, err := s.forward(ctx, acc, TableCall{TableID: tableID, Method: CallReady, On: ready}); ok {
		return err
	}
	return s.withTable(acc, tableID, func(t *table) error {
		if t.status != TableForming {
			return ErrNotForming
		}
		i := t.seatOf(acc.ID)
		if i < 0 {
			return ErrNotSeated
		}
		if t.seats[i].ready == ready {
			return nil
		}
		before := t.snapshot()
		t.seats[i].ready = ready
		return t.save(ctx, before)
	})
}

// AddBot puts a bot in the first free seat (host only, while forming).
func (s *Service) AddBot(ctx context.Context, host *Account, tableID int64) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallAddBot}); ok {
		return err
	}
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.hostForming(host); err != nil {
			return err
		}
		bot := s.bots.Standard(t.info.ID)
		for i, st := range t.seats {
			if st.empty() {
				before := t.snapshot()
				t.seats[i] = seat{accountID: bot.ID, bot: true, ready: true}
				return t.save(ctx, before)
			}
		}
		return ErrTableFull
	})
}

// RemoveBot takes the bot out of a seat (host only, while forming).
func (s *Service) RemoveBot(ctx context.Context, host *Account, tableID int64, seatIdx int) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallRemoveBot, Seat: seatIdx}); ok {
		return err
	}
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.hostForming(host); err != nil {
			return err
		}
		if seatIdx < 0 || seatIdx >= len(t.seats) || !t.seats[seatIdx].bot {
			return userErr(ErrNotFound, "there is no bot in that seat")
		}
		before := t.snapshot()
		t.seats[seatIdx] = seat{}
		return t.save(ctx, before)
	})
}

// SetSeats changes the number of seats while forming. Occupants of seats
// that go away move to free lower seats.
func (s *Service) SetSeats(ctx context.Context, host *Account, tableID int64, n int) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallSeats, N: n}); ok {
		return err
	}
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.hostForming(host); err != nil {
			return err
		}
		if n < t.info.MinSeats || n > t.info.MaxSeats {
			return userErr(ErrBadSeats, fmt.Sprintf("%s is for %d to %d players", t.info.Title, t.info.MinSeats, t.info.MaxSeats))
		}
		var taken []seat
		for _, st := range t.seats {
			if !st.empty() {
				taken = append(taken, st)
			}
		}
		if len(taken) > n {
			return userErr(ErrBadSeats, fmt.Sprintf("%d seats are taken; free some first", len(taken)))
		}
		opts, err := t.def.ValidateOptions(n, t.options)
		if err != nil {
			return err
		}
		before := t.snapshot()
		next := make([]seat, n)
		var moved []seat
		for i, st := range t.seats {
			if i < n {
				next[i] = st
			} else if !st.empty() {
				moved = append(moved, st)
			}
		}
		for i := range next {
			if len(moved) > 0 && next[i].empty() {
				next[i], moved = moved[0], moved[1:]
			}
		}
		t.seats, t.options = next, opts
		return t.save(ctx, before)
	})
}

// SetOption sets one game option while forming (value "" restores the
// default). Everyone becomes not ready, since the game changed.
func (s *Service) SetOption(ctx context.Context, host *Account, tableID int64, key, value string) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallOption, Key: key, Value: value}); ok {
		return err
	}
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.hostForming(host); err != nil {
			return err
		}
		want := maps.Clone(t.options)
		if value == "" {
			delete(want, key)
		} else {
			want[key] = value
		}
		opts, err := t.def.ValidateOptions(len(t.seats), want)
		if err != nil {
			return err
		}
		if maps.Equal(opts, t.options) {
			return nil
		}
		before := t.snapshot()
		t.options = opts
		t.unready()
		return t.save(ctx, before)
	})
}

func (t *table) unready() {
	for i, st := range t.seats {
		if !st.bot {
			t.seats[i].ready = false
		}
	}
}

// TurnTimerRules is the turn-timer setting that follows rules C-7: 60 s for
// an ordinary decision, 30 s for a sealed bid, 90 s for answering a trade
// and 120 s for a simultaneous selection (play.TurnSeconds).
const TurnTimerRules = play.TurnTimerRules

// SetTurnTimer sets the turn timer while forming: one of TurnTimers.
func (s *Service) SetTurnTimer(ctx context.Context, host *Account, tableID int64, seconds int) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallTurnTimer, N: seconds}); ok {
		return err
	}
	if err := account(host); err != nil {
		return err
	}
	// A table that turns daily (or live again) moves to that pace's cap.
	capMu := s.seatLock(host.ID)
	capMu.Lock()
	defer capMu.Unlock()
	others, dailies := s.unfinishedOf(host.ID, tableID), s.dailyOf(host.ID, tableID)
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.hostForming(host); err != nil {
			return err
		}
		if !ValidTurnTimer(seconds) {
			return ErrBadTimer
		}
		switch {
		case play.Daily(seconds) && !t.daily() && dailies >= s.cfg.MaxDailyTablesPerAccount:
			return s.tooManyDaily(dailies)
		case !play.Daily(seconds) && t.daily() && others >= s.cfg.MaxTablesPerAccount:
			return s.tooManyGames(others)
		}
		before := t.snapshot()
		t.turnTimer = seconds
		return t.save(ctx, before)
	})
}
