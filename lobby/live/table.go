package live

import (
	"context"
	"errors"
	"maps"
	"sync"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
)

// SeatState is one SeatState of a table in memory.
type SeatState struct {
	AccountID int64 // the player, or the game's bot account
	Bot       bool
	Ready     bool
}

func (s SeatState) Empty() bool { return s.AccountID == 0 }

// SeatPlay is the live state of a seat during a game; never stored.
type SeatPlay struct {
	play.Presence           // where the player is: gone, idle, AFK, handed to a bot (lobby/play)
	Deadline      time.Time // turn timer; zero when none runs
	awayTimer     Timer
	awayGen       uint64
	bot           engine.Bot
	strong        bool // bot searches (engine.LevelStrong): its moves take a slot of Host.Searches
	// botRound and botMoves count the bot's moves for the seat in the
	// game's round botRound (runaway.go).
	botRound, botMoves int
	// since is the oldest game version whose screen still shows this seat
	// the game as it is now; an Act made on an older one is stale (stale.go).
	since int
}

// Table is one Table. Every field below mu is guarded by it; the fields
// above are fixed at creation.
type Table struct {
	Host      Host // the node it runs on (tablehost.go)
	ID        int64
	LobbyID   int64
	Def       engine.Definition
	Info      engine.Info
	CreatedAt time.Time

	Mu        sync.Mutex
	Closed    bool // the service shut down
	FormState      // status, host, options, seats, timer, setup and times
	Imported  bool // opened by ImportGame: its game is never rated
	// ResultOnly: a finished game's import, a result to look at; never in
	// the lobby's table list (importfinished.go).
	ResultOnly bool

	Watchers        map[*subscription]int64 // subscription -> viewer account (0: guest)
	Spectating      map[int64]bool          // accounts that called Spectate(on)
	GuestSpectators int

	G       engine.Game
	Actions LoggedActions // the whole log, for rollback (loggedactions.go)
	Version int
	Log     play.Log // the last LogKeep events (lobby/play)
	Play    []SeatPlay
	gen     uint64 // bumped at every reschedule; stale timer callbacks see a different value
	botT    Timer
	turnT   Timer
	limitT  Timer // the game's time limit (timelimit.go)
	idleT   Timer // a forming table nobody watches closes (idleforming.go)
	idleGen uint64
	backoff play.Backoff // while writes fail (backoff.go)

	out []Publication // published by the floor's Update (TakeOut) after the lock is released

	botLevels []engine.BotLevel // the game's bot levels, as View hands them out (never written)

	Rematch *tables.Rematch // after the game: who accepted a rematch (rematch.go)

	// In a cluster (node.go, replica.go): a replica applies the owner's notices and
	// never writes, times or moves bots; the owner writes with its lease
	// token and queues what the next notice tells the others; between
	// owners, the owner's silence and the moves waiting (lobby/live).
	Own Ownership
}

// FormState is what a forming change may touch, for rolling back when the
// store refuses it.
type FormState struct {
	Status string
	HostID int64
	// Options is never written in place, only replaced whole (the floor's
	// forming calls, a replica's record, a rollback's snapshot): the
	// table's views share the map rather than copy it at every change.
	Options   map[string]string
	Seats     []SeatState
	TurnTimer int
	Setup     *engine.Setup
	UpdatedAt time.Time
	StartedAt time.Time
}

// Snapshot copies the forming state, deep enough that later changes to the
// table's options and seats do not reach the copy.
func (t *Table) Snapshot() FormState {
	f := t.FormState
	f.Options = maps.Clone(t.Options)
	f.Seats = append([]SeatState(nil), t.Seats...)
	return f
}

func (t *Table) rollback(f FormState) { t.FormState = f }

func (t *Table) Record() TableRecord {
	rec := TableRecord{ID: t.ID, LobbyID: t.LobbyID, Game: t.Info.ID, Options: maps.Clone(t.Options), HostID: t.HostID,
		Status: t.Status, TurnTimer: t.TurnTimer, Setup: t.Setup, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt,
		StartedAt: t.StartedAt}
	for _, st := range t.Seats {
		rec.Seats = append(rec.Seats, SeatRecord{AccountID: st.AccountID, Bot: st.Bot, Ready: st.Ready})
	}
	return rec
}

// Save writes the table's forming state; on failure the change is undone.
func (t *Table) Save(ctx context.Context, before FormState) error {
	if t.Own.Replica() {
		t.rollback(before)
		return ErrNoOwner
	}
	t.UpdatedAt = t.Host.Now().UTC()
	rec := t.Record()
	rec.Token = t.Own.Token()
	if err := t.Host.TableStore().SaveTable(context.WithoutCancel(ctx), rec); err != nil {
		t.rollback(before)
		if errors.Is(err, ErrFenced) {
			t.fencedLocked()
			return ErrNoOwner
		}
		return t.Host.StorageErr(err)
	}
	t.Changed(true)
	return nil
}

// Changed queues a TopicTable update, and a TopicLobby one when the change
// shows in the lobby's table list.
func (t *Table) Changed(lobbyToo bool) {
	t.out = append(t.out, Publication{U: Update{Topic: Topic{Kind: TopicTable, ID: t.ID}}})
	if lobbyToo {
		t.out = append(t.out, Publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: t.LobbyID}}})
	}
}

