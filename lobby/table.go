package lobby

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sort"
	"sync"
	"time"

	"boardroom/engine"
	"boardroom/lobby/live"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
)

// seat is one seat of a table in memory.
type seat struct {
	accountID int64 // the player, or the game's bot account
	bot       bool
	ready     bool
}

func (s seat) empty() bool { return s.accountID == 0 }

// seatPlay is the live state of a seat during a game; never stored.
type seatPlay struct {
	play.Presence           // where the player is: gone, idle, AFK, handed to a bot (lobby/play)
	deadline      time.Time // turn timer; zero when none runs
	awayTimer     Timer
	awayGen       uint64
	bot           engine.Bot
	// since is the oldest game version whose screen still shows this seat
	// the game as it is now; an Act made on an older one is stale (stale.go).
	since int
}

// EventLine is an event of a game's log as viewer reads it (a replay reads
// it as engine.Spectator), with players' names for the engine's "Seat N";
// ok is false when the viewer reads nothing of it.
func EventLine(seq int, ev engine.Event, at time.Time, viewer int, names []string) (LogLine, bool) {
	return play.EventLine(seq, ev, at, viewer, names)
}

// table is one table. Every field below mu is guarded by it; the fields
// above are fixed at creation.
type table struct {
	s         tableHost // the node it runs on (tablehost.go)
	id        int64
	lobbyID   int64
	def       engine.Definition
	info      engine.Info
	createdAt time.Time

	mu        sync.Mutex
	closed    bool // the service shut down
	formState      // status, host, options, seats, timer, setup and times
	imported  bool // opened by ImportGame: its game is never rated
	// resultOnly: a finished game's import, a result to look at; never in
	// the lobby's table list (importfinished.go).
	resultOnly bool

	watchers        map[*subscription]int64 // subscription -> viewer account (0: guest)
	spectating      map[int64]bool          // accounts that called Spectate(on)
	guestSpectators int

	g       engine.Game
	actions []engine.LoggedAction // the whole log, for rollback
	version int
	log     play.Log // the last LogKeep events (lobby/play)
	play    []seatPlay
	gen     uint64 // bumped at every reschedule; stale timer callbacks see a different value
	botT    Timer
	turnT   Timer
	limitT  Timer // the game's time limit (timelimit.go)
	idleT   Timer // a forming table nobody watches closes (idleforming.go)
	idleGen uint64
	backoff play.Backoff // while writes fail (backoff.go)

	out []publication // published by update after the lock is released

	rematch *tables.Rematch // after the game: who accepted a rematch (rematch.go)

	// In a cluster (node.go, replica.go): a replica applies the owner's notices and
	// never writes, times or moves bots; the owner writes with its lease
	// token and queues what the next notice tells the others; between
	// owners, the owner's silence and the moves waiting (lobby/live).
	own live.Ownership
}

// formState is what a forming change may touch, for rolling back when the
// store refuses it.
type formState struct {
	status    string
	hostID    int64
	options   map[string]string
	seats     []seat
	turnTimer int
	setup     *engine.Setup
	updatedAt time.Time
	startedAt time.Time
}

// snapshot copies the forming state, deep enough that later changes to the
// table's options and seats do not reach the copy.
func (t *table) snapshot() formState {
	f := t.formState
	f.options = maps.Clone(t.options)
	f.seats = append([]seat(nil), t.seats...)
	return f
}

func (t *table) rollback(f formState) { t.formState = f }

func (t *table) record() TableRecord {
	rec := TableRecord{ID: t.id, LobbyID: t.lobbyID, Game: t.info.ID, Options: maps.Clone(t.options), HostID: t.hostID,
		Status: t.status, TurnTimer: t.turnTimer, Setup: t.setup, CreatedAt: t.createdAt, UpdatedAt: t.updatedAt,
		StartedAt: t.startedAt}
	for _, st := range t.seats {
		rec.Seats = append(rec.Seats, SeatRecord{AccountID: st.accountID, Bot: st.bot, Ready: st.ready})
	}
	return rec
}

