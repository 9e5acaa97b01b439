package lobbytest

import (
	"context"

	"boardroom/lobby"
)

// Archive is a fake of lobby.Results for screen tests: an archive of
// finished games that the test fills in. Its zero value has no finished
// games, ladders or replays, so every lookup finds nothing. Fill the fields
// before the session starts; it only reads them.
type Archive struct {
	// Ladder, when set, is every Leaderboard answer (with the query's
	// Sort); else an empty ladder of the queried game.
	Ladder *lobby.Leaderboard
}

// Leaderboard returns Ladder, or an empty ladder.
func (a *Archive) Leaderboard(_ context.Context, _ *lobby.Account, q lobby.LeaderboardQuery) (lobby.Leaderboard, error) {
	if a.Ladder != nil {
		lb := *a.Ladder
		lb.Sort = q.Sort
		return lb, nil
	}
	return lobby.Leaderboard{Game: q.Game, Sort: q.Sort, MinGames: lobby.MinRatedGames, ActiveDays: lobby.ActiveDays}, nil
}

// Profile finds no player.
func (a *Archive) Profile(context.Context, *lobby.Account, string) (lobby.Profile, error) {
	return lobby.Profile{}, lobby.ErrNotFound
}

// History finds no player.
func (a *Archive) History(context.Context, *lobby.Account, string, int) ([]lobby.GameSummary, error) {
	return nil, lobby.ErrNotFound
}

// Results finds no finished game.
func (a *Archive) Results(context.Context, *lobby.Account, int64) (lobby.GameSummary, error) {
	return lobby.GameSummary{}, lobby.ErrNotFound
}

// Replay finds no finished game.
func (a *Archive) Replay(context.Context, *lobby.Account, int64, int) (lobby.ReplayFrame, error) {
	return lobby.ReplayFrame{}, lobby.ErrNotFound
}

// ReplayRoundStart finds no finished game.
func (a *Archive) ReplayRoundStart(context.Context, *lobby.Account, int64, int) (int, error) {
	return 0, lobby.ErrNotFound
}

// RecentResults lists no game.
func (a *Archive) RecentResults(context.Context, *lobby.Account, int64, int) ([]lobby.GameSummary, error) {
	return nil, nil
}

var _ lobby.Results = (*Archive)(nil)

// The fake's rematches: its tables never finish a game, so there is none.

// Rematch finds no finished game.
func (f *Lobby) Rematch(context.Context, *lobby.Account, int64, bool) (int64, error) {
	return 0, lobby.ErrNotFound
}

// RematchState finds no finished game.
func (f *Lobby) RematchState(context.Context, *lobby.Account, int64) ([]int64, []int64, int64, error) {
	return nil, nil, 0, lobby.ErrNotFound
}

var (
	_ lobby.API     = (*Lobby)(nil)
	_ lobby.Results = (*Lobby)(nil)
)
