package floor_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/errs"
	"boardroom/lobby/floor"
	"boardroom/lobby/live"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/lobbytest"
	"boardroom/lobby/play"
	"boardroom/lobby/topics"
)

// The floor over fakes of the three interfaces it asks the live lobby
// through (floor.Node, floor.Lobby, floor.Sessions), a fake clock and the
// real SQLite store: what it needs of the rest of the lobby is those and
// nothing else.

// fakeNode is the node as a table asks it: one node, a fake clock.
type fakeNode struct {
	clock *lobbytest.FakeClock
	store *db.Store
	bot   int64

	mu      sync.Mutex
	handles map[int64]string
}

func (n *fakeNode) Now() time.Time       { return n.clock.Now() }
func (n *fakeNode) Logger() *slog.Logger { return slog.New(slog.DiscardHandler) }
func (n *fakeNode) AfterFunc(d time.Duration, _ string, f func()) live.Timer {
	return n.clock.AfterFunc(d, f)
}
func (n *fakeNode) Clustered() bool                  { return false }
func (n *fakeNode) Bots() live.Bots                  { return live.Bots{} }
func (n *fakeNode) AwayAfter() time.Duration         { return time.Minute }
func (n *fakeNode) Observer() live.Observer          { return nil }
func (n *fakeNode) TableStore() live.Writes          { return n.store }
func (n *fakeNode) StorageErr(err error) error       { return errs.ErrStorage }
func (n *fakeNode) WatchedElsewhere(_, _ int64) bool { return false }
func (n *fakeNode) Online(int64) bool                { return false }
func (n *fakeNode) BotLevel(int64) string            { return "" }
func (n *fakeNode) StandardBot(string) int64         { return n.bot }
func (n *fakeNode) Handle(id int64) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	if h, ok := n.handles[id]; ok {
		return h
	}
	return fmt.Sprintf("player-%d", id)
}
func (n *fakeNode) SetHandle(id int64, h string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.handles[id] = h
}

// fakeLobby sees the public lobby for everyone and a private team lobby
// for its members only.
type fakeLobby struct {
	team    int64
	members map[int64]bool
}

func (l *fakeLobby) CanSee(viewer, lobbyID int64) bool {
	return lobbyID == lobbies.PublicID || (lobbyID == l.team && l.members[viewer])
}
func (l *fakeLobby) Has(int64) bool                               { return true }
func (l *fakeLobby) Reload(context.Context) error                 { return nil }
func (l *fakeLobby) Blocked(*live.Table, int64) bool              { return false }
func (l *fakeLobby) Bot(string, string) *accounts.Account         { return nil }
func (l *fakeLobby) Known(int64) bool                             { return true }
func (l *fakeLobby) Imported(context.Context, int64) (bool, bool) { return false, false }

// fakeSessions records what the floor tells.
type fakeSessions struct {
	mu     sync.Mutex
	pubs   []live.Publication
	opened []int64
	over   map[int64]play.GameEnd
}

func (s *fakeSessions) Publish(ps ...live.Publication) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pubs = append(s.pubs, ps...)
}
func (s *fakeSessions) Here(int64) bool             { return false }
func (s *fakeSessions) Notice(chat.Channel, string) {}
func (s *fakeSessions) Forget(...chat.Channel)      {}
func (s *fakeSessions) TableOpened(id, _ int64, _ string, _ int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opened = append(s.opened, id)
}
func (s *fakeSessions) MoveWaiting(int64, int64, string, int64, time.Time) {}
func (s *fakeSessions) GameOver(t *live.Table, end play.GameEnd) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.over[t.ID] = end
}

// tableUpdates counts the updates published on the table's topic with a
// state frame.
func (s *fakeSessions) tableUpdates(id int64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, p := range s.pubs {
		if p.U.Topic.Kind == topics.TopicTable && p.U.Topic.ID == id && p.Frame != nil {
			n++
		}
	}
	return n
}

type rig struct {
	t        *testing.T
	ctx      context.Context
	store    *db.Store
	clock    *lobbytest.FakeClock
	node     *fakeNode
	lobby    *fakeLobby
	sessions *fakeSessions
	fl       *floor.Floor
}