// save writes the table's forming state; on failure the change is undone.
func (t *table) save(ctx context.Context, before formState) error {
	if t.own.Replica() {
		t.rollback(before)
		return ErrNoOwner
	}
	t.updatedAt = t.s.now().UTC()
	rec := t.record()
	rec.Token = t.own.Token()
	if err := t.s.tableStore().SaveTable(context.WithoutCancel(ctx), rec); err != nil {
		t.rollback(before)
		if errors.Is(err, ErrFenced) {
			t.fencedLocked()
			return ErrNoOwner
		}
		return t.s.storageErr(err)
	}
	t.changed(true)
	return nil
}

// changed queues a TopicTable update, and a TopicLobby one when the change
// shows in the lobby's table list.
func (t *table) changed(lobbyToo bool) {
	t.out = append(t.out, publication{u: Update{Topic: Topic{Kind: TopicTable, ID: t.id}}})
	if lobbyToo {
		t.out = append(t.out, publication{u: Update{Topic: Topic{Kind: TopicLobby, ID: t.lobbyID}}})
	}
}

// update runs fn under the table's lock and publishes what it queued once
// the lock is released.
func (s *Service) update(t *table, fn func() error) error {
	_, err := s.updateFrame(t, fn)
	return err
}

// updateFrame is update returning the state frame it published with the
// table's update (nil when fn changed nothing at the table). The frame is
// built once under the lock, after fn, for the classes of the table's
// watchers (frame.go).
func (s *Service) updateFrame(t *table, fn func() error) (*stateFrame, error) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil, ErrShuttingDown
	}
	err := fn()
	t.idleCheckLocked()
	out := t.out
	t.out = nil
	notice := t.noticeLocked(len(out) > 0)
	var f *stateFrame
	kept := out[:0]
	for _, p := range out {
		if p.u.Topic.Kind == TopicTable && p.u.Topic.ID == t.id && p.only == 0 && p.exclude == nil {
			if f != nil {
				continue // one table update per change: every copy would say the same
			}
			f = t.frame()
			p.frame = f
		}
		kept = append(kept, p)
	}
	if len(out) > 0 {
		kept = append(kept, s.bellsLocked(t)...) // a decision that opened rings its player (bell.go)
	}
	t.mu.Unlock()
	s.hub.publish(kept...)
	s.announce(notice)
	return f, err
}

// seatOf returns the seat of a human account, or -1.
func (t *table) seatOf(accountID int64) int {
	if accountID == 0 {
		return -1
	}
	for i, st := range t.seats {
		if st.accountID == accountID && !st.bot {
			return i
		}
	}
	return -1
}

// connections counts the subscriptions of an account watching the table;
// at an owner in a cluster, a watching session on another node counts one.
func (t *table) connections(accountID int64) int {
	n := 0
	for _, id := range t.watchers {
		if id == accountID {
			n++
		}
	}
	if t.s.clustered() && !t.own.Replica() && accountID != 0 && t.s.watchedElsewhere(t.id, accountID) {
		n++
	}
	return n
}

func (t *table) spectatorCount() int {
	accounts := map[int64]bool{}
	guests := 0
	for _, id := range t.watchers {
		if id == 0 {
			guests++
		} else if t.seatOf(id) < 0 {
			accounts[id] = true
		}
	}
	for id := range t.spectating {
		if t.seatOf(id) < 0 {
			accounts[id] = true
		}
	}
	return len(accounts) + max(guests, t.guestSpectators)
}

// away reports whether the seat's player is absent: not watching the
// table, or flagged AFK after missed turns.
func (t *table) away(i int) bool {
	return t.play != nil && i >= 0 && i < len(t.play) && t.play[i].Away()
}

// handedOver reports whether the player handed the seat to a bot.
func (t *table) handedOver(i int) bool {
	return t.play != nil && i >= 0 && i < len(t.play) && t.play[i].Handed
}

