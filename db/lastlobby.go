package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"boardroom/lobby"
)

var _ lobby.LastLobbyStore = (*Store)(nil)

// LastLobby implements lobby.LastLobbyStore: 0 when the account has none
// stored (or does not exist).
func (s *Store) LastLobby(ctx context.Context, accountID int64) (int64, error) {
	var id sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT last_lobby_id FROM accounts WHERE id = ?`, accountID).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("db: last lobby of account %d: %w", accountID, err)
	}
	return id.Int64, nil
}

// SetLastLobby implements lobby.LastLobbyStore.
func (s *Store) SetLastLobby(ctx context.Context, accountID, lobbyID int64) error {
	if _, err := s.w.ExecContext(ctx, `UPDATE accounts SET last_lobby_id = ? WHERE id = ?`, lobbyID, accountID); err != nil {
		return fmt.Errorf("db: remember last lobby of account %d: %w", accountID, err)
	}
	return nil
}
