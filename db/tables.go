package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby"
)

// LoadTables implements lobby.TableStore.
func (s *Store) LoadTables(ctx context.Context, since time.Time) ([]lobby.TableRecord, error) {
	return s.queryTables(ctx, `g.status IN ('forming', 'playing') OR g.updated_at >= ?`, fmtTime(since))
}

// LoadTable implements lobby.TableStore.
func (s *Store) LoadTable(ctx context.Context, id int64) (*lobby.TableRecord, error) {
	out, err := s.queryTables(ctx, `g.id = ?`, id)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return &out[0], nil
}

// queryTables loads the tables (games g) matching where, with their seats.
func (s *Store) queryTables(ctx context.Context, where string, args ...any) ([]lobby.TableRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT g.id, g.lobby_id, g.game, g.options, g.host_id, g.status, g.seats,
		g.turn_timer, COALESCE(g.setup, ''), g.created_at, g.updated_at, COALESCE(g.started_at, '') FROM games g
		WHERE `+where+` ORDER BY g.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("db: load tables: %w", err)
	}
	var out []lobby.TableRecord
	index := map[int64]int{}
	for rows.Next() {
		var t lobby.TableRecord
		var opts, setup, created, updated, started string
		var seats int
		if err := rows.Scan(&t.ID, &t.LobbyID, &t.Game, &opts, &t.HostID, &t.Status, &seats, &t.TurnTimer,
			&setup, &created, &updated, &started); err != nil {
			rows.Close()
			return nil, fmt.Errorf("db: load tables: %w", err)
		}
		if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
			rows.Close()
			return nil, fmt.Errorf("db: table %d options: %w", t.ID, err)
		}
		if setup != "" {
			t.Setup = new(engine.Setup)
			if err := json.Unmarshal([]byte(setup), t.Setup); err != nil {
				rows.Close()
				return nil, fmt.Errorf("db: table %d setup: %w", t.ID, err)
			}
		}
		if t.CreatedAt, err = parseTime(created); err == nil {
			t.UpdatedAt, err = parseTime(updated)
		}
		if err == nil && started != "" {
			t.StartedAt, err = parseTime(started)
		}
		if err != nil {
			rows.Close()
			return nil, err
		}
		t.Seats = make([]lobby.SeatRecord, seats)
		index[t.ID] = len(out)
		out = append(out, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: load tables: %w", err)
	}
	rows, err = s.r.QueryContext(ctx, `SELECT s.game_id, s.seat, s.account_id, a.handle, s.bot, s.ready
		FROM seats s JOIN games g ON g.id = s.game_id JOIN accounts a ON a.id = s.account_id
		WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("db: load seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var seat, bot, ready int
		var r lobby.SeatRecord
		if err := rows.Scan(&id, &seat, &r.AccountID, &r.Handle, &bot, &ready); err != nil {
			return nil, fmt.Errorf("db: load seats: %w", err)
		}
		r.Bot, r.Ready = bot != 0, ready != 0
		i, ok := index[id]
		if !ok || seat < 0 || seat >= len(out[i].Seats) {
			return nil, fmt.Errorf("db: table %d has a stray seat %d", id, seat)
		}
		out[i].Seats[seat] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: load seats: %w", err)
	}
	return out, nil
}

// CreateTable implements lobby.TableStore.
func (s *Store) CreateTable(ctx context.Context, rec lobby.TableRecord) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		opts, err := json.Marshal(nonNil(rec.Options))
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO games (lobby_id, game, options, host_id, status, seats, turn_timer,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, rec.LobbyID, rec.Game, string(opts), rec.HostID,
			rec.Status, len(rec.Seats), rec.TurnTimer, fmtTime(rec.CreatedAt), fmtTime(rec.UpdatedAt))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		return writeSeats(ctx, tx, id, rec.Seats)
	})
	if err != nil {
		return 0, fmt.Errorf("db: create table: %w", err)
	}
	return id, nil
}

// SaveTable implements lobby.TableStore.
func (s *Store) SaveTable(ctx context.Context, rec lobby.TableRecord) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		opts, err := json.Marshal(nonNil(rec.Options))
		if err != nil {
			return err
		}
		var setup any
		if rec.Setup != nil {
			b, err := json.Marshal(rec.Setup)
			if err != nil {
				return err
			}
			setup = string(b)
		}
		var started any
		if !rec.StartedAt.IsZero() {
			started = fmtTime(rec.StartedAt)
		}
		res, err := tx.ExecContext(ctx, `UPDATE games SET options = ?, host_id = ?, status = ?, seats = ?, turn_timer = ?,
			setup = ?, updated_at = ?, started_at = ? WHERE id = ?`, string(opts), rec.HostID, rec.Status, len(rec.Seats),
			rec.TurnTimer, setup, fmtTime(rec.UpdatedAt), started, rec.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return lobby.ErrNotFound
		}
		if rec.Setup != nil {
			if err := claimDealIfFree(ctx, tx, rec.ID, rec.Setup.Seed); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ?`, rec.ID); err != nil {
			return err
		}
		return writeSeats(ctx, tx, rec.ID, rec.Seats)
	})
	if err != nil {
		return fmt.Errorf("db: save table %d: %w", rec.ID, err)
	}
	return nil
}

