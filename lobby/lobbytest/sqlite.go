package lobbytest

import (
	"database/sql"
	"testing"

	"github.com/stretchr/testify/require"

	_ "modernc.org/sqlite" // the driver package db uses; lobbytest may not import db
)

// Query runs a read-only SQL query on the SQLite file of a real lobby's
// store, for tests that check what was written; the rows close with the
// test.
func Query(t testing.TB, path, q string, args ...any) *sql.Rows {
	t.Helper()
	dbh, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_query_only=1")
	require.NoError(t, err)
	t.Cleanup(func() { _ = dbh.Close() })
	rows, err := dbh.Query(q, args...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = rows.Close() })
	return rows
}
