package db

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db/storetest"
	"boardroom/lobby"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func openTest(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "board room?#%.db")
	s, err := Open(context.Background(), path, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s, path
}

func TestOpenMigratesOnceAndSetsPragmas(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	var mode string
	require.NoError(t, s.w.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode))
	require.Equal(t, "wal", mode)
	var fk, busy int
	require.NoError(t, s.r.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk))
	require.NoError(t, s.r.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy))
	require.Equal(t, 1, fk)
	require.Equal(t, 5000, busy)
	_, err := s.r.ExecContext(ctx, `INSERT INTO accounts (handle, created_at) VALUES ('x', 'y')`)
	require.Error(t, err, "the read pool is query-only")

	require.NoError(t, s.Close())
	s2, err := Open(ctx, path, nil)
	require.NoError(t, err)
	defer s2.Close()
	var v, n int
	require.NoError(t, s2.r.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v))
	ms, err := loadMigrations()
	require.NoError(t, err)
	require.Equal(t, ms[len(ms)-1].Version, v)
	require.NoError(t, s2.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM lobbies WHERE id = 1 AND slug = 'public' AND public = 1`).Scan(&n))
	require.Equal(t, 1, n)
}

// TestStoreContract runs the store suite every store passes
// (db/storetest) on SQLite in a temporary directory.
func TestStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Store {
		s, _ := openTest(t)
		return s
	})
}

// TestDealClaimedOnceAcrossHandles: two handles on one SQLite file claim a
// deal at once; one wins (the unique deal index, not a lock of one
// process).
func TestDealClaimedOnceAcrossHandles(t *testing.T) {
	storetest.RunNodes(t, func(t *testing.T) (storetest.Store, storetest.Store) {
		a, path := openTest(t)
		b, err := Open(context.Background(), path, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = b.Close() })
		return a, b
	})
}

// TestDataSurvivesReopen: what was written is read back after the file is
// closed and opened again.
func TestDataSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	a, err := s.CreateAccount(ctx, "fa", "ada", t0)
	require.NoError(t, err)
	id, err := s.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: a.ID,
		Status: lobby.TablePlaying, Seats: []lobby.SeatRecord{{AccountID: a.ID, Ready: true}}, CreatedAt: t0, UpdatedAt: t0})
	require.NoError(t, err)
	require.NoError(t, s.AppendAction(ctx, id, lobby.ActionRecord{Seq: 1, Action: json.RawMessage(`{"kind":"x"}`), At: t0}))
	require.NoError(t, s.Close())

	s, err = Open(ctx, path, nil)
	require.NoError(t, err)
	defer s.Close()
	ts, err := s.LoadTables(ctx, t0)
	require.NoError(t, err)
	require.Len(t, ts, 1)
	require.Equal(t, []lobby.SeatRecord{{AccountID: a.ID, Handle: "ada", Ready: true}}, ts[0].Seats)
	acts, err := s.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Len(t, acts, 1)
}
