package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"boardroom/lobby/tournament"
)

var _ tournament.Store = (*Store)(nil)

// CreateTournament implements tournament.Store.
func (s *Store) CreateTournament(ctx context.Context, r tournament.Record) (int64, error) {
	opts, err := json.Marshal(orEmpty(r.Options))
	if err != nil {
		return 0, fmt.Errorf("db: creating a tournament: %w", err)
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO tournaments (lobby_id, game, format, rounds, minutes, table_size, options,
		pace, starts_at, created_by, created_at, status, round, started_at, ends_at, ended_at, seed)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.LobbyID, r.Game, string(r.Format), r.Rounds, r.Minutes, r.TableSize, string(opts), r.Pace, fmtUntil(r.StartsAt),
		r.CreatedBy, fmtTime(r.CreatedAt), string(r.Status), r.Round, fmtUntil(r.StartedAt), fmtUntil(r.EndsAt), fmtUntil(r.EndedAt), r.Seed)
	if err != nil {
		return 0, fmt.Errorf("db: creating a tournament: %w", err)
	}
	return res.LastInsertId()
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// SaveTournament implements tournament.Store.
func (s *Store) SaveTournament(ctx context.Context, r tournament.Record) error {
	_, err := s.w.ExecContext(ctx, `UPDATE tournaments SET status = ?, round = ?, started_at = ?, ends_at = ?, ended_at = ?,
		starts_at = ? WHERE id = ?`,
		string(r.Status), r.Round, fmtUntil(r.StartedAt), fmtUntil(r.EndsAt), fmtUntil(r.EndedAt), fmtUntil(r.StartsAt), r.ID)
	if err != nil {
		return fmt.Errorf("db: saving tournament %d: %w", r.ID, err)
	}
	return nil
}

// MoveTournament implements tournament.Store.
func (s *Store) MoveTournament(ctx context.Context, r tournament.Record, fromStatus tournament.Status, fromRound int) (bool, error) {
	res, err := s.w.ExecContext(ctx, `UPDATE tournaments SET status = ?, round = ?, started_at = ?, ends_at = ?, ended_at = ?,
		starts_at = ?, seating_node = ?, seating_until = ? WHERE id = ? AND status = ? AND round = ?`,
		string(r.Status), r.Round, fmtUntil(r.StartedAt), fmtUntil(r.EndsAt), fmtUntil(r.EndedAt), fmtUntil(r.StartsAt),
		r.SeatingNode, leaseMillis(r.SeatingUntil), r.ID, string(fromStatus), fromRound)
	if err != nil {
		return false, fmt.Errorf("db: moving tournament %d: %w", r.ID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("db: moving tournament %d: %w", r.ID, err)
	}
	return n == 1, nil
}

// leaseMillis is a seating lease's expiry as stored (0: none).
func leaseMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromLeaseMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// ClaimSeating implements tournament.Store.
func (s *Store) ClaimSeating(ctx context.Context, id int64, round int, node string, until, now time.Time) (bool, error) {
	res, err := s.w.ExecContext(ctx, `UPDATE tournaments SET seating_node = ?, seating_until = ?
		WHERE id = ? AND status = 'running' AND round = ? AND seating_until <= ?`,
		node, leaseMillis(until), id, round, now.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("db: claiming the seating of tournament %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("db: claiming the seating of tournament %d: %w", id, err)
	}
	return n == 1, nil
}

// ReleaseSeating implements tournament.Store.
func (s *Store) ReleaseSeating(ctx context.Context, id int64, round int, node string) error {
	if _, err := s.w.ExecContext(ctx, `UPDATE tournaments SET seating_node = '', seating_until = 0
		WHERE id = ? AND round = ? AND seating_node = ?`, id, round, node); err != nil {
		return fmt.Errorf("db: releasing the seating of tournament %d: %w", id, err)
	}
	return nil
}

// Tournaments implements tournament.Store.
func (s *Store) Tournaments(ctx context.Context) ([]tournament.Record, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, lobby_id, game, format, rounds, minutes, table_size, options, pace,
		starts_at, created_by, created_at, status, round, started_at, ends_at, ended_at, seed, seating_node, seating_until
		FROM tournaments ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("db: reading the tournaments: %w", err)
	}
	defer rows.Close()
	var out []tournament.Record
	for rows.Next() {
		var r tournament.Record
		var format, opts, status, startsAt, createdAt, startedAt, endsAt, endedAt string
		var seatingUntil int64
		if err := rows.Scan(&r.ID, &r.LobbyID, &r.Game, &format, &r.Rounds, &r.Minutes, &r.TableSize, &opts, &r.Pace,
			&startsAt, &r.CreatedBy, &createdAt, &status, &r.Round, &startedAt, &endsAt, &endedAt, &r.Seed,
			&r.SeatingNode, &seatingUntil); err != nil {
			return nil, fmt.Errorf("db: reading the tournaments: %w", err)
		}
		r.Format, r.Status = tournament.Format(format), tournament.Status(status)
		r.SeatingUntil = fromLeaseMillis(seatingUntil)
		if err := json.Unmarshal([]byte(opts), &r.Options); err != nil {
			return nil, fmt.Errorf("db: tournament %d's options: %w", r.ID, err)
		}
		for _, f := range []struct {
			dst *time.Time
			src string
		}{{&r.StartsAt, startsAt}, {&r.CreatedAt, createdAt}, {&r.StartedAt, startedAt}, {&r.EndsAt, endsAt}, {&r.EndedAt, endedAt}} {
			if *f.dst, err = parseUntil(f.src); err != nil {
				return nil, err
			}
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// SaveEntry implements tournament.Store.
func (s *Store) SaveEntry(ctx context.Context, id int64, e tournament.EntryRecord) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO tournament_entries (tournament_id, account_id, joined_at, withdrawn, absent)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, account_id) DO UPDATE SET withdrawn = excluded.withdrawn,
		absent = excluded.absent`, id, int64(e.Player), fmtTime(e.JoinedAt), e.Withdrawn, e.Absent)
	if err != nil {
		return fmt.Errorf("db: saving an entry of tournament %d: %w", id, err)
	}
	return nil
}

// JoinOpen implements tournament.Store: one statement, and SQLite writes
// one at a time, so the check and the insert are not split by a start.
func (s *Store) JoinOpen(ctx context.Context, id int64, e tournament.EntryRecord) (bool, error) {
	res, err := s.w.ExecContext(ctx, `INSERT INTO tournament_entries (tournament_id, account_id, joined_at, withdrawn, absent)
		SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = 'open')
		ON CONFLICT (tournament_id, account_id) DO NOTHING`,
		id, int64(e.Player), fmtTime(e.JoinedAt), e.Withdrawn, e.Absent, id)
	if err != nil {
		return false, fmt.Errorf("db: joining tournament %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("db: joining tournament %d: %w", id, err)
	}
	return n == 1, nil
}

// DeleteEntry implements tournament.Store.
func (s *Store) DeleteEntry(ctx context.Context, id int64, player tournament.PlayerID) error {
	if _, err := s.w.ExecContext(ctx, `DELETE FROM tournament_entries WHERE tournament_id = ? AND account_id = ?`, id, int64(player)); err != nil {
		return fmt.Errorf("db: removing an entry of tournament %d: %w", id, err)
	}
	return nil
}

// Entries implements tournament.Store.
func (s *Store) Entries(ctx context.Context, id int64) ([]tournament.EntryRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT account_id, joined_at, withdrawn, absent FROM tournament_entries
		WHERE tournament_id = ? ORDER BY joined_at, account_id`, id)
	if err != nil {
		return nil, fmt.Errorf("db: reading tournament %d's players: %w", id, err)
	}
	defer rows.Close()
	var out []tournament.EntryRecord
	for rows.Next() {
		var e tournament.EntryRecord
		var joined string
		if err := rows.Scan(&e.Player, &joined, &e.Withdrawn, &e.Absent); err != nil {
			return nil, fmt.Errorf("db: reading tournament %d's players: %w", id, err)
		}
		if e.JoinedAt, err = parseTime(joined); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// SaveTournamentGame implements tournament.Store.
func (s *Store) SaveTournamentGame(ctx context.Context, id int64, g tournament.GameRecord) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return fmt.Errorf("db: saving a game of tournament %d: %w", id, err)
	}
	_, err = s.w.ExecContext(ctx, `INSERT INTO tournament_games (table_id, tournament_id, round, table_no, seats, finished)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET seats = excluded.seats, finished = excluded.finished`,
		g.TableID, id, g.Round, g.Table, string(seats), g.Finished)
	if err != nil {
		return fmt.Errorf("db: saving a game of tournament %d: %w", id, err)
	}
	return nil
}

// TournamentGames implements tournament.Store.
func (s *Store) TournamentGames(ctx context.Context, id int64) ([]tournament.GameRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT table_id, round, table_no, seats, finished FROM tournament_games
		WHERE tournament_id = ? ORDER BY round, table_no, table_id`, id)
	if err != nil {
		return nil, fmt.Errorf("db: reading tournament %d's games: %w", id, err)
	}
	defer rows.Close()
	var out []tournament.GameRecord
	for rows.Next() {
		var g tournament.GameRecord
		var seats string
		if err := rows.Scan(&g.TableID, &g.Round, &g.Table, &seats, &g.Finished); err != nil {
			return nil, fmt.Errorf("db: reading tournament %d's games: %w", id, err)
		}
		if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
			return nil, fmt.Errorf("db: table %d's tournament seats: %w", g.TableID, err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// TournamentOfTable implements tournament.Store.
func (s *Store) TournamentOfTable(ctx context.Context, tableID int64) (int64, error) {
	var id int64
	err := s.r.QueryRowContext(ctx, `SELECT tournament_id FROM tournament_games WHERE table_id = ?`, tableID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("db: the tournament of table %d: %w", tableID, err)
	}
	return id, nil
}
