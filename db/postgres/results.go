package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
	"boardroom/lobby/rating"
)

// GameResult implements lobby.ResultStore.
func (s *Store) GameResult(ctx context.Context, tableID int64) (*lobby.ResultRecord, error) {
	r, err := s.gameResult(ctx, tableID)
	if err != nil {
		return nil, fmt.Errorf("postgres: result of table %d: %w", tableID, err)
	}
	return r, nil
}

func (s *Store) gameResult(ctx context.Context, tableID int64) (*lobby.ResultRecord, error) {
	var r lobby.ResultRecord
	err := s.pool.QueryRow(ctx, `SELECT id, lobby_id, game, COALESCE(reason, ''), COALESCE(rounds, 0), rated,
		finished_at FROM games WHERE id = $1 AND status = 'finished' AND finished_at IS NOT NULL`, tableID).
		Scan(&r.TableID, &r.LobbyID, &r.Game, &r.Reason, &r.Rounds, &r.Rated, &r.FinishedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.FinishedAt = utc(r.FinishedAt)
	rows, err := s.pool.Query(ctx, `SELECT r.seat, r.account_id, a.handle, r.bot, r.placement, r.score, r.status,
		h.mu_before, h.sigma_before, h.mu_after, h.sigma_after
		FROM results r JOIN accounts a ON a.id = r.account_id JOIN games g ON g.id = r.game_id
		LEFT JOIN rating_history h ON h.game_id = r.game_id AND h.account_id = r.account_id
			AND h.lobby_id = CASE WHEN g.lobby_id = $1 THEN 0 ELSE g.lobby_id END
		WHERE r.game_id = $2 ORDER BY r.seat`, lobby.PublicLobbyID, tableID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st lobby.ResultSeatRecord
		var mb, sb, ma, sa *float64
		if err := rows.Scan(&st.Seat, &st.AccountID, &st.Handle, &st.Bot, &st.Placement, &st.Score, &st.Status,
			&mb, &sb, &ma, &sa); err != nil {
			return nil, err
		}
		if mb != nil && sb != nil && ma != nil && sa != nil {
			st.Before = &rating.Rating{Mu: *mb, Sigma: *sb}
			st.After = &rating.Rating{Mu: *ma, Sigma: *sa}
		}
		r.Seats = append(r.Seats, st)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return &r, nil
}

// results loads the finished games with the ids, in order.
func (s *Store) results(ctx context.Context, ids []int64) ([]lobby.ResultRecord, error) {
	out := make([]lobby.ResultRecord, 0, len(ids))
	for _, id := range ids {
		r, err := s.gameResult(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("table %d: %w", id, err)
		}
		if r != nil {
			out = append(out, *r)
		}
	}
	return out, nil
}

// AccountResults implements lobby.ResultStore.
func (s *Store) AccountResults(ctx context.Context, accountID int64, vis lobby.Visibility, limit int) ([]lobby.ResultRecord, error) {
	cond, args := visibleClause(vis, 3)
	rows, err := s.pool.Query(ctx, `SELECT g.id FROM games g WHERE g.status = 'finished'
		AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id AND r.account_id = $1) AND `+cond+`
		ORDER BY g.finished_at DESC, g.id DESC LIMIT $2`, append([]any{accountID, limit}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("postgres: results of %d: %w", accountID, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("postgres: results of %d: %w", accountID, err)
	}
	out, err := s.results(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("postgres: results of %d: %w", accountID, err)
	}
	return out, nil
}

// LobbyResults implements lobby.ResultStore.
func (s *Store) LobbyResults(ctx context.Context, lobbyID int64, limit int) ([]lobby.ResultRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE lobby_id = $1 AND status = 'finished'
		AND finished_at IS NOT NULL ORDER BY finished_at DESC, id DESC LIMIT $2`, lobbyID, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: results of lobby %d: %w", lobbyID, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("postgres: results of lobby %d: %w", lobbyID, err)
	}
	out, err := s.results(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("postgres: results of lobby %d: %w", lobbyID, err)
	}
	return out, nil
}
