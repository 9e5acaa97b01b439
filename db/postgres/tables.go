package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/engine"
	"boardroom/lobby"
)

// LoadTables implements lobby.TableStore.
func (s *Store) LoadTables(ctx context.Context, since time.Time) ([]lobby.TableRecord, error) {
	return s.queryTables(ctx, `g.status IN ('forming', 'playing') OR g.updated_at >= $1`, since.UTC())
}

// LoadTable implements lobby.TableStore.
func (s *Store) LoadTable(ctx context.Context, id int64) (*lobby.TableRecord, error) {
	out, err := s.queryTables(ctx, `g.id = $1`, id)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return &out[0], nil
}

// queryTables loads the tables (games g) matching where, with their seats.
func (s *Store) queryTables(ctx context.Context, where string, args ...any) ([]lobby.TableRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT g.id, g.lobby_id, g.game, g.options, g.host_id, g.status, g.seats,
		g.turn_timer, COALESCE(g.setup, ''), g.created_at, g.updated_at, g.started_at FROM games g
		WHERE `+where+` ORDER BY g.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: load tables: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lobby.TableRecord, error) {
		var t lobby.TableRecord
		var opts, setup string
		var seats int
		var started *time.Time
		if err := row.Scan(&t.ID, &t.LobbyID, &t.Game, &opts, &t.HostID, &t.Status, &seats, &t.TurnTimer,
			&setup, &t.CreatedAt, &t.UpdatedAt, &started); err != nil {
			return t, err
		}
		if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
			return t, fmt.Errorf("table %d options: %w", t.ID, err)
		}
		if setup != "" {
			t.Setup = new(engine.Setup)
			if err := json.Unmarshal([]byte(setup), t.Setup); err != nil {
				return t, fmt.Errorf("table %d setup: %w", t.ID, err)
			}
		}
		t.CreatedAt, t.UpdatedAt = utc(t.CreatedAt), utc(t.UpdatedAt)
		if started != nil {
			t.StartedAt = utc(*started)
		}
		t.Seats = make([]lobby.SeatRecord, seats)
		return t, nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: load tables: %w", err)
	}
	index := map[int64]int{}
	for i, t := range out {
		index[t.ID] = i
	}
	rows, err = s.pool.Query(ctx, `SELECT s.game_id, s.seat, s.account_id, a.handle, s.bot, s.ready
		FROM seats s JOIN games g ON g.id = s.game_id JOIN accounts a ON a.id = s.account_id
		WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: load seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var seat int
		var r lobby.SeatRecord
		if err := rows.Scan(&id, &seat, &r.AccountID, &r.Handle, &r.Bot, &r.Ready); err != nil {
			return nil, fmt.Errorf("postgres: load seats: %w", err)
		}
		i, ok := index[id]
		if !ok || seat < 0 || seat >= len(out[i].Seats) {
			return nil, fmt.Errorf("postgres: table %d has a stray seat %d", id, seat)
		}
		out[i].Seats[seat] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: load seats: %w", err)
	}
	return out, nil
}

// CreateTable implements lobby.TableStore. A new table has no lease: its node
// claims it next (ClaimTable).
func (s *Store) CreateTable(ctx context.Context, rec lobby.TableRecord) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx pgx.Tx) error {
		opts, err := json.Marshal(nonNil(rec.Options))
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO games (lobby_id, game, options, host_id, status, seats, turn_timer,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, rec.LobbyID, rec.Game,
			string(opts), rec.HostID, rec.Status, len(rec.Seats), rec.TurnTimer, rec.CreatedAt.UTC(),
			rec.UpdatedAt.UTC()).Scan(&id); err != nil {
			return err
		}
		return writeSeats(ctx, tx, id, rec.Seats)
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: create table: %w", err)
	}
	return id, nil
}

// SaveTable implements lobby.TableStore; a non-zero rec.Token must be the
// table's lease token.
func (s *Store) SaveTable(ctx context.Context, rec lobby.TableRecord) error {
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := fence(ctx, tx, rec.ID, rec.Token); err != nil {
			return err
		}
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
		tag, err := tx.Exec(ctx, `UPDATE games SET options = $1, host_id = $2, status = $3, seats = $4, turn_timer = $5,
			setup = $6, updated_at = $7, started_at = $8 WHERE id = $9`, string(opts), rec.HostID, rec.Status,
			len(rec.Seats), rec.TurnTimer, setup, rec.UpdatedAt.UTC(), nullTime(rec.StartedAt), rec.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return lobby.ErrNotFound
		}
		if rec.Setup != nil {
			if err := claimDealIfFree(ctx, tx, rec.ID, rec.Setup.Seed); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM seats WHERE game_id = $1`, rec.ID); err != nil {
			return err
		}
		return writeSeats(ctx, tx, rec.ID, rec.Seats)
	})
	if err != nil {
		return fmt.Errorf("postgres: save table %d: %w", rec.ID, err)
	}
	return nil
}

