package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// newDataDir makes a data directory whose database holds accounts players
// (enough pages to damage some in the middle).
func newDataDir(t *testing.T, players int) string {
	t.Helper()
	dir := t.TempDir()
	s, err := db.Open(context.Background(), filepath.Join(dir, dbFile), nil)
	require.NoError(t, err)
	for i := range players {
		_, err := s.CreateAccount(context.Background(), fmt.Sprintf("SHA256:%064d", i), fmt.Sprintf("player%d", i), t0)
		require.NoError(t, err)
	}
	require.NoError(t, s.Close())
	return dir
}

// damageFile overwrites a few pages in the middle of a database file.
func damageFile(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(t, err)
	pages := st.Size() / 4096
	require.Greater(t, pages, int64(20))
	rng := rand.New(rand.NewPCG(3, 4))
	junk := make([]byte, 4096)
	for i := range int64(3) {
		for j := range junk {
			junk[j] = byte(rng.UintN(256))
		}
		_, err := f.WriteAt(junk, (pages/2+i*2)*4096)
		require.NoError(t, err)
	}
}

func TestServeRefusesALockedDataDirectory(t *testing.T) {
	dir := t.TempDir()
	lock, err := db.LockDir(dir)
	require.NoError(t, err)
	defer lock.Release()
	var out, errOut bytes.Buffer
	code := runServe([]string{"--listen", "127.0.0.1:0", "--data", dir}, &out, &errOut)
	require.Equal(t, 1, code)
	require.Contains(t, errOut.String(), "another server runs on this data directory")
	require.Contains(t, errOut.String(), dir)
	require.Contains(t, errOut.String(), "pid "+strconv.Itoa(os.Getpid()))
	require.NotContains(t, out.String(), "listening")
	_, err = os.Stat(filepath.Join(dir, dbFile))
	require.ErrorIs(t, err, os.ErrNotExist, "the second server did not touch the database")
}

func TestServeRefusesADamagedDatabase(t *testing.T) {
	dir := newDataDir(t, 3000)
	path := filepath.Join(dir, dbFile)
	damageFile(t, path)
	var out, errOut bytes.Buffer
	code := runServe([]string{"--listen", "127.0.0.1:0", "--data", dir}, &out, &errOut)
	require.Equal(t, 1, code)
	msg := errOut.String()
	require.Contains(t, msg, "failed its integrity check")
	require.Contains(t, msg, path, "the message names the file")
	require.Contains(t, msg, "boardroom restore --data "+dir)
	require.Contains(t, msg, "--ignore-damage")
	require.NotContains(t, out.String(), "listening")

	// Told to go on, the check lets it through with a warning.
	var logb bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logb, nil))
	require.NoError(t, checkDatabase(context.Background(), path, serveOptions{Data: dir, IgnoreDamage: true}, log))
	require.Contains(t, logb.String(), "starting on a damaged database")
	require.Error(t, checkDatabase(context.Background(), path, serveOptions{Data: dir}, log))

	require.NoError(t, checkDatabase(context.Background(), filepath.Join(newDataDir(t, 10), dbFile), serveOptions{}, log))
}

func TestParseIgnoreDamage(t *testing.T) {
	var errb bytes.Buffer
	for v, want := range map[string]bool{"": false, "0": false, "1": true, "true": true, "no": false} {
		o, _, ok := parseServeFlags(nil, func(k string) string {
			if k == "BOARDROOM_IGNORE_DAMAGE" {
				return v
			}
			return ""
		}, &errb)
		require.True(t, ok)
		require.Equal(t, want, o.IgnoreDamage, "BOARDROOM_IGNORE_DAMAGE=%q", v)
	}
	o, _, ok := parseServeFlags([]string{"--ignore-damage"}, func(string) string { return "" }, &errb)
	require.True(t, ok)
	require.True(t, o.IgnoreDamage)
}

func TestBackupAndRestoreCommands(t *testing.T) {
	dir := newDataDir(t, 50)
	backup := filepath.Join(t.TempDir(), "nightly.db")
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"backup", "--data", dir, backup}, &out, &errOut), errOut.String())
	require.Contains(t, out.String(), "backed up")
	require.NoError(t, db.Check(context.Background(), backup))

	errOut.Reset()
	require.Equal(t, 1, run([]string{"backup", "--data", dir, backup}, &out, &errOut))
	require.Contains(t, errOut.String(), "--force")
	require.Equal(t, 0, run([]string{"backup", backup, "--data", dir, "--force"}, &out, &errOut), "flags after FILE: %s", errOut.String())
	require.Equal(t, 2, run([]string{"backup", "--data", dir}, &out, &errOut), "FILE is required")
	require.Equal(t, 1, run([]string{"backup", "--data", t.TempDir(), filepath.Join(t.TempDir(), "x.db")}, &out, &errOut), "no database to back up")

	// Refused while a server holds the directory; the database is untouched.
	lock, err := db.LockDir(dir)
	require.NoError(t, err)
	errOut.Reset()
	require.Equal(t, 1, run([]string{"restore", "--data", dir, backup}, &out, &errOut))
	require.Contains(t, errOut.String(), "refused")
	require.Contains(t, errOut.String(), "pid "+strconv.Itoa(os.Getpid()))
	left, err := filepath.Glob(filepath.Join(dir, dbFile+".2*"))
	require.NoError(t, err)
	require.Empty(t, left)
	require.NoError(t, lock.Release())

	// A damaged backup is refused.
	bad := filepath.Join(t.TempDir(), "bad.db")
	require.NoError(t, os.WriteFile(bad, bytes.Repeat([]byte("junk"), 1000), 0o600))
	errOut.Reset()
	require.Equal(t, 1, run([]string{"restore", "--data", dir, bad}, &out, &errOut))
	require.Contains(t, errOut.String(), "damaged")

	out.Reset()
	errOut.Reset()
	require.Equal(t, 0, run([]string{"restore", "--data", dir, backup}, &out, &errOut), errOut.String())
	require.Contains(t, out.String(), "kept the old "+dbFile+" as ")
	left, err = filepath.Glob(filepath.Join(dir, dbFile+".2*"))
	require.NoError(t, err)
	require.Len(t, left, 1)
	require.NoError(t, db.Check(context.Background(), filepath.Join(dir, dbFile)))
	require.True(t, strings.HasPrefix(filepath.Base(left[0]), dbFile+"."))
}