func newRig(t *testing.T) *rig {
	t.Helper()
	ctx := context.Background()
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "f.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	clock := lobbytest.NewFakeClock(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	bot, err := st.EnsureBot(ctx, "bot-testgame", clock.Now())
	require.NoError(t, err)
	r := &rig{t: t, ctx: ctx, store: st, clock: clock,
		node:     &fakeNode{clock: clock, store: st, bot: bot.ID, handles: map[int64]string{}},
		lobby:    &fakeLobby{members: map[int64]bool{}},
		sessions: &fakeSessions{over: map[int64]play.GameEnd{}}}
	r.fl = floor.New(floor.Config{Store: st, Registry: reg, Clock: clock, Log: slog.New(slog.DiscardHandler),
		Background: ctx, Seed: lobbytest.Seeds(t), MaxTablesPerAccount: 5, MaxDailyTablesPerAccount: 20,
		OwnerWait: time.Second, OwnerSilence: 3 * time.Second, Sanitize: func(s string, _ int) string { return s }},
		r.node, r.lobby, r.sessions)
	return r
}

func (r *rig) player(handle string) *accounts.Account {
	r.t.Helper()
	acc, err := r.store.CreateAccount(r.ctx, "SHA256:"+handle, handle, r.clock.Now())
	require.NoError(r.t, err)
	r.node.SetHandle(acc.ID, handle)
	return acc
}

