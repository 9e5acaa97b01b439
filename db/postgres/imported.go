package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/engine"
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

// DealTable returns a table (and its lobby) whose game has this game id and
// seed, in any status; 0, 0 if none has. Imports use it so that a deal is
// played at most once on a server.
func (s *Store) DealTable(ctx context.Context, game string, seed uint64) (int64, int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, lobby_id, setup FROM games
		WHERE game = $1 AND setup IS NOT NULL AND strpos(setup, $2) > 0 ORDER BY id`,
		game, `"seed":`+strconv.FormatUint(seed, 10))
	if err != nil {
		return 0, 0, fmt.Errorf("postgres: tables with a deal: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, lobbyID int64
		var text string
		if err := rows.Scan(&id, &lobbyID, &text); err != nil {
			return 0, 0, fmt.Errorf("postgres: tables with a deal: %w", err)
		}
		var setup engine.Setup
		if json.Unmarshal([]byte(text), &setup) == nil && setup.Seed == seed {
			return id, lobbyID, nil
		}
	}
	if err := rows.Err(); err != nil {
		return 0, 0, fmt.Errorf("postgres: tables with a deal: %w", err)
	}
	return 0, 0, nil
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
