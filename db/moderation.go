package db

import (
	"context"
	"fmt"
	"time"

	"boardroom/lobby/moderation"
)

var _ moderation.Store = (*Store)(nil)

// fmtUntil stores a ban's end; "" is for good.
func fmtUntil(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return fmtTime(t)
}

func parseUntil(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return parseTime(s)
}

// SaveBan implements moderation.Store.
func (s *Store) SaveBan(ctx context.Context, b moderation.Ban) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO bans (kind, target, handle, reason, by_key, created_at, until)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (kind, target) DO UPDATE SET handle = excluded.handle, reason = excluded.reason,
			by_key = excluded.by_key, created_at = excluded.created_at, until = excluded.until`,
		b.Kind, b.Target, b.Handle, b.Reason, b.By, fmtTime(b.At), fmtUntil(b.Until))
	if err != nil {
		return fmt.Errorf("db: saving a ban: %w", err)
	}
	return nil
}

// DeleteBan implements moderation.Store.
func (s *Store) DeleteBan(ctx context.Context, kind, target string) (bool, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM bans WHERE kind = ? AND target = ?`, kind, target)
	if err != nil {
		return false, fmt.Errorf("db: lifting a ban: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("db: lifting a ban: %w", err)
	}
	return n > 0, nil
}

// Bans implements moderation.Store. The times are stored in one fixed
// layout, so comparing the text compares the times.
func (s *Store) Bans(ctx context.Context, now time.Time) ([]moderation.Ban, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT kind, target, handle, reason, by_key, created_at, until FROM bans
		WHERE until = '' OR until > ? ORDER BY created_at, kind, target`, fmtTime(now))
	if err != nil {
		return nil, fmt.Errorf("db: reading the bans: %w", err)
	}
	defer rows.Close()
	var out []moderation.Ban
	for rows.Next() {
		var b moderation.Ban
		var at, until string
		if err := rows.Scan(&b.Kind, &b.Target, &b.Handle, &b.Reason, &b.By, &at, &until); err != nil {
			return nil, fmt.Errorf("db: reading the bans: %w", err)
		}
		if b.At, err = parseTime(at); err != nil {
			return nil, err
		}
		if b.Until, err = parseUntil(until); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// AppendAudit implements moderation.Store.
func (s *Store) AppendAudit(ctx context.Context, a moderation.Action) (int64, error) {
	res, err := s.w.ExecContext(ctx, `INSERT INTO operator_audit (at, by_key, by_handle, action, target, handle, reason, until)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		fmtTime(a.At), a.By, a.ByHandle, a.Verb, a.Target, a.Handle, a.Reason, fmtUntil(a.Until))
	if err != nil {
		return 0, fmt.Errorf("db: recording an operator action: %w", err)
	}
	return res.LastInsertId()
}

// Audit implements moderation.Store.
func (s *Store) Audit(ctx context.Context, limit int) ([]moderation.Action, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, at, by_key, by_handle, action, target, handle, reason, until FROM
		(SELECT * FROM operator_audit ORDER BY id DESC LIMIT ?) ORDER BY id`, limit)
	if err != nil {
		return nil, fmt.Errorf("db: reading the operator log: %w", err)
	}
	defer rows.Close()
	var out []moderation.Action
	for rows.Next() {
		var a moderation.Action
		var at, until string
		if err := rows.Scan(&a.ID, &at, &a.By, &a.ByHandle, &a.Verb, &a.Target, &a.Handle, &a.Reason, &until); err != nil {
			return nil, fmt.Errorf("db: reading the operator log: %w", err)
		}
		if a.At, err = parseTime(at); err != nil {
			return nil, err
		}
		if a.Until, err = parseUntil(until); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
