package db

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
)

// TestBackupWhileWriting takes backups while another goroutine appends
// actions through the store: each backup passes integrity_check, holds a
// prefix of the log without gaps, and the last one everything written
// before it began.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	fillGames(t, s, 30, 20)
	a, err := s.CreateAccount(ctx, "SHA256:w", "writer", t0)
	require.NoError(t, err)
	rec := lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: a.ID, Status: lobby.TableForming,
		Seats: []lobby.SeatRecord{{AccountID: a.ID, Ready: true}}, CreatedAt: t0, UpdatedAt: t0}
	id, err := s.CreateTable(ctx, rec)
	require.NoError(t, err)
	rec.ID, rec.Status, rec.Setup = id, lobby.TablePlaying, &engine.Setup{Seats: 1, Seed: 1}
	require.NoError(t, s.SaveTable(ctx, rec))

	var written atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var writeErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		for seq := 1; ; seq++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := s.AppendAction(ctx, id, lobby.ActionRecord{Seq: seq, Action: json.RawMessage(`{"kind":"x"}`), At: t0}); err != nil {
				writeErr = err
				return
			}
			written.Store(int64(seq))
		}
	}()
	dir := t.TempDir()
	var last string
	var before int64
	for i := range 5 {
		for written.Load() < int64(50*(i+1)) { // let the writer get ahead between backups
			runtime.Gosched()
		}
		before = written.Load()
		last = filepath.Join(dir, "backup-"+string(rune('a'+i))+".db")
		require.NoError(t, Backup(ctx, path, last, false))
	}
	close(stop)
	wg.Wait()
	require.NoError(t, writeErr)

	require.NoError(t, check(ctx, last, "integrity_check"))
	b, err := Open(ctx, last, nil)
	require.NoError(t, err)
	defer b.Close()
	acts, err := b.LoadActions(ctx, id)
	require.NoError(t, err)
	require.GreaterOrEqual(t, int64(len(acts)), before, "the backup holds every action written before it began")
	for i, a := range acts {
		require.Equal(t, i+1, a.Seq, "no gap in the copied log")
	}
	n := 0
	require.NoError(t, b.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM results`).Scan(&n))
	require.Equal(t, 60, n, "the finished games came along")
}

func TestBackupRefusesToOverwriteWithoutForce(t *testing.T) {
	ctx := context.Background()
	s, path := openTest(t)
	fillGames(t, s, 3, 5)
	dest := filepath.Join(t.TempDir(), "b.db")
	require.NoError(t, os.WriteFile(dest, []byte("keep me"), 0o600))
	require.ErrorIs(t, Backup(ctx, path, dest, false), ErrExists)
	got, err := os.ReadFile(dest)
	require.NoError(t, err)
	require.Equal(t, "keep me", string(got))
	require.NoError(t, Backup(ctx, path, dest, true))
	require.NoError(t, check(ctx, dest, "integrity_check"))
	left, err := filepath.Glob(dest + ".tmp-*")
	require.NoError(t, err)
	require.Empty(t, left, "no temporary file is left behind")
}

func TestRestoreMovesTheOldDatabaseAside(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "boardroom.db")
	s, err := Open(ctx, path, nil)
	require.NoError(t, err)
	_, err = s.CreateAccount(ctx, "SHA256:old", "before", t0)
	require.NoError(t, err)
	backup := filepath.Join(t.TempDir(), "b.db")
	require.NoError(t, Backup(ctx, path, backup, false))
	_, err = s.CreateAccount(ctx, "SHA256:new", "after", t0)
	require.NoError(t, err)
	require.NoError(t, s.Close())

	// A damaged backup is refused and changes nothing.
	bad := filepath.Join(t.TempDir(), "bad.db")
	require.NoError(t, os.WriteFile(bad, []byte("not a database, not at all, whatever the name says; long enough"), 0o600))
	_, err = Restore(ctx, bad, path, t0)
	require.ErrorIs(t, err, ErrDamaged)
	_, err = os.Stat(path)
	require.NoError(t, err)

	moved, err := Restore(ctx, backup, path, t0)
	require.NoError(t, err)
	require.Contains(t, moved, path+".20250301T120000Z")
	_, err = Restore(ctx, backup, path, t0)
	require.ErrorIs(t, err, ErrExists, "a second restore in the same second does not overwrite the first one's old files")

	s, err = Open(ctx, path, nil)
	require.NoError(t, err)
	acc, err := s.AccountByHandle(ctx, "before")
	require.NoError(t, err)
	require.NotNil(t, acc)
	acc, err = s.AccountByHandle(ctx, "after")
	require.NoError(t, err)
	require.Nil(t, acc, "the restored database is the backup")
	require.NoError(t, s.Close())

	old, err := Open(ctx, path+".20250301T120000Z", nil)
	require.NoError(t, err)
	defer old.Close()
	acc, err = old.AccountByHandle(ctx, "after")
	require.NoError(t, err)
	require.NotNil(t, acc, "the old database was kept")
}

// BenchmarkBackup copies 5,000 finished games of 60 actions (the figure is
// in docs/operating.md, "Backup and restore").
func BenchmarkBackup(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.db")
	s, err := Open(context.Background(), path, nil)
	require.NoError(b, err)
	fillGames(b, s, 5000, 60)
	require.NoError(b, s.Close())
	dest := filepath.Join(b.TempDir(), "copy.db")
	for b.Loop() {
		require.NoError(b, Backup(context.Background(), path, dest, true))
	}
}
