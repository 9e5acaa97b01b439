package tourneys_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby/accounts"
	"boardroom/lobby/tournament"
	"boardroom/lobby/tourneys"
)

// The Book over fakes of the two interfaces it asks the live lobby
// through (tourneys.Lobby, tourneys.Tables) and the real SQLite store:
// what it needs of the lobby is those eleven methods and nothing else.

const teamLobby = 7 // a private lobby: its members create tournaments

// fakeLobby is the live lobby as the Book sees it: one node (or, with
// clustered, a node of a cluster whose other nodes are not there), a
// clock that stands still, every lobby visible.
type fakeLobby struct {
	now       time.Time
	clustered bool

	mu        sync.Mutex
	announced []int64
}

type stoppedTimer struct{}

func (stoppedTimer) Stop() bool { return true }

func (l *fakeLobby) Now() time.Time { return l.now }
func (l *fakeLobby) AfterFunc(time.Duration, string, func()) tourneys.Timer {
	return stoppedTimer{} // no start time or arena window in these tests
}
func (l *fakeLobby) Guard(_ string, f func())          { f() }
func (l *fakeLobby) Handle(id int64) string            { return fmt.Sprintf("p%d", id) }
func (l *fakeLobby) CanSeeLobby(_, lobbyID int64) bool { return lobbyID == teamLobby }
func (l *fakeLobby) LobbyName(int64) string            { return "team" }
func (l *fakeLobby) StorageErr(err error) error        { return fmt.Errorf("storage: %w", err) }
func (l *fakeLobby) Clustered() bool                   { return l.clustered }
func (l *fakeLobby) ShuttingDown() bool                { return false }

func (l *fakeLobby) Announce(id int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.announced = append(l.announced, id)
}

// announcedOf counts the announcements of the tournament.
func (l *fakeLobby) announcedOf(id int64) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, x := range l.announced {
		if x == id {
			n++
		}
	}
	return n
}

// fakeTables opens tables by number and says which ended, with their
// placings, as the live lobby's results would.
type fakeTables struct {
	mu     sync.Mutex
	next   int64
	opened []tourneys.NewTable
	ids    []int64
	ended  map[int64]map[int]int
}

func (f *fakeTables) OpenTable(_ context.Context, t tourneys.NewTable, link func(int64) error) error {
	f.mu.Lock()
	f.next++
	id := 100 + f.next
	f.mu.Unlock()
	if err := link(id); err != nil {
		return err
	}
	f.mu.Lock()
	f.opened, f.ids = append(f.opened, t), append(f.ids, id)
	f.mu.Unlock()
	return nil
}

func (f *fakeTables) Ended(_ context.Context, tableID int64) (map[int]int, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.ended[tableID]
	return p, ok, nil
}

func (f *fakeTables) tables() ([]tourneys.NewTable, []int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.opened), slices.Clone(f.ids)
}

type rig struct {
	t      *testing.T
	ctx    context.Context
	store  *db.Store
	reg    *engine.Registry
	lobby  *fakeLobby
	tables *fakeTables
	book   *tourneys.Book
}

func newRig(t *testing.T, path string) *rig {
	t.Helper()
	ctx := context.Background()
	st, err := db.Open(ctx, path, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	r := &rig{t: t, ctx: ctx, store: st, reg: reg,
		lobby:  &fakeLobby{now: time.Date(2026, 11, 29, 19, 0, 0, 0, time.UTC)},
		tables: &fakeTables{ended: map[int64]map[int]int{}}}
	r.book = tourneys.New(ctx, r.lobby, r.tables, st, reg, func() uint64 { return 42 }, func(s string, _ int) string { return s }, nil)
	require.NoError(t, r.book.Load(ctx))
	return r
}

func player(id int64) *accounts.Account {
	return &accounts.Account{ID: id, Handle: fmt.Sprintf("p%d", id)}
}

// swissOfFour creates a Swiss of two rounds at tables of two, joined by
// four players, and starts it.
func (r *rig) swissOfFour() tourneys.Tournament {
	tv, err := r.book.CreateTournament(r.ctx, player(1), tourneys.Settings{LobbyID: teamLobby, Game: testgame.ID,
		Format: tournament.Swiss, Rounds: 2, TableSize: 2}, false)
	require.NoError(r.t, err)
	for id := int64(1); id <= 4; id++ {
		require.NoError(r.t, r.book.JoinTournament(r.ctx, player(id), tv.ID))
	}
	require.NoError(r.t, r.book.StartTournament(r.ctx, player(1), tv.ID))
	r.book.WaitTournaments()
	return tv
}

// TestTourneysBookPlaysASwissThroughItsHostsAlone: a Swiss of four players
// in two rounds at tables of two is seated through Tables.OpenTable, hears
// its games end through GameOver and finishes with its standings, the
// other nodes told of each change through Lobby.Announce.
func TestTourneysBookPlaysASwissThroughItsHostsAlone(t *testing.T) {
	r := newRig(t, filepath.Join(t.TempDir(), "t.db"))
	tv := r.swissOfFour()
	opened, ids := r.tables.tables()
	require.Len(t, opened, 2, "round 1: two tables of two")
	for _, nt := range opened {
		require.Equal(t, tv.ID, nt.Tournament)
		require.Equal(t, int64(teamLobby), nt.LobbyID)
		require.Equal(t, 1, nt.Round)
		require.Equal(t, testgame.ID, nt.Def.Info().ID)
		require.Len(t, nt.Seats, 2)
		require.Equal(t, "15", nt.Options["target"], "the options validated, the game's default filled in")
	}
	for _, id := range ids {
		r.book.GameOver(id, []int{1, 2}, nil)
	}
	r.book.WaitTournaments()
	opened, ids = r.tables.tables()
	require.Len(t, opened, 4, "round 2 seated once round 1 ended")
	require.Equal(t, 2, opened[2].Round)
	for _, id := range ids[2:] {
		r.book.GameOver(id, []int{2, 1}, nil)
	}
	r.book.WaitTournaments()

	got, err := r.book.Tournament(r.ctx, player(2), tv.ID)
	require.NoError(t, err)
	require.Equal(t, tournament.Finished, got.Status)
	require.Len(t, got.Games, 4)
	require.Len(t, got.Standings, 4)
	require.True(t, got.Joined)
	require.Equal(t, "team", got.Lobby)
	require.Greater(t, r.lobby.announcedOf(tv.ID), 4, "every step announced")
	require.Len(t, r.tables.opened, 4, "no table opened after the end")

	// A table that plays for no tournament is not the Book's business.
	r.book.GameOver(999, []int{1, 2}, nil)
	r.book.WaitTournaments()
}

// TestTourneysBookCatchesUpAGameThatEndedUnheard: a Book built again over
// the store (a restart) records a tournament's game that ended while no
// Book heard it, with the placings Tables.Ended reads from its results,
// and seats the next round.
func TestTourneysBookCatchesUpAGameThatEndedUnheard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	r := newRig(t, path)
	tv := r.swissOfFour()
	_, ids := r.tables.tables()
	require.Len(t, ids, 2)
	r.book.GameOver(ids[0], []int{1, 2}, nil)
	r.book.WaitTournaments()
	require.NoError(t, r.store.Close())

	again := newRig(t, path)
	again.tables.next = 10 // the new tables get other ids
	again.tables.ended[ids[1]] = map[int]int{0: 2, 1: 1}
	again.book.Resume()
	again.book.WaitTournaments()
	got, err := again.book.Tournament(again.ctx, player(1), tv.ID)
	require.NoError(t, err)
	i := slices.IndexFunc(got.Games, func(g tourneys.Game) bool { return g.TableID == ids[1] })
	require.GreaterOrEqual(t, i, 0)
	require.True(t, got.Games[i].Finished)
	require.Equal(t, 2, got.Games[i].Seats[0].Placing)
	require.Equal(t, 1, got.Games[i].Seats[1].Placing)
	opened, _ := again.tables.tables()
	require.Len(t, opened, 2, "round 2 seated after the catch-up")
	require.Equal(t, 2, opened[0].Round)
}

