package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"boardroom/lobby"
)

var _ lobby.SettingsStore = (*Store)(nil)

// AccountSettings implements lobby.SettingsStore: "" when the account does
// not exist.
func (s *Store) AccountSettings(ctx context.Context, accountID int64) (string, error) {
	var text string
	err := s.r.QueryRowContext(ctx, `SELECT settings FROM accounts WHERE id = ?`, accountID).Scan(&text)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("db: settings of account %d: %w", accountID, err)
	}
	return text, nil
}

// SetAccountSettings implements lobby.SettingsStore.
func (s *Store) SetAccountSettings(ctx context.Context, accountID int64, text string) error {
	if _, err := s.w.ExecContext(ctx, `UPDATE accounts SET settings = ? WHERE id = ?`, text, accountID); err != nil {
		return fmt.Errorf("db: settings of account %d: %w", accountID, err)
	}
	return nil
}

var _ lobby.WebhookStore = (*Store)(nil)

// LobbyWebhook implements lobby.WebhookStore.
func (s *Store) LobbyWebhook(ctx context.Context, lobbyID int64) (*lobby.Webhook, error) {
	var w lobby.Webhook
	var at string
	err := s.r.QueryRowContext(ctx, `SELECT url, secret, created_at FROM lobby_webhooks WHERE lobby_id = ?`, lobbyID).
		Scan(&w.URL, &w.Secret, &at)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("db: webhook of lobby %d: %w", lobbyID, err)
	}
	if w.CreatedAt, err = parseTime(at); err != nil {
		return nil, fmt.Errorf("db: webhook of lobby %d: %w", lobbyID, err)
	}
	return &w, nil
}

// SetLobbyWebhook implements lobby.WebhookStore.
func (s *Store) SetLobbyWebhook(ctx context.Context, lobbyID int64, w *lobby.Webhook) error {
	var err error
	if w == nil {
		_, err = s.w.ExecContext(ctx, `DELETE FROM lobby_webhooks WHERE lobby_id = ?`, lobbyID)
	} else {
		_, err = s.w.ExecContext(ctx, `INSERT INTO lobby_webhooks (lobby_id, url, secret, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (lobby_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, created_at = excluded.created_at`,
			lobbyID, w.URL, w.Secret, fmtTime(w.CreatedAt))
	}
	if err != nil {
		return fmt.Errorf("db: webhook of lobby %d: %w", lobbyID, err)
	}
	return nil
}
