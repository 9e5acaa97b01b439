package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

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
