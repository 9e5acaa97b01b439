package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

// rateTx updates every ladder of a rated game inside FinishGame's
// transaction: it reads the players' current records, lets lobby.RateGame
// compute the new ones, and writes them with one history row each.
func (s *Store) rateTx(ctx context.Context, tx pgx.Tx, end lobby.GameEnd) error {
	if err := s.finishHook("results"); err != nil {
		return err
	}
	if !end.Rated {
		return nil
	}
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, rateLock); err != nil {
		return err
	}
	ids := map[int64]bool{}
	for _, o := range end.Seats {
		ids[o.AccountID] = true
	}
	for _, l := range end.Ladders {
		if l.Game != end.Game {
			return fmt.Errorf("ladder of %q for a game of %q", l.Game, end.Game)
		}
		cur := map[int64]lobby.RatingRecord{}
		for id := range ids {
			r, err := scanRating(tx.QueryRow(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a
				ON a.id = r.account_id WHERE r.game = $1 AND r.lobby_id = $2 AND r.account_id = $3`, l.Game, l.LobbyID, id))
			if errors.Is(err, pgx.ErrNoRows) {
				continue
			}
			if err != nil {
				return err
			}
			cur[id] = r
		}
		recs, changes, err := lobby.RateGame(end, l.LobbyID, cur)
		if err != nil {
			return err
		}
		for _, r := range recs {
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (game, lobby_id, account_id, mu, sigma, games, wins,
				best_score, last_played) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (game, lobby_id, account_id)
				DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,
				best_score = excluded.best_score, last_played = excluded.last_played`, r.Game, r.LobbyID, r.AccountID,
				r.Rating.Mu, r.Rating.Sigma, r.Games, r.Wins, r.BestScore, r.LastPlayed.UTC()); err != nil {
				return err
			}
		}
		for _, c := range changes {
			if _, err := tx.Exec(ctx, `INSERT INTO rating_history (game_id, lobby_id, account_id, game, mu_before,
				sigma_before, mu_after, sigma_after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, end.TableID, c.LobbyID,
				c.AccountID, c.Game, c.Before.Mu, c.Before.Sigma, c.After.Mu, c.After.Sigma, end.At.UTC()); err != nil {
				return err
			}
		}
	}
	return s.finishHook("ratings")
}

// finishHook lets tests fail FinishGame's transaction at a stage.
func (s *Store) finishHook(stage string) error {
	if s.failFinish == nil {
		return nil
	}
	return s.failFinish(stage)
}

const ratingCols = `r.game, r.lobby_id, r.account_id, a.handle, a.bot, r.mu, r.sigma, r.games, r.wins, r.best_score, r.last_played`

func scanRating(row pgx.Row) (lobby.RatingRecord, error) {
	var r lobby.RatingRecord
	err := row.Scan(&r.Game, &r.LobbyID, &r.AccountID, &r.Handle, &r.Bot, &r.Rating.Mu, &r.Rating.Sigma, &r.Games,
		&r.Wins, &r.BestScore, &r.LastPlayed)
	r.LastPlayed = utc(r.LastPlayed)
	return r, err
}

func (s *Store) queryRatings(ctx context.Context, q string, args ...any) ([]lobby.RatingRecord, error) {
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []lobby.RatingRecord
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// LadderRecords implements lobby.ResultStore.
func (s *Store) LadderRecords(ctx context.Context, l lobby.Ladder, minGames int, since time.Time) ([]lobby.RatingRecord, error) {
	out, err := s.queryRatings(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.game = $1 AND r.lobby_id = $2 AND r.games >= $3 AND r.last_played >= $4 ORDER BY r.account_id`,
		l.Game, l.LobbyID, minGames, since.UTC())
	if err != nil {
		return nil, fmt.Errorf("postgres: ladder %s/%d: %w", l.Game, l.LobbyID, err)
	}
	return out, nil
}

// AccountRatings implements lobby.ResultStore.
func (s *Store) AccountRatings(ctx context.Context, accountID int64) ([]lobby.RatingRecord, error) {
	out, err := s.queryRatings(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.account_id = $1 ORDER BY r.game, r.lobby_id`, accountID)
	if err != nil {
		return nil, fmt.Errorf("postgres: ratings of %d: %w", accountID, err)
	}
	return out, nil
}

// RatingHistory implements lobby.ResultStore.
func (s *Store) RatingHistory(ctx context.Context, accountID int64, l lobby.Ladder, n int) ([]lobby.HistoryRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT h.game_id, COALESCE(g.lobby_id, 0), h.at, h.mu_after, h.sigma_after
		FROM rating_history h LEFT JOIN games g ON g.id = h.game_id
		WHERE h.account_id = $1 AND h.game = $2 AND h.lobby_id = $3 ORDER BY h.at DESC, h.game_id DESC LIMIT $4`,
		accountID, l.Game, l.LobbyID, n)
	if err != nil {
		return nil, fmt.Errorf("postgres: rating history of %d: %w", accountID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lobby.HistoryRecord, error) {
		var h lobby.HistoryRecord
		err := row.Scan(&h.TableID, &h.GameLobby, &h.At, &h.After.Mu, &h.After.Sigma)
		h.At = utc(h.At)
		return h, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: rating history of %d: %w", accountID, err)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// visibleClause is the SQL condition (on games g) of a Visibility, its
// parameters numbered from next.
func visibleClause(vis lobby.Visibility, next int) (string, []any) {
	var conds []string
	var args []any
	if len(vis.Lobbies) > 0 {
		conds = append(conds, fmt.Sprintf(`g.lobby_id = ANY($%d)`, next+len(args)))
		args = append(args, vis.Lobbies)
	}
	if vis.Viewer != 0 {
		conds = append(conds, fmt.Sprintf(`EXISTS (SELECT 1 FROM results v WHERE v.game_id = g.id AND v.account_id = $%d)`, next+len(args)))
		args = append(args, vis.Viewer)
	}
	switch len(conds) {
	case 0:
		return `false`, nil
	case 1:
		return conds[0], args
	}
	return `(` + conds[0] + ` OR ` + conds[1] + `)`, args
}

// AccountTotals implements lobby.ResultStore.
func (s *Store) AccountTotals(ctx context.Context, accountID int64, vis lobby.Visibility) ([]lobby.GameTotal, error) {
	cond, args := visibleClause(vis, 2)
	rows, err := s.pool.Query(ctx, `SELECT r.game, COUNT(DISTINCT r.game_id), COUNT(DISTINCT CASE WHEN r.won
		THEN r.game_id END) FROM results r JOIN games g ON g.id = r.game_id WHERE r.account_id = $1 AND `+cond+`
		GROUP BY r.game ORDER BY r.game`, append([]any{accountID}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("postgres: totals of %d: %w", accountID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lobby.GameTotal, error) {
		var t lobby.GameTotal
		err := row.Scan(&t.Game, &t.Games, &t.Wins)
		return t, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: totals of %d: %w", accountID, err)
	}
	return out, nil
}
