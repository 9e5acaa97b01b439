package lobby

import (
	"context"
	"errors"
)

// errPending is returned by the results API methods whose implementation is
// still being written. This file goes away once they are.
var errPending = errors.New("lobby: results API not implemented yet")

// Leaderboard implements API (pending).
func (s *Service) Leaderboard(ctx context.Context, viewer *Account, q LeaderboardQuery) (Leaderboard, error) {
	return Leaderboard{}, errPending
}

// Profile implements API (pending).
func (s *Service) Profile(ctx context.Context, viewer *Account, handle string) (Profile, error) {
	return Profile{}, errPending
}

// History implements API (pending).
func (s *Service) History(ctx context.Context, viewer *Account, handle string, limit int) ([]GameSummary, error) {
	return nil, errPending
}

// Results implements API (pending).
func (s *Service) Results(ctx context.Context, viewer *Account, tableID int64) (GameSummary, error) {
	return GameSummary{}, errPending
}

// Replay implements API (pending).
func (s *Service) Replay(ctx context.Context, viewer *Account, tableID int64, step int) (ReplayFrame, error) {
	return ReplayFrame{}, errPending
}

// ReplayRoundStart implements API (pending).
func (s *Service) ReplayRoundStart(ctx context.Context, viewer *Account, tableID int64, round int) (int, error) {
	return 0, errPending
}

// Rematch implements API (pending).
func (s *Service) Rematch(ctx context.Context, acc *Account, tableID int64, accept bool) (int64, error) {
	return 0, errPending
}

// RematchState implements API (pending).
func (s *Service) RematchState(ctx context.Context, viewer *Account, tableID int64) ([]int64, []int64, int64, error) {
	return nil, nil, 0, errPending
}
