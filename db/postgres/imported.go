package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

// MarkImported records that a table was opened by importing a saved game
// (exported from fromTable); the lobby's import marker, as in package db.
func (s *Store) MarkImported(ctx context.Context, tableID, fromTable int64, at time.Time) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO imported_games (game_id, from_table, imported_at) VALUES ($1, $2, $3)`,
		tableID, fromTable, at.UTC())
	if err != nil {
		return fmt.Errorf("postgres: mark table %d imported: %w", tableID, err)
	}
	return nil
}

// Imported reports whether a table was opened by importing a saved game.
func (s *Store) Imported(ctx context.Context, tableID int64) (bool, error) {
	var ok bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM imported_games WHERE game_id = $1)`, tableID).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("postgres: is table %d imported: %w", tableID, err)
	}
	return ok, nil
}

// DealTable returns the table (and its lobby) that holds the deal of this
// game id and seed (games.deal_seed, migration 0004), in any status; 0, 0
// if none has; as in package db.
func (s *Store) DealTable(ctx context.Context, game string, seed uint64) (int64, int64, error) {
	var id, lobbyID int64
	err := s.pool.QueryRow(ctx, `SELECT id, lobby_id FROM games WHERE game = $1 AND deal_seed = $2`,
		game, strconv.FormatUint(seed, 10)).Scan(&id, &lobbyID)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, 0, nil
	case err != nil:
		return 0, 0, fmt.Errorf("postgres: table with a deal: %w", err)
	}
	return id, lobbyID, nil
}

// ClaimDeal makes the table the holder of its game's deal with this seed;
// an error wrapping lobby.ErrDealPlayed when another table holds it. The
// unique index games_deal decides between nodes: of two claims, the second
// waits for the first to commit and then fails.
func (s *Store) ClaimDeal(ctx context.Context, tableID int64, seed uint64) error {
	tag, err := s.pool.Exec(ctx, `UPDATE games SET deal_seed = $1 WHERE id = $2`, strconv.FormatUint(seed, 10), tableID)
	if err != nil {
		if uniqueConstraint(err) != "" {
			return fmt.Errorf("postgres: claim the deal of table %d: %w", tableID, lobby.ErrDealPlayed)
		}
		return fmt.Errorf("postgres: claim the deal of table %d: %w", tableID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: claim the deal of table %d: %w", tableID, lobby.ErrNotFound)
	}
	return nil
}

// claimDealIfFree records a started table's deal unless a table holds it
// already (package db says when). A savepoint keeps a claim lost to a
// concurrent one from failing the table's save.
func claimDealIfFree(ctx context.Context, tx pgx.Tx, tableID int64, seed uint64) error {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	d := strconv.FormatUint(seed, 10)
	_, err = sp.Exec(ctx, `UPDATE games SET deal_seed = $1 WHERE id = $2 AND deal_seed IS NULL
		AND NOT EXISTS (SELECT 1 FROM games AS other WHERE other.game = games.game AND other.deal_seed = $1)`, d, tableID)
	if uniqueConstraint(err) != "" {
		return sp.Rollback(ctx)
	}
	if err != nil {
		_ = sp.Rollback(ctx)
		return err
	}
	return sp.Commit(ctx)
}

// MarkImportDigest records the digest of the finished game a table was
// imported with (MarkImported first); as in package db.
func (s *Store) MarkImportDigest(ctx context.Context, tableID int64, digest string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE imported_games SET digest = $1 WHERE game_id = $2`, digest, tableID)
	if err == nil && tag.RowsAffected() == 0 {
		err = errors.New("the table is not marked imported")
	}
	if err != nil {
		return fmt.Errorf("postgres: digest of imported table %d: %w", tableID, err)
	}
	return nil
}

// DigestTables returns the tables imported with a finished game of this
// digest, oldest first.
func (s *Store) DigestTables(ctx context.Context, digest string) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT game_id FROM imported_games WHERE digest = $1 ORDER BY game_id`, digest)
	if err != nil {
		return nil, fmt.Errorf("postgres: tables of a digest: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("postgres: tables of a digest: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: tables of a digest: %w", err)
	}
	return out, nil
}

// ImportDigest returns the digest a table was imported with ("" when it was
// not imported as a finished game).
func (s *Store) ImportDigest(ctx context.Context, tableID int64) (string, error) {
	var d *string
	err := s.pool.QueryRow(ctx, `SELECT digest FROM imported_games WHERE game_id = $1`, tableID).Scan(&d)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("postgres: digest of table %d: %w", tableID, err)
	}
	if d == nil {
		return "", nil
	}
	return *d, nil
}
