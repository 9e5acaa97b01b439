package db

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"boardroom/lobby"
)

var (
	_ lobby.BlockStore  = (*Store)(nil)
	_ lobby.ReportStore = (*Store)(nil)
)

// SaveBlock implements lobby.BlockStore.
func (s *Store) SaveBlock(ctx context.Context, blocker, blocked int64, at time.Time) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT (blocker_id, blocked_id) DO NOTHING`, blocker, blocked, fmtTime(at))
	if err != nil {
		return fmt.Errorf("db: saving a block: %w", err)
	}
	return nil
}

// DeleteBlock implements lobby.BlockStore.
func (s *Store) DeleteBlock(ctx context.Context, blocker, blocked int64) (bool, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?`, blocker, blocked)
	if err != nil {
		return false, fmt.Errorf("db: lifting a block: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("db: lifting a block: %w", err)
	}
	return n > 0, nil
}

// BlockedBy implements lobby.BlockStore.
func (s *Store) BlockedBy(ctx context.Context, blocker int64) ([]int64, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT blocked_id FROM blocks WHERE blocker_id = ? ORDER BY created_at, blocked_id`, blocker)
	if err != nil {
		return nil, fmt.Errorf("db: reading blocks: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("db: reading blocks: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// AddReport implements lobby.ReportStore.
func (s *Store) AddReport(ctx context.Context, r lobby.Report) (int64, error) {
	lines, err := json.Marshal(nonNilLines(r.Lines))
	if err != nil {
		return 0, fmt.Errorf("db: storing a report: %w", err)
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO reports (at, reporter_id, reporter_handle, reported_id, reported_handle, reason, lines)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, fmtTime(r.At), r.ReporterID, r.ReporterHandle, r.ReportedID, r.ReportedHandle, r.Reason, string(lines))
	if err != nil {
		return 0, fmt.Errorf("db: storing a report: %w", err)
	}
	return res.LastInsertId()
}

func nonNilLines(l []lobby.ChatMessage) []lobby.ChatMessage {
	if l == nil {
		return []lobby.ChatMessage{}
	}
	return l
}

// CountReports implements lobby.ReportStore.
func (s *Store) CountReports(ctx context.Context, reporter int64, since time.Time) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM reports WHERE reporter_id = ? AND at >= ?`, reporter, fmtTime(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("db: counting reports: %w", err)
	}
	return n, nil
}

// Reports implements lobby.ReportStore.
func (s *Store) Reports(ctx context.Context, limit int) ([]lobby.Report, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, at, reporter_id, reporter_handle, reported_id, reported_handle, reason, lines
		FROM reports ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("db: reading reports: %w", err)
	}
	defer rows.Close()
	var out []lobby.Report
	for rows.Next() {
		var r lobby.Report
		var at, lines string
		if err := rows.Scan(&r.ID, &at, &r.ReporterID, &r.ReporterHandle, &r.ReportedID, &r.ReportedHandle, &r.Reason, &lines); err != nil {
			return nil, fmt.Errorf("db: reading reports: %w", err)
		}
		if r.At, err = parseTime(at); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(lines), &r.Lines); err != nil {
			return nil, fmt.Errorf("db: reading report %d: %w", r.ID, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// ChatBy implements lobby.ReportStore.
func (s *Store) ChatBy(ctx context.Context, author int64, n int) ([]lobby.ChatMessage, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, channel, handle, text, at FROM (
		SELECT * FROM chat WHERE author_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id`, author, n)
	if err != nil {
		return nil, fmt.Errorf("db: chat by %d: %w", author, err)
	}
	defer rows.Close()
	var out []lobby.ChatMessage
	for rows.Next() {
		m := lobby.ChatMessage{AuthorID: author}
		var key, at string
		if err := rows.Scan(&m.ID, &key, &m.Handle, &m.Text, &at); err != nil {
			return nil, fmt.Errorf("db: chat by %d: %w", author, err)
		}
		if m.Channel, err = parseChannelKey(key); err != nil {
			return nil, err
		}
		if m.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
