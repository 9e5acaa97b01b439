package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

const accountCols = `id, COALESCE(fingerprint, ''), handle, bot, created_at`

func scanAccount(row pgx.Row) (*lobby.Account, error) {
	var a lobby.Account
	if err := row.Scan(&a.ID, &a.Fingerprint, &a.Handle, &a.Bot, &a.CreatedAt); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	a.CreatedAt = utc(a.CreatedAt)
	return &a, nil
}

// AccountByFingerprint implements lobby.AccountStore.
func (s *Store) AccountByFingerprint(ctx context.Context, fp string) (*lobby.Account, error) {
	if fp == "" {
		return nil, nil
	}
	a, err := scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE fingerprint = $1`, fp))
	if err != nil {
		return nil, fmt.Errorf("postgres: account by fingerprint: %w", err)
	}
	return a, nil
}

// AccountByHandle implements lobby.AccountStore (case-insensitive).
func (s *Store) AccountByHandle(ctx context.Context, handle string) (*lobby.Account, error) {
	a, err := scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE lower(handle) = lower($1)`, handle))
	if err != nil {
		return nil, fmt.Errorf("postgres: account by handle: %w", err)
	}
	return a, nil
}

// AccountByID implements lobby.AccountStore.
func (s *Store) AccountByID(ctx context.Context, id int64) (*lobby.Account, error) {
	a, err := scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("postgres: account by id: %w", err)
	}
	return a, nil
}

// CreateAccount implements lobby.AccountStore.
func (s *Store) CreateAccount(ctx context.Context, fp, handle string, at time.Time) (*lobby.Account, error) {
	if fp == "" {
		return nil, errors.New("postgres: create account: empty fingerprint")
	}
	a := &lobby.Account{Fingerprint: fp, Handle: handle, CreatedAt: at.UTC()}
	err := s.pool.QueryRow(ctx, `INSERT INTO accounts (fingerprint, handle, bot, created_at) VALUES ($1, $2, false, $3)
		RETURNING id`, fp, handle, at.UTC()).Scan(&a.ID)
	switch uniqueConstraint(err) {
	case "":
	case "accounts_handle":
		return nil, fmt.Errorf("postgres: create account: %w", lobby.ErrHandleTaken)
	default:
		return nil, fmt.Errorf("postgres: create account: the key already has an account: %w", err)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: create account: %w", err)
	}
	return a, nil
}

// RenameAccount implements lobby.AccountStore.
func (s *Store) RenameAccount(ctx context.Context, id int64, handle string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE accounts SET handle = $1 WHERE id = $2`, handle, id)
	if uniqueConstraint(err) != "" {
		return fmt.Errorf("postgres: rename account: %w", lobby.ErrHandleTaken)
	}
	if err != nil {
		return fmt.Errorf("postgres: rename account: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: rename account %d: %w", id, lobby.ErrNotFound)
	}
	return nil
}

// EnsureBot implements lobby.AccountStore. Nodes may ensure the same bot at once:
// the insert does nothing when the handle exists, and the row is read back.
func (s *Store) EnsureBot(ctx context.Context, handle string, at time.Time) (*lobby.Account, error) {
	_, err := s.pool.Exec(ctx, `INSERT INTO accounts (fingerprint, handle, bot, created_at) VALUES (NULL, $1, true, $2)
		ON CONFLICT ((lower(handle))) DO NOTHING`, handle, at.UTC())
	if err != nil {
		return nil, fmt.Errorf("postgres: ensure bot %s: %w", handle, err)
	}
	a, err := s.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, fmt.Errorf("postgres: ensure bot %s: %w", handle, err)
	}
	if a == nil {
		return nil, fmt.Errorf("postgres: ensure bot %s: %w", handle, lobby.ErrNotFound)
	}
	if !a.Bot {
		return nil, fmt.Errorf("postgres: ensure bot %s: handle %q belongs to a player: %w", handle, handle, lobby.ErrHandleTaken)
	}
	return a, nil
}