// TestTourneysBookSweepsAGameItsNodeDidNotRecord: in a cluster, a
// tournament's last game of a round that ended on a node that died before
// recording it (its table stored finished, so no node adopts it) is
// recorded by another node's sweep, with the placings of its results, and
// the next round is seated; the sweep records a game only the second time
// it finds it ended unrecorded, never ahead of the node that records it as
// it ends.
func TestTourneysBookSweepsAGameItsNodeDidNotRecord(t *testing.T) {
	r := newRig(t, filepath.Join(t.TempDir(), "t.db"))
	r.lobby.clustered = true
	tv := r.swissOfFour()
	_, ids := r.tables.tables()
	require.Len(t, ids, 2)
	r.book.GameOver(ids[0], []int{1, 2}, nil) // heard where it ended
	r.book.WaitTournaments()
	r.tables.mu.Lock()
	r.tables.ended[ids[1]] = map[int]int{0: 2, 1: 1} // ended on a node that died
	r.tables.mu.Unlock()

	r.book.Sweep()
	got, err := r.book.Tournament(r.ctx, player(1), tv.ID)
	require.NoError(t, err)
	i := slices.IndexFunc(got.Games, func(g tourneys.Game) bool { return g.TableID == ids[1] })
	require.False(t, got.Games[i].Finished, "not at the first sweep that finds it")
	opened, _ := r.tables.tables()
	require.Len(t, opened, 2)

	r.book.Sweep()
	got, err = r.book.Tournament(r.ctx, player(1), tv.ID)
	require.NoError(t, err)
	i = slices.IndexFunc(got.Games, func(g tourneys.Game) bool { return g.TableID == ids[1] })
	require.True(t, got.Games[i].Finished)
	require.Equal(t, 2, got.Games[i].Seats[0].Placing)
	require.Equal(t, 1, got.Games[i].Seats[1].Placing)
	opened, _ = r.tables.tables()
	require.Len(t, opened, 4, "round 2 seated after the sweep")
	require.Equal(t, 2, opened[2].Round)
	require.Equal(t, 2, opened[3].Round)

	r.book.Sweep() // nothing more to record
	opened, _ = r.tables.tables()
	require.Len(t, opened, 4)
}

// TestTourneysBookWithoutAStoreSaysSo: a lobby whose store keeps no
// tournaments answers ErrNoTournaments, and loads and resumes nothing.
func TestTourneysBookWithoutAStoreSaysSo(t *testing.T) {
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	b := tourneys.New(context.Background(), &fakeLobby{}, &fakeTables{}, nil, reg, func() uint64 { return 1 },
		func(s string, _ int) string { return s }, nil)
	require.NoError(t, b.Load(context.Background()))
	b.Resume()
	_, err = b.CreateTournament(context.Background(), player(1), tourneys.Settings{LobbyID: teamLobby, Game: testgame.ID}, false)
	require.True(t, errors.Is(err, tourneys.ErrNoTournaments), "got %v", err)
	_, err = b.Tournaments(context.Background(), player(1), 0)
	require.True(t, errors.Is(err, tourneys.ErrNoTournaments), "got %v", err)
}
