package pgtest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { Main(m) }

// TestEachTestHasItsOwnDatabase: two databases of one server do not see
// each other's tables, and a database is writable.
func TestEachTestHasItsOwnDatabase(t *testing.T) {
	ctx := context.Background()
	a, b := DB(t), DB(t)
	require.NotEqual(t, a, b)
	ca, err := pgx.Connect(ctx, a)
	require.NoError(t, err)
	defer ca.Close(ctx)
	cb, err := pgx.Connect(ctx, b)
	require.NoError(t, err)
	defer cb.Close(ctx)
	_, err = ca.Exec(ctx, `CREATE TABLE x (n int); INSERT INTO x VALUES (7)`)
	require.NoError(t, err)
	var n int
	require.NoError(t, ca.QueryRow(ctx, `SELECT n FROM x`).Scan(&n))
	require.Equal(t, 7, n)
	_, err = cb.Exec(ctx, `SELECT n FROM x`)
	require.Error(t, err, "another test's database has no table x")
	var fsync string
	require.NoError(t, ca.QueryRow(ctx, `SHOW fsync`).Scan(&fsync))
	require.Equal(t, "off", fsync)
}

func TestMissingPostgresSkipsUnlessRequired(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	require.True(t, skip(ErrNoBinaries, getenv))
	require.False(t, skip(errors.New("initdb: out of disk"), getenv), "a broken installation fails")
	env[RequireEnv] = "1"
	require.False(t, skip(ErrNoBinaries, getenv), "CI requires PostgreSQL")
}

func TestBinDirFindsTheServerInPath(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"initdb", "postgres"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755))
	}
	t.Setenv("PATH", dir)
	got, err := binDir()
	require.NoError(t, err)
	require.Equal(t, dir, got)

	require.NoError(t, os.Remove(filepath.Join(dir, "postgres")))
	got, err = binDir()
	if err == nil {
		require.NotEqual(t, dir, got, "initdb alone is not a server")
	} else {
		require.ErrorIs(t, err, ErrNoBinaries)
	}
}
