package db

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"boardroom/lobby"
)

// rateTx updates every ladder of a rated game inside FinishGame's
// transaction: it reads the players' current records, lets lobby.RateGame
// compute the new ones, and writes them with one history row each.
func (s *Store) rateTx(ctx context.Context, tx *sql.Tx, end lobby.GameEnd) error {
	if err := s.finishHook("results"); err != nil {
		return err
	}
	if !end.Rated {
		return nil
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
			r, err := scanRating(tx.QueryRowContext(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a
				ON a.id = r.account_id WHERE r.game = ? AND r.lobby_id = ? AND r.account_id = ?`, l.Game, l.LobbyID, id))
			if err == sql.ErrNoRows {
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
			if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (game, lobby_id, account_id, mu, sigma, games, wins,
				best_score, last_played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, lobby_id, account_id)
				DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,
				best_score = excluded.best_score, last_played = excluded.last_played`, r.Game, r.LobbyID, r.AccountID,
				r.Rating.Mu, r.Rating.Sigma, r.Games, r.Wins, r.BestScore, fmtTime(r.LastPlayed)); err != nil {
				return err
			}
		}
		for _, c := range changes {
			if _, err := tx.ExecContext(ctx, `INSERT INTO rating_history (game_id, lobby_id, account_id, game, mu_before,
				sigma_before, mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, end.TableID, c.LobbyID,
				c.AccountID, c.Game, c.Before.Mu, c.Before.Sigma, c.After.Mu, c.After.Sigma, fmtTime(end.At)); err != nil {
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

func scanRating(row interface{ Scan(...any) error }) (lobby.RatingRecord, error) {
	var r lobby.RatingRecord
	var bot int
	var last string
	if err := row.Scan(&r.Game, &r.LobbyID, &r.AccountID, &r.Handle, &bot, &r.Rating.Mu, &r.Rating.Sigma, &r.Games,
		&r.Wins, &r.BestScore, &last); err != nil {
		return r, err
	}
	r.Bot = bot != 0
	t, err := parseTime(last)
	r.LastPlayed = t
	return r, err
}

func queryRatings(ctx context.Context, db *sql.DB, q string, args ...any) ([]lobby.RatingRecord, error) {
	rows, err := db.QueryContext(ctx, q, args...)
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
	out, err := queryRatings(ctx, s.r, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.game = ? AND r.lobby_id = ? AND r.games >= ? AND r.last_played >= ? ORDER BY r.account_id`,
		l.Game, l.LobbyID, minGames, fmtTime(since))
	if err != nil {
		return nil, fmt.Errorf("db: ladder %s/%d: %w", l.Game, l.LobbyID, err)
	}
	return out, nil
}

// AccountRatings implements lobby.ResultStore.
func (s *Store) AccountRatings(ctx context.Context, accountID int64) ([]lobby.RatingRecord, error) {
	out, err := queryRatings(ctx, s.r, `SELECT `+ratingCols+` FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.account_id = ? ORDER BY r.game, r.lobby_id`, accountID)
	if err != nil {
		return nil, fmt.Errorf("db: ratings of %d: %w", accountID, err)
	}
	return out, nil
}

// RatingHistory implements lobby.ResultStore.
func (s *Store) RatingHistory(ctx context.Context, accountID int64, l lobby.Ladder, n int) ([]lobby.HistoryRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT h.game_id, COALESCE(g.lobby_id, 0), h.at, h.mu_after, h.sigma_after
		FROM rating_history h LEFT JOIN games g ON g.id = h.game_id
		WHERE h.account_id = ? AND h.game = ? AND h.lobby_id = ? ORDER BY h.at DESC, h.game_id DESC LIMIT ?`,
		accountID, l.Game, l.LobbyID, n)
	if err != nil {
		return nil, fmt.Errorf("db: rating history of %d: %w", accountID, err)
	}
	defer rows.Close()
	var out []lobby.HistoryRecord
	for rows.Next() {
		var h lobby.HistoryRecord
		var at string
		if err := rows.Scan(&h.TableID, &h.GameLobby, &at, &h.After.Mu, &h.After.Sigma); err != nil {
			return nil, fmt.Errorf("db: rating history of %d: %w", accountID, err)
		}
		if h.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: rating history of %d: %w", accountID, err)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// visibleClause is the SQL condition (on games g) of a Visibility, with its
// arguments.
func visibleClause(vis lobby.Visibility) (string, []any) {
	var conds []string
	var args []any
	if len(vis.Lobbies) > 0 {
		conds = append(conds, `g.lobby_id IN (?`+strings.Repeat(`, ?`, len(vis.Lobbies)-1)+`)`)
		for _, id := range vis.Lobbies {
			args = append(args, id)
		}
	}
	if vis.Viewer != 0 {
		conds = append(conds, `EXISTS (SELECT 1 FROM results v WHERE v.game_id = g.id AND v.account_id = ?)`)
		args = append(args, vis.Viewer)
	}
	if len(conds) == 0 {
		return `0`, nil
	}
	return `(` + strings.Join(conds, ` OR `) + `)`, args
}

// AccountTotals implements lobby.ResultStore.
func (s *Store) AccountTotals(ctx context.Context, accountID int64, vis lobby.Visibility) ([]lobby.GameTotal, error) {
	cond, args := visibleClause(vis)
	rows, err := s.r.QueryContext(ctx, `SELECT r.game, COUNT(DISTINCT r.game_id), COUNT(DISTINCT CASE WHEN r.won = 1
		THEN r.game_id END) FROM results r JOIN games g ON g.id = r.game_id WHERE r.account_id = ? AND `+cond+`
		GROUP BY r.game ORDER BY r.game`, append([]any{accountID}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("db: totals of %d: %w", accountID, err)
	}
	defer rows.Close()
	var out []lobby.GameTotal
	for rows.Next() {
		var t lobby.GameTotal
		if err := rows.Scan(&t.Game, &t.Games, &t.Wins); err != nil {
			return nil, fmt.Errorf("db: totals of %d: %w", accountID, err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
