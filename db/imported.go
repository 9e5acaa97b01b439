package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// MarkImported records that a table was opened by importing a saved game
// (exported from fromTable). It implements the lobby's optional import
// marker.
func (s *Store) MarkImported(ctx context.Context, tableID, fromTable int64, at time.Time) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO imported_games (game_id, from_table, imported_at) VALUES (?, ?, ?)`,
		tableID, fromTable, fmtTime(at))
	if err != nil {
		return fmt.Errorf("db: mark table %d imported: %w", tableID, err)
	}
	return nil
}

// Imported reports whether a table was opened by importing a saved game.
func (s *Store) Imported(ctx context.Context, tableID int64) (bool, error) {
	var id int64
	err := s.r.QueryRowContext(ctx, `SELECT game_id FROM imported_games WHERE game_id = ?`, tableID).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("db: is table %d imported: %w", tableID, err)
	}
	return true, nil
}