func writeSeats(ctx context.Context, tx *sql.Tx, id int64, seats []lobby.SeatRecord) error {
	for i, r := range seats {
		if r.AccountID == 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, account_id, bot, ready) VALUES (?, ?, ?, ?, ?)`,
			id, i, r.AccountID, boolInt(r.Bot), boolInt(r.Ready)); err != nil {
			return err
		}
	}
	return nil
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

const appendActionSQL = `INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)`

// LoadActions implements lobby.ActionLog.
func (s *Store) LoadActions(ctx context.Context, tableID int64) ([]lobby.ActionRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT seq, seat, action, at FROM actions WHERE game_id = ? ORDER BY seq`, tableID)
	if err != nil {
		return nil, fmt.Errorf("db: load actions of table %d: %w", tableID, err)
	}
	defer rows.Close()
	var out []lobby.ActionRecord
	for rows.Next() {
		var r lobby.ActionRecord
		var action, at string
		if err := rows.Scan(&r.Seq, &r.Seat, &action, &at); err != nil {
			return nil, fmt.Errorf("db: load actions of table %d: %w", tableID, err)
		}
		r.Action = json.RawMessage(action)
		if r.At, err = parseTime(at); err != nil {
			return nil, err
		}
		if r.Seq != len(out)+1 {
			return nil, fmt.Errorf("db: action log of table %d has a gap at %d", tableID, len(out)+1)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: load actions of table %d: %w", tableID, err)
	}
	return out, nil
}

// FinishGame implements lobby.TableStore.
func (s *Store) FinishGame(ctx context.Context, end lobby.GameEnd) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET status = 'finished', reason = ?, rounds = ?, updated_at = ?,
			finished_at = ?, rated = ? WHERE id = ? AND status = 'playing'`, end.Reason, end.Rounds, fmtTime(end.At),
			fmtTime(end.At), boolInt(end.Rated), end.TableID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("no game is playing at table %d: %w", end.TableID, lobby.ErrNotPlaying)
		}
		for _, o := range end.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO results (game_id, seat, account_id, bot, game, lobby_id, placement,
				score, won, status, rounds, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				end.TableID, o.Seat, o.AccountID, boolInt(o.Bot), end.Game, end.LobbyID, o.Placement, o.Score,
				boolInt(o.Won()), o.Status, end.Rounds, fmtTime(end.At)); err != nil {
				return err
			}
		}
		return s.rateTx(ctx, tx, end)
	})
	if err != nil {
		return fmt.Errorf("db: finish game at table %d: %w", end.TableID, err)
	}
	return nil
}
