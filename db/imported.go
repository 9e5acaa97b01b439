package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"boardroom/lobby"
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

// DealTable returns the table (and its lobby) that holds the deal of this
// game id and seed (games.deal_seed, migration 0007): the first table of
// the server to store a setup with it, in any status; 0, 0 if none has.
// Imports use it so that a deal is played at most once on a server.
func (s *Store) DealTable(ctx context.Context, game string, seed uint64) (int64, int64, error) {
	var id, lobbyID int64
	err := s.r.QueryRowContext(ctx, `SELECT id, lobby_id FROM games WHERE game = ? AND deal_seed = ?`,
		game, strconv.FormatUint(seed, 10)).Scan(&id, &lobbyID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, 0, nil
	case err != nil:
		return 0, 0, fmt.Errorf("db: table with a deal: %w", err)
	}
	return id, lobbyID, nil
}

// ClaimDeal makes the table the holder of its game's deal with this seed;
// an error wrapping lobby.ErrDealPlayed when another table holds it (the
// unique index games_deal refuses the second claim, whichever connection or
// process makes it).
func (s *Store) ClaimDeal(ctx context.Context, tableID int64, seed uint64) error {
	res, err := s.w.ExecContext(ctx, `UPDATE games SET deal_seed = ? WHERE id = ?`, strconv.FormatUint(seed, 10), tableID)
	if err != nil {
		if isUnique(err) {
			return fmt.Errorf("db: claim the deal of table %d: %w", tableID, lobby.ErrDealPlayed)
		}
		return fmt.Errorf("db: claim the deal of table %d: %w", tableID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("db: claim the deal of table %d: %w", tableID, lobby.ErrNotFound)
	}
	return nil
}

// claimDealIfFree records a started table's deal unless a table holds it
// already: a game started here with a fresh seed, or a finished game's
// import, which may repeat a deal (a result to look at, not to play on).
// OR IGNORE keeps the unique index from failing the table's save.
func claimDealIfFree(ctx context.Context, tx *sql.Tx, tableID int64, seed uint64) error {
	_, err := tx.ExecContext(ctx, `UPDATE OR IGNORE games SET deal_seed = ? WHERE id = ? AND deal_seed IS NULL`,
		strconv.FormatUint(seed, 10), tableID)
	return err
}

// MarkImportDigest records the digest of the finished game a table was
// imported with (MarkImported first).
func (s *Store) MarkImportDigest(ctx context.Context, tableID int64, digest string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE imported_games SET digest = ? WHERE game_id = ?`, digest, tableID)
	if err == nil {
		var n int64
		if n, err = res.RowsAffected(); err == nil && n == 0 {
			err = errors.New("the table is not marked imported")
		}
	}
	if err != nil {
		return fmt.Errorf("db: digest of imported table %d: %w", tableID, err)
	}
	return nil
}

// DigestTables returns the tables imported with a finished game of this
// digest, oldest first.
func (s *Store) DigestTables(ctx context.Context, digest string) ([]int64, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT game_id FROM imported_games WHERE digest = ? ORDER BY game_id`, digest)
	if err != nil {
		return nil, fmt.Errorf("db: tables of a digest: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("db: tables of a digest: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: tables of a digest: %w", err)
	}
	return out, nil
}

// ImportDigest returns the digest a table was imported with ("" when it was
// not imported as a finished game).
func (s *Store) ImportDigest(ctx context.Context, tableID int64) (string, error) {
	var d sql.NullString
	err := s.r.QueryRowContext(ctx, `SELECT digest FROM imported_games WHERE game_id = ?`, tableID).Scan(&d)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("db: digest of table %d: %w", tableID, err)
	}
	return d.String, nil
}
