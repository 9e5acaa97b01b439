package postgres

import (
	"context"
	"fmt"
	"time"

	"boardroom/lobby/moderation"
)

var _ moderation.Store = (*Store)(nil)

// until is a ban's end as stored: NULL for good.
func until(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func fromUntil(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// SaveBan implements moderation.Store.
func (s *Store) SaveBan(ctx context.Context, b moderation.Ban) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO bans (kind, target, handle, reason, by_key, created_at, until)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (kind, target) DO UPDATE SET handle = EXCLUDED.handle, reason = EXCLUDED.reason,
			by_key = EXCLUDED.by_key, created_at = EXCLUDED.created_at, until = EXCLUDED.until`,
		b.Kind, b.Target, b.Handle, b.Reason, b.By, b.At.UTC(), until(b.Until))
	if err != nil {
		return fmt.Errorf("postgres: saving a ban: %w", err)
	}
	return nil
}

// DeleteBan implements moderation.Store.
func (s *Store) DeleteBan(ctx context.Context, kind, target string) (bool, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM bans WHERE kind = $1 AND target = $2`, kind, target)
	if err != nil {
		return false, fmt.Errorf("postgres: lifting a ban: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

// Bans implements moderation.Store.
func (s *Store) Bans(ctx context.Context, now time.Time) ([]moderation.Ban, error) {
	rows, err := s.pool.Query(ctx, `SELECT kind, target, handle, reason, by_key, created_at, until FROM bans
		WHERE until IS NULL OR until > $1 ORDER BY created_at, kind, target`, now.UTC())
	if err != nil {
		return nil, fmt.Errorf("postgres: reading the bans: %w", err)
	}
	defer rows.Close()
	var out []moderation.Ban
	for rows.Next() {
		var b moderation.Ban
		var u *time.Time
		if err := rows.Scan(&b.Kind, &b.Target, &b.Handle, &b.Reason, &b.By, &b.At, &u); err != nil {
			return nil, fmt.Errorf("postgres: reading the bans: %w", err)
		}
		b.At, b.Until = b.At.UTC(), fromUntil(u)
		out = append(out, b)
	}
	return out, rows.Err()
}

// AppendAudit implements moderation.Store.
func (s *Store) AppendAudit(ctx context.Context, a moderation.Action) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `INSERT INTO operator_audit (at, by_key, by_handle, action, target, handle, reason, until)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		a.At.UTC(), a.By, a.ByHandle, a.Verb, a.Target, a.Handle, a.Reason, until(a.Until)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("postgres: recording an operator action: %w", err)
	}
	return id, nil
}

// Audit implements moderation.Store.
func (s *Store) Audit(ctx context.Context, limit int) ([]moderation.Action, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, at, by_key, by_handle, action, target, handle, reason, until FROM
		(SELECT * FROM operator_audit ORDER BY id DESC LIMIT $1) AS last ORDER BY id`, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: reading the operator log: %w", err)
	}
	defer rows.Close()
	var out []moderation.Action
	for rows.Next() {
		var a moderation.Action
		var u *time.Time
		if err := rows.Scan(&a.ID, &a.At, &a.By, &a.ByHandle, &a.Verb, &a.Target, &a.Handle, &a.Reason, &u); err != nil {
			return nil, fmt.Errorf("postgres: reading the operator log: %w", err)
		}
		a.At, a.Until = a.At.UTC(), fromUntil(u)
		out = append(out, a)
	}
	return out, rows.Err()
}
