package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

var _ lobby.SettingsStore = (*Store)(nil)

// AccountSettings implements lobby.SettingsStore: "" when the account does
// not exist.
func (s *Store) AccountSettings(ctx context.Context, accountID int64) (string, error) {
	var text string
	err := s.pool.QueryRow(ctx, `SELECT settings FROM accounts WHERE id = $1`, accountID).Scan(&text)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("postgres: settings of account %d: %w", accountID, err)
	}
	return text, nil
}

// SetAccountSettings implements lobby.SettingsStore.
func (s *Store) SetAccountSettings(ctx context.Context, accountID int64, text string) error {
	if _, err := s.pool.Exec(ctx, `UPDATE accounts SET settings = $1 WHERE id = $2`, text, accountID); err != nil {
		return fmt.Errorf("postgres: settings of account %d: %w", accountID, err)
	}
	return nil
}

var _ lobby.WebhookStore = (*Store)(nil)

// LobbyWebhook implements lobby.WebhookStore.
func (s *Store) LobbyWebhook(ctx context.Context, lobbyID int64) (*lobby.Webhook, error) {
	var w lobby.Webhook
	err := s.pool.QueryRow(ctx, `SELECT url, secret, created_at FROM lobby_webhooks WHERE lobby_id = $1`, lobbyID).
		Scan(&w.URL, &w.Secret, &w.CreatedAt)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("postgres: webhook of lobby %d: %w", lobbyID, err)
	}
	w.CreatedAt = w.CreatedAt.UTC()
	return &w, nil
}

// SetLobbyWebhook implements lobby.WebhookStore.
func (s *Store) SetLobbyWebhook(ctx context.Context, lobbyID int64, w *lobby.Webhook) error {
	var err error
	if w == nil {
		_, err = s.pool.Exec(ctx, `DELETE FROM lobby_webhooks WHERE lobby_id = $1`, lobbyID)
	} else {
		_, err = s.pool.Exec(ctx, `INSERT INTO lobby_webhooks (lobby_id, url, secret, created_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (lobby_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, created_at = excluded.created_at`,
			lobbyID, w.URL, w.Secret, w.CreatedAt)
	}
	if err != nil {
		return fmt.Errorf("postgres: webhook of lobby %d: %w", lobbyID, err)
	}
	return nil
}