func writeSeats(ctx context.Context, tx pgx.Tx, id int64, seats []lobby.SeatRecord) error {
	for i, r := range seats {
		if r.AccountID == 0 {
			continue
		}
		if _, err := tx.Exec(ctx, `INSERT INTO seats (game_id, seat, account_id, bot, ready) VALUES ($1, $2, $3, $4, $5)`,
			id, i, r.AccountID, r.Bot, r.Ready); err != nil {
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

// AppendAction implements lobby.ActionLog; a non-zero rec.Token must be the
// table's lease token, and a Seq already stored is refused with
// ErrActionExists.
func (s *Store) AppendAction(ctx context.Context, tableID int64, rec lobby.ActionRecord) error {
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := fence(ctx, tx, tableID, rec.Token); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO actions (game_id, seq, seat, action, at) VALUES ($1, $2, $3, $4, $5)`,
			tableID, rec.Seq, rec.Seat, string(rec.Action), rec.At.UTC())
		if uniqueConstraint(err) != "" {
			return ErrActionExists
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: append action %d of table %d: %w", rec.Seq, tableID, err)
	}
	return nil
}

// LoadActions implements lobby.ActionLog.
func (s *Store) LoadActions(ctx context.Context, tableID int64) ([]lobby.ActionRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, seat, action, at FROM actions WHERE game_id = $1 ORDER BY seq`, tableID)
	if err != nil {
		return nil, fmt.Errorf("postgres: load actions of table %d: %w", tableID, err)
	}
	defer rows.Close()
	var out []lobby.ActionRecord
	for rows.Next() {
		var r lobby.ActionRecord
		var action string
		if err := rows.Scan(&r.Seq, &r.Seat, &action, &r.At); err != nil {
			return nil, fmt.Errorf("postgres: load actions of table %d: %w", tableID, err)
		}
		r.Action, r.At = json.RawMessage(action), utc(r.At)
		if r.Seq != len(out)+1 {
			return nil, fmt.Errorf("postgres: action log of table %d has a gap at %d", tableID, len(out)+1)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: load actions of table %d: %w", tableID, err)
	}
	return out, nil
}

// FinishGame implements lobby.TableStore; a non-zero end.Token must be the
// table's lease token.
func (s *Store) FinishGame(ctx context.Context, end lobby.GameEnd) error {
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := fence(ctx, tx, end.TableID, end.Token); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE games SET status = 'finished', reason = $1, rounds = $2, updated_at = $3,
			finished_at = $3, rated = $4 WHERE id = $5 AND status = 'playing'`, end.Reason, end.Rounds, end.At.UTC(),
			end.Rated, end.TableID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("no game is playing at table %d: %w", end.TableID, lobby.ErrNotPlaying)
		}
		for _, o := range end.Seats {
			if _, err := tx.Exec(ctx, `INSERT INTO results (game_id, seat, account_id, bot, game, lobby_id, placement,
				score, won, status, rounds, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
				end.TableID, o.Seat, o.AccountID, o.Bot, end.Game, end.LobbyID, o.Placement, o.Score,
				o.Won(), o.Status, end.Rounds, end.At.UTC()); err != nil {
				return err
			}
		}
		return s.rateTx(ctx, tx, end)
	})
	if err != nil {
		return fmt.Errorf("postgres: finish game at table %d: %w", end.TableID, err)
	}
	return nil
}
