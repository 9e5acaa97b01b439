package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

var _ lobby.LastLobbyStore = (*Store)(nil)

// LastLobby implements lobby.LastLobbyStore: 0 when the account has none
// stored (or does not exist).
func (s *Store) LastLobby(ctx context.Context, accountID int64) (int64, error) {
	var id *int64
	err := s.pool.QueryRow(ctx, `SELECT last_lobby_id FROM accounts WHERE id = $1`, accountID).Scan(&id)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("postgres: last lobby of account %d: %w", accountID, err)
	}
	if id == nil {
		return 0, nil
	}
	return *id, nil
}

// SetLastLobby implements lobby.LastLobbyStore.
func (s *Store) SetLastLobby(ctx context.Context, accountID, lobbyID int64) error {
	if _, err := s.pool.Exec(ctx, `UPDATE accounts SET last_lobby_id = $1 WHERE id = $2`, lobbyID, accountID); err != nil {
		return fmt.Errorf("postgres: remember last lobby of account %d: %w", accountID, err)
	}
	return nil
}