// view is the table as sessions see it.
func (t *table) view() Table {
	out := Table{ID: t.id, LobbyID: t.lobbyID, Game: t.info.ID, GameTitle: t.info.Title, Options: maps.Clone(t.options),
		HostID: t.hostID, HostHandle: t.s.handle(t.hostID), Status: t.status, MinSeats: t.info.MinSeats,
		MaxSeats: t.info.MaxSeats, TurnTimer: t.turnTimer, Spectators: t.spectatorCount(),
		CreatedAt: t.createdAt, UpdatedAt: t.updatedAt, BotLevels: engine.BotLevels(t.def)}
	for i, st := range t.seats {
		v := Seat{Index: i, Ready: st.ready}
		switch {
		case st.bot:
			v.AccountID, v.Bot, v.Handle, v.Ready = st.accountID, true, fmt.Sprintf("Bot %d", i+1), true
			v.Level = play.LevelName(t.s.BotLevel(st.accountID))
		case !st.empty():
			v.AccountID, v.Handle = st.accountID, t.s.handle(st.accountID)
			v.Connected = t.connections(st.accountID) > 0
			v.Online = v.Connected || t.s.online(st.accountID)
			v.Away = t.status == TablePlaying && t.away(i)
			v.BotPlays = t.status == TablePlaying && t.handedOver(i)
		}
		if so, ok := t.g.(engine.SeatsOut); ok && t.status == TablePlaying {
			v.Out = so.Out(i)
		}
		out.Seats = append(out.Seats, v)
	}
	if t.g != nil {
		out.Round = t.g.Round()
		if t.status == TablePlaying && !t.g.Outcome().Finished {
			for _, w := range t.g.Prompt().Waiting {
				if w.Seat >= 0 && w.Seat < len(out.Seats) {
					out.Seats[w.Seat].Awaited = true
				}
			}
		}
	}
	if l := t.own.Live(); t.own.Replica() && l != nil {
		l.ApplyTo(&out)
	}
	return out
}

// lookupTable returns a table the viewer may see.
func (s *Service) lookupTable(viewer, id int64) (*table, error) {
	s.mu.RLock()
	t, ok := s.tables[id]
	s.mu.RUnlock()
	if !ok || !s.canSeeLobby(viewer, t.lobbyID) {
		return nil, userErr(ErrNotFound, "there is no such table")
	}
	return t, nil
}

// tablesOf returns the tables of a lobby, oldest first.
func (s *Service) tablesOf(lobbyID int64) []*table {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []*table
	for _, t := range s.tables {
		if t.lobbyID == lobbyID {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

var statusOrder = map[string]int{TableForming: 0, TablePlaying: 1, TableFinished: 2, TableAbandoned: 3}

// Tables lists a lobby's tables: forming first, then playing, then those
// finished or abandoned in the last FinishedListed (older finished games
// are in RecentResults).
func (s *Service) Tables(ctx context.Context, viewer *Account, lobbyID int64) ([]Table, error) {
	if !s.canSeeLobby(viewerID(viewer), lobbyID) {
		return nil, userErr(ErrNotFound, "there is no such lobby")
	}
	s.prune()
	cutoff := s.clock.Now().UTC().Add(-FinishedListed)
	var out []Table
	for _, t := range s.tablesOf(lobbyID) {
		t.mu.Lock()
		// A finished game's import is not a table anyone plays at: its
		// standings are among the lobby's results.
		recent := (t.status != TableFinished && t.status != TableAbandoned) || !t.updatedAt.Before(cutoff)
		if recent && !t.resultOnly {
			out = append(out, t.view())
		}
		t.mu.Unlock()
	}
	sort.SliceStable(out, func(i, j int) bool { return statusOrder[out[i].Status] < statusOrder[out[j].Status] })
	return out, nil
}

// Table returns one table the viewer may see.
func (s *Service) Table(ctx context.Context, viewer *Account, tableID int64) (Table, error) {
	t, err := s.lookupTable(viewerID(viewer), tableID)
	if err != nil {
		return Table{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.view(), nil
}

// prune forgets finished and abandoned tables after finishedRetention.
func (s *Service) prune() {
	cutoff := s.clock.Now().UTC().Add(-finishedRetention)
	s.mu.RLock()
	var old []*table
	for _, t := range s.tables {
		old = append(old, t)
	}
	s.mu.RUnlock()
	var drop []int64
	for _, t := range old {
		t.mu.Lock()
		if (t.status == TableFinished || t.status == TableAbandoned) && t.updatedAt.Before(cutoff) {
			drop = append(drop, t.id)
		}
		t.mu.Unlock()
	}
	if len(drop) == 0 {
		return
	}
	s.mu.Lock()
	for _, id := range drop {
		delete(s.tables, id)
	}
	s.mu.Unlock()
	for _, id := range drop {
		s.chat.Forget(TableChannel(id), SpectatorChannel(id))
	}
}