// TestFloorPlaysAGameThroughItsHostsAlone: a table opens, seats a player
// and a bot, starts and is played to its end through the floor alone; its
// updates go out through Sessions.Publish with their state frames, its
// end to Sessions.GameOver, and the store holds the finished table.
func TestFloorPlaysAGameThroughItsHostsAlone(t *testing.T) {
	r := newRig(t)
	ada, bob := r.player("ada"), r.player("bob")
	tb, err := r.fl.CreateTable(r.ctx, ada, lobbies.PublicID, testgame.ID, 3, nil)
	require.NoError(t, err)
	require.Equal(t, []int64{tb.ID}, r.sessions.opened, "the lobby's webhook hears of the new table")
	seat, err := r.fl.Sit(r.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.Equal(t, 1, seat)
	require.NoError(t, r.fl.AddBot(r.ctx, ada, tb.ID))
	require.ErrorIs(t, r.fl.Start(r.ctx, ada, tb.ID), errs.ErrNotReady, "bob is not ready yet")
	require.NoError(t, r.fl.SetReady(r.ctx, bob, tb.ID, true))
	require.NoError(t, r.fl.Start(r.ctx, ada, tb.ID))

	players := []*accounts.Account{ada, bob}
	for step := 0; ; step++ {
		require.Less(t, step, 200, "the game did not end")
		st, err := r.fl.GameState(r.ctx, ada, tb.ID)
		require.NoError(t, err)
		if st.Outcome.Finished {
			break
		}
		acted := false
		for _, p := range players {
			st, err := r.fl.GameState(r.ctx, p, tb.ID)
			require.NoError(t, err)
			if a := lobbytest.Move(st, 3); a != nil {
				require.NoError(t, r.fl.Act(r.ctx, p, tb.ID, st.Version, a))
				acted = true
			}
		}
		require.True(t, acted, "nobody could act at step %d", step)
	}
	view, err := r.fl.Table(r.ctx, nil, tb.ID)
	require.NoError(t, err)
	require.Equal(t, live.TableFinished, view.Status)
	r.sessions.mu.Lock()
	end, told := r.sessions.over[tb.ID]
	r.sessions.mu.Unlock()
	require.True(t, told, "Sessions.GameOver heard of the end")
	require.Equal(t, tb.ID, end.TableID)
	require.Positive(t, r.sessions.tableUpdates(tb.ID), "table updates carry their frames")
	rec, err := r.store.LoadTable(r.ctx, tb.ID)
	require.NoError(t, err)
	require.Equal(t, live.TableFinished, rec.Status)
}

// TestFloorLookupAsksLobbyCanSee: a table of a private lobby is found
// only by the viewers floor.Lobby lets see it; the others read that there
// is no such table.
func TestFloorLookupAsksLobbyCanSee(t *testing.T) {
	r := newRig(t)
	ada, cyd := r.player("ada"), r.player("cyd")
	id, err := r.store.CreateLobby(r.ctx, lobbies.Record{Name: "team", Slug: "team", OwnerID: ada.ID, InviteCode: "c0de",
		CreatedAt: r.clock.Now()})
	require.NoError(t, err)
	r.lobby.team = id
	r.lobby.members[ada.ID] = true
	tb, err := r.fl.CreateTable(r.ctx, ada, id, testgame.ID, 2, nil)
	require.NoError(t, err)
	_, err = r.fl.Table(r.ctx, cyd, tb.ID)
	require.ErrorIs(t, err, errs.ErrNotFound)
	_, err = r.fl.Sit(r.ctx, cyd, tb.ID, -1)
	require.ErrorIs(t, err, errs.ErrNotFound)
	r.lobby.members[cyd.ID] = true
	seat, err := r.fl.Sit(r.ctx, cyd, tb.ID, -1)
	require.NoError(t, err)
	require.Equal(t, 1, seat)
}

// TestFloorTurnTimerFiresThroughItsEvents: the floor answers a table's
// events itself: a lapsed turn timer (the fake clock's) applies the
// awaited seat's default action, and a shut-down floor stops its timers.
func TestFloorTurnTimerFiresThroughItsEvents(t *testing.T) {
	r := newRig(t)
	ada, bob := r.player("ada"), r.player("bob")
	tb, err := r.fl.CreateTable(r.ctx, ada, lobbies.PublicID, testgame.ID, 2, nil)
	require.NoError(t, err)
	require.Equal(t, play.TurnTimerRules, tb.TurnTimer, "the public lobby's tables run the standard timer")
	_, err = r.fl.Sit(r.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, r.fl.SetReady(r.ctx, bob, tb.ID, true))
	require.NoError(t, r.fl.Start(r.ctx, ada, tb.ID))
	before, err := r.fl.GameState(r.ctx, ada, tb.ID)
	require.NoError(t, err)
	require.Len(t, before.Prompt.Waiting, 2, "both players bid")
	r.clock.Advance(31 * time.Second) // a sealed bid waits 30 s (rules C-7)
	after, err := r.fl.GameState(r.ctx, ada, tb.ID)
	require.NoError(t, err)
	require.Greater(t, after.Version, before.Version, "the lapsed bids took their defaults")

	n, err := r.fl.Shutdown(r.ctx, func() {})
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.True(t, r.fl.ShuttingDown())
	require.True(t, errors.Is(r.fl.SetReady(r.ctx, bob, tb.ID, true), errs.ErrShuttingDown))
}

// TestTableCapCountsWithoutAllocating: counting an account's unfinished
// tables (at every table created, sat at, or offered again) reuses its
// list of the floor's tables instead of making one the size of the floor,
// and counts what it did before.
func TestTableCapCountsWithoutAllocating(t *testing.T) {
	r := newRig(t)
	var hosts []*accounts.Account
	var ids []int64
	for i := range 40 {
		h := r.player(fmt.Sprintf("host%d", i))
		hosts = append(hosts, h)
		tb, err := r.fl.CreateTable(r.ctx, h, lobbies.PublicID, testgame.ID, 2, nil)
		require.NoError(t, err)
		ids = append(ids, tb.ID)
	}
	// hosts[0] hosts three tables (the most forming at once) and sits at
	// two more: five unfinished
	for range 2 {
		_, err := r.fl.CreateTable(r.ctx, hosts[0], lobbies.PublicID, testgame.ID, 2, nil)
		require.NoError(t, err)
	}
	for _, id := range ids[1:3] {
		_, err := r.fl.Sit(r.ctx, hosts[0], id, -1)
		require.NoError(t, err)
	}
	require.NoError(t, r.fl.CheckTableCap(hosts[1].ID, 0), "one table: under the cap of 5")
	err := r.fl.CheckTableCap(hosts[0].ID, 0)
	require.ErrorIs(t, err, errs.ErrTooManyGames, "five tables: at the cap")
	require.Contains(t, err.Error(), "5 unfinished games")
	if raceEnabled {
		t.Skip("the race detector drops pooled lists at random")
	}
	allocs := testing.AllocsPerRun(50, func() { _ = r.fl.CheckTableCap(hosts[1].ID, 0) })
	require.Zero(t, allocs, "a list of the floor's tables made at each count")
}
