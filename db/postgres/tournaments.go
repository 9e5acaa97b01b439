package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby/tournament"
)

var _ tournament.Store = (*Store)(nil)

// CreateTournament implements tournament.Store.
func (s *Store) CreateTournament(ctx context.Context, r tournament.Record) (int64, error) {
	opts := r.Options
	if opts == nil {
		opts = map[string]string{}
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return 0, fmt.Errorf("postgres: creating a tournament: %w", err)
	}
	var id int64
	err = s.pool.QueryRow(ctx, `INSERT INTO tournaments (lobby_id, game, format, rounds, minutes, table_size, options,
		pace, starts_at, created_by, created_at, status, round, started_at, ends_at, ended_at, seed)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
		r.LobbyID, r.Game, string(r.Format), r.Rounds, r.Minutes, r.TableSize, string(raw), r.Pace, until(r.StartsAt),
		r.CreatedBy, r.CreatedAt.UTC(), string(r.Status), r.Round, until(r.StartedAt), until(r.EndsAt), until(r.EndedAt), r.Seed).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("postgres: creating a tournament: %w", err)
	}
	return id, nil
}

// SaveTournament implements tournament.Store.
func (s *Store) SaveTournament(ctx context.Context, r tournament.Record) error {
	_, err := s.pool.Exec(ctx, `UPDATE tournaments SET status = $1, round = $2, started_at = $3, ends_at = $4, ended_at = $5,
		starts_at = $6 WHERE id = $7`,
		string(r.Status), r.Round, until(r.StartedAt), until(r.EndsAt), until(r.EndedAt), until(r.StartsAt), r.ID)
	if err != nil {
		return fmt.Errorf("postgres: saving tournament %d: %w", r.ID, err)
	}
	return nil
}

// MoveTournament implements tournament.Store.
func (s *Store) MoveTournament(ctx context.Context, r tournament.Record, fromStatus tournament.Status, fromRound int) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE tournaments SET status = $1, round = $2, started_at = $3, ends_at = $4, ended_at = $5,
		starts_at = $6, seating_node = $7, seating_until = $8 WHERE id = $9 AND status = $10 AND round = $11`,
		string(r.Status), r.Round, until(r.StartedAt), until(r.EndsAt), until(r.EndedAt), until(r.StartsAt),
		r.SeatingNode, leaseMillis(r.SeatingUntil), r.ID, string(fromStatus), fromRound)
	if err != nil {
		return false, fmt.Errorf("postgres: moving tournament %d: %w", r.ID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// leaseMillis is a seating lease's expiry as stored (0: none).
func leaseMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// ClaimSeating implements tournament.Store.
func (s *Store) ClaimSeating(ctx context.Context, id int64, round int, node string, until, now time.Time) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE tournaments SET seating_node = $1, seating_until = $2
		WHERE id = $3 AND status = 'running' AND round = $4 AND seating_until <= $5`,
		node, leaseMillis(until), id, round, now.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("postgres: claiming the seating of tournament %d: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}

// ReleaseSeating implements tournament.Store.
func (s *Store) ReleaseSeating(ctx context.Context, id int64, round int, node string) error {
	if _, err := s.pool.Exec(ctx, `UPDATE tournaments SET seating_node = '', seating_until = 0
		WHERE id = $1 AND round = $2 AND seating_node = $3`, id, round, node); err != nil {
		return fmt.Errorf("postgres: releasing the seating of tournament %d: %w", id, err)
	}
	return nil
}

// Tournaments implements tournament.Store.
func (s *Store) Tournaments(ctx context.Context) ([]tournament.Record, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, lobby_id, game, format, rounds, minutes, table_size, options, pace,
		starts_at, created_by, created_at, status, round, started_at, ends_at, ended_at, seed, seating_node, seating_until
		FROM tournaments ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("postgres: reading the tournaments: %w", err)
	}
	defer rows.Close()
	var out []tournament.Record
	for rows.Next() {
		var r tournament.Record
		var format, opts, status string
		var startsAt, startedAt, endsAt, endedAt *time.Time
		var seatingUntil int64
		if err := rows.Scan(&r.ID, &r.LobbyID, &r.Game, &format, &r.Rounds, &r.Minutes, &r.TableSize, &opts, &r.Pace,
			&startsAt, &r.CreatedBy, &r.CreatedAt, &status, &r.Round, &startedAt, &endsAt, &endedAt, &r.Seed,
			&r.SeatingNode, &seatingUntil); err != nil {
			return nil, fmt.Errorf("postgres: reading the tournaments: %w", err)
		}
		r.Format, r.Status = tournament.Format(format), tournament.Status(status)
		if err := json.Unmarshal([]byte(opts), &r.Options); err != nil {
			return nil, fmt.Errorf("postgres: tournament %d's options: %w", r.ID, err)
		}
		r.CreatedAt = r.CreatedAt.UTC()
		if seatingUntil != 0 {
			r.SeatingUntil = time.UnixMilli(seatingUntil).UTC()
		}
		r.StartsAt, r.StartedAt, r.EndsAt, r.EndedAt = fromUntil(startsAt), fromUntil(startedAt), fromUntil(endsAt), fromUntil(endedAt)
		out = append(out, r)
	}
	return out, rows.Err()
}

// SaveEntry implements tournament.Store.
func (s *Store) SaveEntry(ctx context.Context, id int64, e tournament.EntryRecord) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO tournament_entries (tournament_id, account_id, joined_at, withdrawn, absent)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, account_id) DO UPDATE SET withdrawn = EXCLUDED.withdrawn,
		absent = EXCLUDED.absent`, id, int64(e.Player), e.JoinedAt.UTC(), e.Withdrawn, e.Absent)
	if err != nil {
		return fmt.Errorf("postgres: saving an entry of tournament %d: %w", id, err)
	}
	return nil
}

// JoinOpen implements tournament.Store. The tournament's row is locked
// while the entry is written: a start (MoveTournament's update of that
// row) either came first and the join is refused, or waits for the entry
// and then reads it.
func (s *Store) JoinOpen(ctx context.Context, id int64, e tournament.EntryRecord) (bool, error) {
	ok := false
	err := s.tx(ctx, func(tx pgx.Tx) error {
		var status string
		err := tx.QueryRow(ctx, `SELECT status FROM tournaments WHERE id = $1 FOR UPDATE`, id).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && status != string(tournament.Open)) {
			return nil
		}
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO tournament_entries (tournament_id, account_id, joined_at, withdrawn, absent)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, account_id) DO NOTHING`,
			id, int64(e.Player), e.JoinedAt.UTC(), e.Withdrawn, e.Absent)
		ok = err == nil && tag.RowsAffected() == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("postgres: joining tournament %d: %w", id, err)
	}
	return ok, nil
}

// DeleteEntry implements tournament.Store.
func (s *Store) DeleteEntry(ctx context.Context, id int64, player tournament.PlayerID) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM tournament_entries WHERE tournament_id = $1 AND account_id = $2`, id, int64(player)); err != nil {
		return fmt.Errorf("postgres: removing an entry of tournament %d: %w", id, err)
	}
	return nil
}

