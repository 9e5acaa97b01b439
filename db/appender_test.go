package db

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// openWithTables opens a store with n playing tables of one account.
func openWithTables(t testing.TB, n int) (*Store, []int64) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "b.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	a, err := s.CreateAccount(ctx, "fa", "ada", t0)
	require.NoError(t, err)
	ids := make([]int64, n)
	for i := range ids {
		ids[i], err = s.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: a.ID,
			Status: lobby.TablePlaying, Seats: []lobby.SeatRecord{{AccountID: a.ID, Ready: true}}, CreatedAt: t0, UpdatedAt: t0})
		require.NoError(t, err)
	}
	return s, ids
}

func rowCount(t *testing.T, s *Store, table int64) int {
	var n int
	require.NoError(t, s.r.QueryRow(`SELECT COUNT(*) FROM actions WHERE game_id = ?`, table).Scan(&n))
	return n
}

func req(table int64, seq int) appendReq {
	return appendReq{table: table, rec: lobby.ActionRecord{Seq: seq, Action: json.RawMessage(`{"kind":"roll"}`), At: t0}, done: make(chan error, 1)}
}

// TestAppendBatchWritesEachRowsOwnOutcome: a batch is written in one
// transaction; a batch with a duplicate move is written row by row, so the
// duplicate is refused alone and every other row of the batch is kept.
func TestAppendBatchWritesEachRowsOwnOutcome(t *testing.T) {
	s, ids := openWithTables(t, 2)
	good := []appendReq{req(ids[0], 1), req(ids[1], 1), req(ids[0], 2)}
	s.writeBatch(good)
	for _, r := range good {
		require.NoError(t, <-r.done)
	}
	mixed := []appendReq{req(ids[0], 3), req(ids[1], 1), req(ids[1], 2)} // the middle one is a duplicate
	s.writeBatch(mixed)
	require.NoError(t, <-mixed[0].done)
	err := <-mixed[1].done
	require.Error(t, err)
	require.True(t, isUnique(err), "the duplicate's own error: %v", err)
	require.NoError(t, <-mixed[2].done)
	require.Equal(t, 3, rowCount(t, s, ids[0]))
	require.Equal(t, 2, rowCount(t, s, ids[1]))
}

// TestAppendActionsFromManyTablesAllLand: moves of many tables appended at
// once (as a busy server does) are each committed once and answered.
func TestAppendActionsFromManyTablesAllLand(t *testing.T) {
	s, ids := openWithTables(t, 24)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, len(ids)*20)
	for _, id := range ids {
		wg.Go(func() {
			for seq := 1; seq <= 20; seq++ {
				errs <- s.AppendAction(ctx, id, lobby.ActionRecord{Seq: seq, Action: json.RawMessage(`{"kind":"roll"}`), At: t0})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	for _, id := range ids {
		require.Equal(t, 20, rowCount(t, s, id))
		recs, err := s.LoadActions(ctx, id)
		require.NoError(t, err)
		require.Len(t, recs, 20)
	}
}

// TestAppendActionAfterCloseFails: a move appended to a closed store is
// refused at once, not left waiting for a writer that is gone; Close twice
// is harmless.
func TestAppendActionAfterCloseFails(t *testing.T) {
	s, ids := openWithTables(t, 1)
	require.NoError(t, s.Close())
	err := s.AppendAction(context.Background(), ids[0], lobby.ActionRecord{Seq: 1, Action: json.RawMessage(`{}`), At: t0})
	require.ErrorIs(t, err, errStoreClosed)
	s.app.close()
}

// TestAppendActionWithDoneContextWritesNothing: a caller whose context is
// done before its move is queued gets the context's error and no row.
func TestAppendActionWithDoneContextWritesNothing(t *testing.T) {
	s, ids := openWithTables(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := s.AppendAction(ctx, ids[0], lobby.ActionRecord{Seq: 1, Action: json.RawMessage(`{}`), At: t0})
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, 0, rowCount(t, s, ids[0]))
}