// SeatOf returns the seat of a human account, or -1.
func (t *Table) SeatOf(accountID int64) int {
	if accountID == 0 {
		return -1
	}
	for i, st := range t.Seats {
		if st.AccountID == accountID && !st.Bot {
			return i
		}
	}
	return -1
}

// Connections counts the subscriptions of an account watching the table;
// at an owner in a cluster, a watching session on another node counts one.
func (t *Table) Connections(accountID int64) int {
	n := 0
	for _, id := range t.Watchers {
		if id == accountID {
			n++
		}
	}
	if t.Host.Clustered() && !t.Own.Replica() && accountID != 0 && t.Host.WatchedElsewhere(t.ID, accountID) {
		n++
	}
	return n
}

func (t *Table) SpectatorCount() int {
	accounts := map[int64]bool{}
	guests := 0
	for _, id := range t.Watchers {
		if id == 0 {
			guests++
		} else if t.SeatOf(id) < 0 {
			accounts[id] = true
		}
	}
	for id := range t.Spectating {
		if t.SeatOf(id) < 0 {
			accounts[id] = true
		}
	}
	return len(accounts) + max(guests, t.GuestSpectators)
}

// away reports whether the seat's player is absent: not watching the
// table, or flagged AFK after missed turns.
func (t *Table) away(i int) bool {
	return t.Play != nil && i >= 0 && i < len(t.Play) && t.Play[i].Away()
}

// handedOver reports whether the player handed the seat to a bot.
func (t *Table) handedOver(i int) bool {
	return t.Play != nil && i >= 0 && i < len(t.Play) && t.Play[i].Handed
}

// View is the table as sessions see it.
func (t *Table) View() tables.Table {
	if t.botLevels == nil {
		t.botLevels = engine.BotLevels(t.Def)
	}
	out := tables.Table{ID: t.ID, LobbyID: t.LobbyID, Game: t.Info.ID, GameTitle: t.Info.Title, Options: t.Options,
		HostID: t.HostID, HostHandle: t.Host.Handle(t.HostID), Status: t.Status, MinSeats: t.Info.MinSeats,
		MaxSeats: t.Info.MaxSeats, TurnTimer: t.TurnTimer, Spectators: t.SpectatorCount(),
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt, BotLevels: t.botLevels,
		Seats: make([]tables.Seat, 0, len(t.Seats))}
	for i, st := range t.Seats {
		v := tables.Seat{Index: i, Ready: st.Ready}
		switch {
		case st.Bot:
			v.AccountID, v.Bot, v.Handle, v.Ready = st.AccountID, true, BotName(i), true
			v.Level = play.LevelName(t.Host.BotLevel(st.AccountID))
		case !st.Empty():
			v.AccountID, v.Handle = st.AccountID, t.Host.Handle(st.AccountID)
			v.Connected = t.Connections(st.AccountID) > 0
			v.Online = v.Connected || t.Host.Online(st.AccountID)
			v.Away = t.Status == TablePlaying && t.away(i)
			v.BotPlays = t.Status == TablePlaying && t.handedOver(i)
		}
		if so, ok := t.G.(engine.SeatsOut); ok && t.Status == TablePlaying {
			v.Out = so.Out(i)
		}
		out.Seats = append(out.Seats, v)
	}
	if t.G != nil {
		out.Round = t.G.Round()
		if t.Status == TablePlaying && !t.G.Outcome().Finished {
			for _, w := range t.G.Prompt().Waiting {
				if w.Seat >= 0 && w.Seat < len(out.Seats) {
					out.Seats[w.Seat].Awaited = true
				}
			}
		}
	}
	if l := t.Own.Live(); t.Own.Replica() && l != nil {
		l.ApplyTo(&out)
	}
	return out
}

// The table's timers as their handlers (lobby/floor) check them, under
// t.Mu: a timer's callback runs after its lock is free, so the table may
// have moved on meanwhile.

// Scheduled reports whether a bot or turn timer of generation gen is still
// the table's: nothing rescheduled since.
func (t *Table) Scheduled(gen uint64) bool { return t.gen == gen }

// AwayCurrent reports whether seat i's away timer of generation gen is
// still the seat's; AwayFired forgets the timer that fired.
func (t *Table) AwayCurrent(i int, gen uint64) bool { return t.Play[i].awayGen == gen }
func (t *Table) AwayFired(i int)                    { t.Play[i].awayTimer = nil }

// IdleCurrent reports whether the idle timer of a forming table of
// generation gen is still the table's; IdleFired forgets the timer that
// fired.
func (t *Table) IdleCurrent(gen uint64) bool { return t.idleGen == gen }
func (t *Table) IdleFired()                  { t.idleT = nil }

// LimitFired forgets the time limit's timer, which fired.
func (t *Table) LimitFired() { t.limitT = nil }

// TakeOut returns the publications queued since the last update and
// empties the queue (the floor publishes them once the lock is released).
func (t *Table) TakeOut() []Publication {
	out := t.out
	t.out = nil
	return out
}