// Entries implements tournament.Store.
func (s *Store) Entries(ctx context.Context, id int64) ([]tournament.EntryRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT account_id, joined_at, withdrawn, absent FROM tournament_entries
		WHERE tournament_id = $1 ORDER BY joined_at, account_id`, id)
	if err != nil {
		return nil, fmt.Errorf("postgres: reading tournament %d's players: %w", id, err)
	}
	defer rows.Close()
	var out []tournament.EntryRecord
	for rows.Next() {
		var e tournament.EntryRecord
		var player int64
		if err := rows.Scan(&player, &e.JoinedAt, &e.Withdrawn, &e.Absent); err != nil {
			return nil, fmt.Errorf("postgres: reading tournament %d's players: %w", id, err)
		}
		e.Player, e.JoinedAt = tournament.PlayerID(player), e.JoinedAt.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

// SaveTournamentGame implements tournament.Store.
func (s *Store) SaveTournamentGame(ctx context.Context, id int64, g tournament.GameRecord) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return fmt.Errorf("postgres: saving a game of tournament %d: %w", id, err)
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO tournament_games (table_id, tournament_id, round, table_no, seats, finished)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id) DO UPDATE SET seats = EXCLUDED.seats, finished = EXCLUDED.finished`,
		g.TableID, id, g.Round, g.Table, string(seats), g.Finished)
	if err != nil {
		return fmt.Errorf("postgres: saving a game of tournament %d: %w", id, err)
	}
	return nil
}

// TournamentGames implements tournament.Store.
func (s *Store) TournamentGames(ctx context.Context, id int64) ([]tournament.GameRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT table_id, round, table_no, seats, finished FROM tournament_games
		WHERE tournament_id = $1 ORDER BY round, table_no, table_id`, id)
	if err != nil {
		return nil, fmt.Errorf("postgres: reading tournament %d's games: %w", id, err)
	}
	defer rows.Close()
	var out []tournament.GameRecord
	for rows.Next() {
		var g tournament.GameRecord
		var seats string
		if err := rows.Scan(&g.TableID, &g.Round, &g.Table, &seats, &g.Finished); err != nil {
			return nil, fmt.Errorf("postgres: reading tournament %d's games: %w", id, err)
		}
		if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
			return nil, fmt.Errorf("postgres: table %d's tournament seats: %w", g.TableID, err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// TournamentOfTable implements tournament.Store.
func (s *Store) TournamentOfTable(ctx context.Context, tableID int64) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `SELECT tournament_id FROM tournament_games WHERE table_id = $1`, tableID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("postgres: the tournament of table %d: %w", tableID, err)
	}
	return id, nil
}
