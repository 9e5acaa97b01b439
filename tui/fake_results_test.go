package tui

import (
	"context"

	"boardroom/lobby"
)

// The results API of fakeAPI: the screen tests that use it have no finished
// games, ladders or rematches, so every lookup finds nothing. A results
// screen's tests may replace this file with a fuller fake.

func (f *fakeAPI) Leaderboard(_ context.Context, _ *lobby.Account, q lobby.LeaderboardQuery) (lobby.Leaderboard, error) {
	return lobby.Leaderboard{Game: q.Game, Sort: q.Sort, MinGames: 10, ActiveDays: 30}, nil
}

func (f *fakeAPI) Profile(context.Context, *lobby.Account, string) (lobby.Profile, error) {
	return lobby.Profile{}, lobby.ErrNotFound
}

func (f *fakeAPI) History(context.Context, *lobby.Account, string, int) ([]lobby.GameSummary, error) {
	return nil, lobby.ErrNotFound
}

func (f *fakeAPI) Results(context.Context, *lobby.Account, int64) (lobby.GameSummary, error) {
	return lobby.GameSummary{}, lobby.ErrNotFound
}

func (f *fakeAPI) Replay(context.Context, *lobby.Account, int64, int) (lobby.ReplayFrame, error) {
	return lobby.ReplayFrame{}, lobby.ErrNotFound
}

func (f *fakeAPI) ReplayRoundStart(context.Context, *lobby.Account, int64, int) (int, error) {
	return 0, lobby.ErrNotFound
}

func (f *fakeAPI) Rematch(context.Context, *lobby.Account, int64, bool) (int64, error) {
	return 0, lobby.ErrNotFound
}

func (f *fakeAPI) RematchState(context.Context, *lobby.Account, int64) ([]int64, []int64, int64, error) {
	return nil, nil, 0, lobby.ErrNotFound
}

func (f *fakeAPI) RecentResults(context.Context, *lobby.Account, int64, int) ([]lobby.GameSummary, error) {
	return nil, nil
}
