package pgtest

import (
	"context"
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
