package postgres

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"boardroom/internal/pgtest"
)

// TestDealSeedMigrationBackfills: a database from before migration 0004
// gets each started table's deal in the migration: exactly, for a seed
// above 2^63 too, the oldest table keeping a deal several tables share, an
// option that looks like a seed ignored (as in package db).
func TestDealSeedMigrationBackfills(t *testing.T) {
	ctx := context.Background()
	url := pgtest.DB(t)
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	ms, err := loadMigrations()
	require.NoError(t, err)
	for _, m := range ms {
		if m.Version >= 4 {
			break
		}
		_, err := conn.Exec(ctx, m.SQL)
		require.NoError(t, err, m.Name)
	}
	_, err = conn.Exec(ctx, `CREATE TABLE schema_version (version INTEGER NOT NULL);
		INSERT INTO schema_version (version) VALUES (3);
		INSERT INTO accounts (id, fingerprint, handle, bot, created_at) VALUES (1, 'fp', 'ada', false, now())`)
	require.NoError(t, err)
	for _, g := range []struct {
		id    int64
		game  string
		setup any
	}{
		{1, "testgame", `{"seats":2,"seed":18446744073709551614}`},
		{2, "testgame", `{"seats":2,"seed":18446744073709551614}`}, // a finished import of the same deal
		{3, "othergame", `{"seats":2,"seed":18446744073709551614}`},
		{4, "testgame", `{"seats":2,"options":{"seed":"5"},"seed":7}`},
		{5, "testgame", nil}, // forming
	} {
		_, err := conn.Exec(ctx, `INSERT INTO games (id, lobby_id, game, host_id, status, seats, setup, created_at, updated_at)
			VALUES ($1, 1, $2, 1, 'finished', 2, $3, now(), now())`, g.id, g.game, g.setup)
		require.NoError(t, err)
	}
	require.NoError(t, conn.Close(ctx))

	s, err := Open(ctx, url, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	for _, c := range []struct {
		game string
		seed uint64
		want int64
	}{
		{"testgame", 1<<64 - 2, 1}, {"othergame", 1<<64 - 2, 3}, {"testgame", 7, 4}, {"testgame", 5, 0},
		{"testgame", 1<<64 - 1, 0},
	} {
		id, _, err := s.DealTable(ctx, c.game, c.seed)
		require.NoError(t, err)
		require.Equal(t, c.want, id, "%s %d", c.game, c.seed)
	}
	require.NoError(t, s.ClaimDeal(ctx, 5, 5))
	require.Error(t, s.ClaimDeal(ctx, 2, 7), "the index holds after the migration")
}
