package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"boardroom/lobby"
)

const accountCols = `id, COALESCE(fingerprint, ''), handle, bot, created_at`

func scanAccount(row interface{ Scan(...any) error }) (*lobby.Account, error) {
	var a lobby.Account
	var bot int
	var created string
	if err := row.Scan(&a.ID, &a.Fingerprint, &a.Handle, &bot, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	a.Bot = bot != 0
	t, err := parseTime(created)
	if err != nil {
		return nil, err
	}
	a.CreatedAt = t
	return &a, nil
}

// AccountByFingerprint implements lobby.AccountStore.
func (s *Store) AccountByFingerprint(ctx context.Context, fp string) (*lobby.Account, error) {
	if fp == "" {
		return nil, nil
	}
	a, err := scanAccount(s.r.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE fingerprint = ?`, fp))
	if err != nil {
		return nil, fmt.Errorf("db: account by fingerprint: %w", err)
	}
	return a, nil
}

// AccountByHandle implements lobby.AccountStore (case-insensitive).
func (s *Store) AccountByHandle(ctx context.Context, handle string) (*lobby.Account, error) {
	a, err := scanAccount(s.r.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE handle = ? COLLATE NOCASE`, handle))
	if err != nil {
		return nil, fmt.Errorf("db: account by handle: %w", err)
	}
	return a, nil
}

// AccountByID implements lobby.AccountStore.
func (s *Store) AccountByID(ctx context.Context, id int64) (*lobby.Account, error) {
	a, err := scanAccount(s.r.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = ?`, id))
	if err != nil {
		return nil, fmt.Errorf("db: account by id: %w", err)
	}
	return a, nil
}

// CreateAccount implements lobby.AccountStore.
func (s *Store) CreateAccount(ctx context.Context, fp, handle string, at time.Time) (*lobby.Account, error) {
	if fp == "" {
		return nil, errors.New("db: create account: empty fingerprint")
	}
	a := &lobby.Account{Fingerprint: fp, Handle: handle, CreatedAt: at.UTC()}
	res, err := s.w.ExecContext(ctx, `INSERT INTO accounts (fingerprint, handle, bot, created_at) VALUES (?, ?, 0, ?)`,
		fp, handle, fmtTime(at))
	if err != nil {
		if isUnique(err) {
			return nil, s.uniqueAccountError(ctx, fp, err)
		}
		return nil, fmt.Errorf("db: create account: %w", err)
	}
	if a.ID, err = res.LastInsertId(); err != nil {
		return nil, fmt.Errorf("db: create account: %w", err)
	}
	return a, nil
}

// uniqueAccountError tells a taken handle from a fingerprint that already
// has an account.
func (s *Store) uniqueAccountError(ctx context.Context, fp string, cause error) error {
	if a, err := s.AccountByFingerprint(ctx, fp); err == nil && a != nil {
		return fmt.Errorf("db: create account: the key already has an account: %w", cause)
	}
	return fmt.Errorf("db: create account: %w", lobby.ErrHandleTaken)
}

// RenameAccount implements lobby.AccountStore.
func (s *Store) RenameAccount(ctx context.Context, id int64, handle string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE accounts SET handle = ? WHERE id = ?`, handle, id)
	if err != nil {
		if isUnique(err) {
			return fmt.Errorf("db: rename account: %w", lobby.ErrHandleTaken)
		}
		return fmt.Errorf("db: rename account: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("db: rename account %d: %w", id, lobby.ErrNotFound)
	}
	return nil
}

// EnsureBot implements lobby.AccountStore.
func (s *Store) EnsureBot(ctx context.Context, handle string, at time.Time) (*lobby.Account, error) {
	var out *lobby.Account
	err := s.tx(ctx, func(tx *sql.Tx) error {
		a, err := scanAccount(tx.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE handle = ? COLLATE NOCASE`, handle))
		if err != nil {
			return err
		}
		if a != nil {
			if !a.Bot {
				return fmt.Errorf("handle %q belongs to a player: %w", handle, lobby.ErrHandleTaken)
			}
			out = a
			return nil
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO accounts (fingerprint, handle, bot, created_at) VALUES (NULL, ?, 1, ?)`,
			handle, fmtTime(at))
		if err != nil {
			return err
		}
		id, err := res.LastInsertId()
		if err != nil {
			return err
		}
		out = &lobby.Account{ID: id, Handle: handle, Bot: true, CreatedAt: at.UTC()}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("db: ensure bot %s: %w", handle, err)
	}
	return out, nil
}
