package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"boardroom/lobby"
	"boardroom/lobby/rating"
)

// GameResult implements lobby.ResultStore.
func (s *Store) GameResult(ctx context.Context, tableID int64) (*lobby.ResultRecord, error) {
	r, err := s.gameResult(ctx, tableID)
	if err != nil {
		return nil, fmt.Errorf("db: result of table %d: %w", tableID, err)
	}
	return r, nil
}

func (s *Store) gameResult(ctx context.Context, tableID int64) (*lobby.ResultRecord, error) {
	var r lobby.ResultRecord
	var rated int
	var finished string
	err := s.r.QueryRowContext(ctx, `SELECT id, lobby_id, game, COALESCE(reason, ''), COALESCE(rounds, 0), rated,
		finished_at FROM games WHERE id = ? AND status = 'finished' AND finished_at IS NOT NULL`, tableID).
		Scan(&r.TableID, &r.LobbyID, &r.Game, &r.Reason, &r.Rounds, &rated, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.Rated = rated != 0
	if r.FinishedAt, err = parseTime(finished); err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT r.seat, r.account_id, a.handle, r.bot, r.placement, r.score, r.status,
		h.mu_before, h.sigma_before, h.mu_after, h.sigma_after
		FROM results r JOIN accounts a ON a.id = r.account_id JOIN games g ON g.id = r.game_id
		LEFT JOIN rating_history h ON h.game_id = r.game_id AND h.account_id = r.account_id
			AND h.lobby_id = CASE WHEN g.lobby_id = ? THEN 0 ELSE g.lobby_id END
		WHERE r.game_id = ? ORDER BY r.seat`, lobby.PublicLobbyID, tableID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st lobby.ResultSeatRecord
		var bot int
		var mb, sb, ma, sa sql.NullFloat64
		if err := rows.Scan(&st.Seat, &st.AccountID, &st.Handle, &bot, &st.Placement, &st.Score, &st.Status,
			&mb, &sb, &ma, &sa); err != nil {
			return nil, err
		}
		st.Bot = bot != 0
		if mb.Valid && sb.Valid && ma.Valid && sa.Valid {
			st.Before = &rating.Rating{Mu: mb.Float64, Sigma: sb.Float64}
			st.After = &rating.Rating{Mu: ma.Float64, Sigma: sa.Float64}
		}
		r.Seats = append(r.Seats, st)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return &r, nil
}

// AccountResults implements lobby.ResultStore.
func (s *Store) AccountResults(ctx context.Context, accountID int64, vis lobby.Visibility, limit int) ([]lobby.ResultRecord, error) {
	cond, args := visibleClause(vis)
	rows, err := s.r.QueryContext(ctx, `SELECT DISTINCT g.id, g.finished_at FROM games g JOIN results r ON r.game_id = g.id
		WHERE r.account_id = ? AND g.status = 'finished' AND `+cond+` ORDER BY g.finished_at DESC, g.id DESC LIMIT ?`,
		append(append([]any{accountID}, args...), limit)...)
	if err != nil {
		return nil, fmt.Errorf("db: results of %d: %w", accountID, err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		var at string
		if err := rows.Scan(&id, &at); err != nil {
			rows.Close()
			return nil, fmt.Errorf("db: results of %d: %w", accountID, err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: results of %d: %w", accountID, err)
	}
	out := make([]lobby.ResultRecord, 0, len(ids))
	for _, id := range ids {
		r, err := s.gameResult(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("db: results of %d: table %d: %w", accountID, id, err)
		}
		if r != nil {
			out = append(out, *r)
		}
	}
	return out, nil
}

// LobbyResults implements lobby.ResultStore.
func (s *Store) LobbyResults(ctx context.Context, lobbyID int64, limit int) ([]lobby.ResultRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id FROM games WHERE lobby_id = ? AND status = 'finished'
		AND finished_at IS NOT NULL ORDER BY finished_at DESC, id DESC LIMIT ?`, lobbyID, limit)
	if err != nil {
		return nil, fmt.Errorf("db: results of lobby %d: %w", lobbyID, err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("db: results of lobby %d: %w", lobbyID, err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: results of lobby %d: %w", lobbyID, err)
	}
	out := make([]lobby.ResultRecord, 0, len(ids))
	for _, id := range ids {
		r, err := s.gameResult(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("db: results of lobby %d: table %d: %w", lobbyID, id, err)
		}
		if r != nil {
			out = append(out, *r)
		}
	}
	return out, nil
}
