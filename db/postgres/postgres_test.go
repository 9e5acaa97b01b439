package postgres

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/db/storetest"
	"boardroom/internal/pgtest"
	"boardroom/lobby"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// openTest opens a store on a fresh database of the test's own.
func openTest(t *testing.T) (*Store, string) {
	t.Helper()
	url := pgtest.DB(t)
	s, err := Open(context.Background(), url, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s, url
}

// TestStoreContract runs the store suite every store passes
// (db/storetest) on a real PostgreSQL server.
func TestStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Store {
		s, _ := openTest(t)
		return s
	})
}

// TestDealClaimedOnceAcrossNodes: two nodes' stores on one database claim
// a deal at once; one wins (the unique deal index, not a lock of one
// process).
func TestDealClaimedOnceAcrossNodes(t *testing.T) {
	storetest.RunNodes(t, func(t *testing.T) (storetest.Store, storetest.Store) {
		a, url := openTest(t)
		b, err := Open(context.Background(), url, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = b.Close() })
		return a, b
	})
}

// TestNodesStartingTogetherMigrateOnce: several nodes opening one empty
// database at once apply each migration once (the advisory lock), and a
// later open finds nothing to do.
func TestNodesStartingTogetherMigrateOnce(t *testing.T) {
	ctx := context.Background()
	url := pgtest.DB(t)
	const nodes = 4
	stores := make([]*Store, nodes)
	errs := make([]error, nodes)
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					errs[i] = errors.New("panic in Open")
				}
			}()
			stores[i], errs[i] = Open(ctx, url, nil)
		}()
	}
	wg.Wait()
	for i := range nodes {
		require.NoError(t, errs[i], "node %d", i)
		defer stores[i].Close()
	}
	ms, err := loadMigrations()
	require.NoError(t, err)
	var rows, version, lobbies int
	s := stores[0]
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT COUNT(*), MAX(version) FROM schema_version`).Scan(&rows, &version))
	require.Equal(t, 1, rows)
	require.Equal(t, ms[len(ms)-1].Version, version)
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM lobbies WHERE id = $1 AND public`, lobby.PublicLobbyID).Scan(&lobbies))
	require.Equal(t, 1, lobbies, "the public lobby was made once")

	again, err := Open(ctx, url, nil)
	require.NoError(t, err)
	require.NoError(t, again.Close())
}

func TestOpenRefusesABadURLWithoutEchoingIt(t *testing.T) {
	_, err := Open(context.Background(), "postgres://user:s3cret@[::1", nil)
	require.Error(t, err)
	require.NotContains(t, err.Error(), "s3cret")
}

// TestFailedEndRollsBackResultsAndRatings: the table's end, its results and
// its ratings are one transaction, whichever stage fails.
func TestFailedEndRollsBackResultsAndRatings(t *testing.T) {
	s, _ := openTest(t)
	f := storetest.NewRated(t, s, 2)
	id := f.Playing(lobby.PublicLobbyID, f.IDs...)
	errBoom := errors.New("boom")
	global := lobby.Ladder{Game: "testgame", LobbyID: lobby.GlobalLadder}
	for _, stage := range []string{"results", "ratings"} {
		s.failFinish = func(at string) error {
			if at == stage {
				return errBoom
			}
			return nil
		}
		require.ErrorIs(t, s.FinishGame(f.Ctx, f.End(id, lobby.PublicLobbyID, f.IDs, []int{1, 2})), errBoom, stage)
		f.RequireUnfinished(id, global, stage)
	}
	s.failFinish = nil
	require.NoError(t, s.FinishGame(f.Ctx, f.End(id, lobby.PublicLobbyID, f.IDs, []int{1, 2})))
	require.Len(t, f.History(f.IDs[0], global), 1)
}
