package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

var (
	_ lobby.BlockStore  = (*Store)(nil)
	_ lobby.ReportStore = (*Store)(nil)
)

// SaveBlock implements lobby.BlockStore.
func (s *Store) SaveBlock(ctx context.Context, blocker, blocked int64, at time.Time) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (blocker_id, blocked_id) DO NOTHING`, blocker, blocked, at.UTC())
	if err != nil {
		return fmt.Errorf("postgres: saving a block: %w", err)
	}
	return nil
}

// DeleteBlock implements lobby.BlockStore.
func (s *Store) DeleteBlock(ctx context.Context, blocker, blocked int64) (bool, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, blocker, blocked)
	if err != nil {
		return false, fmt.Errorf("postgres: lifting a block: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

// BlockedBy implements lobby.BlockStore.
func (s *Store) BlockedBy(ctx context.Context, blocker int64) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT blocked_id FROM blocks WHERE blocker_id = $1 ORDER BY created_at, blocked_id`, blocker)
	if err != nil {
		return nil, fmt.Errorf("postgres: reading blocks: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("postgres: reading blocks: %w", err)
	}
	return out, nil
}

// AddReport implements lobby.ReportStore.
func (s *Store) AddReport(ctx context.Context, r lobby.Report) (int64, error) {
	lines := r.Lines
	if lines == nil {
		lines = []lobby.ChatMessage{}
	}
	b, err := json.Marshal(lines)
	if err != nil {
		return 0, fmt.Errorf("postgres: storing a report: %w", err)
	}
	var id int64
	err = s.pool.QueryRow(ctx, `INSERT INTO reports (at, reporter_id, reporter_handle, reported_id, reported_handle, reason, lines)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, r.At.UTC(), r.ReporterID, r.ReporterHandle, r.ReportedID, r.ReportedHandle,
		r.Reason, string(b)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("postgres: storing a report: %w", err)
	}
	return id, nil
}

// CountReports implements lobby.ReportStore.
func (s *Store) CountReports(ctx context.Context, reporter int64, since time.Time) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM reports WHERE reporter_id = $1 AND at >= $2`, reporter, since.UTC()).Scan(&n); err != nil {
		return 0, fmt.Errorf("postgres: counting reports: %w", err)
	}
	return n, nil
}

// Reports implements lobby.ReportStore.
func (s *Store) Reports(ctx context.Context, limit int) ([]lobby.Report, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, at, reporter_id, reporter_handle, reported_id, reported_handle, reason, lines::text
		FROM reports ORDER BY id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: reading reports: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lobby.Report, error) {
		var r lobby.Report
		var lines string
		if err := row.Scan(&r.ID, &r.At, &r.ReporterID, &r.ReporterHandle, &r.ReportedID, &r.ReportedHandle, &r.Reason, &lines); err != nil {
			return r, err
		}
		r.At = utc(r.At)
		if err := json.Unmarshal([]byte(lines), &r.Lines); err != nil {
			return r, err
		}
		for i := range r.Lines {
			r.Lines[i].At = r.Lines[i].At.UTC()
		}
		return r, nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: reading reports: %w", err)
	}
	return out, nil
}

// ChatBy implements lobby.ReportStore.
func (s *Store) ChatBy(ctx context.Context, author int64, n int) ([]lobby.ChatMessage, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, channel, handle, text, at FROM (
		SELECT * FROM chat WHERE author_id = $1 ORDER BY id DESC LIMIT $2) c ORDER BY id`, author, n)
	if err != nil {
		return nil, fmt.Errorf("postgres: chat by %d: %w", author, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lobby.ChatMessage, error) {
		m := lobby.ChatMessage{AuthorID: author}
		var key string
		if err := row.Scan(&m.ID, &key, &m.Handle, &m.Text, &m.At); err != nil {
			return m, err
		}
		m.At = utc(m.At)
		var err error
		m.Channel, err = parseChannelKey(key)
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: chat by %d: %w", author, err)
	}
	return out, nil
}
