package lobby

import "boardroom/lobby/finished"

// Finished games as the stores keep them and players read them are
// lobby/finished's types; the root keeps their names.

// Leaderboard sort orders.
const (
	SortRating  = finished.SortRating  // displayed rating, best first
	SortWins    = finished.SortWins    // rated wins
	SortGames   = finished.SortGames   // rated games
	SortWinRate = finished.SortWinRate // wins / games
	SortBest    = finished.SortBest    // best score in a rated game
)

// The finished games' types (lobby/finished).
type (
	LeaderboardQuery = finished.LeaderboardQuery
	LeaderboardRow   = finished.LeaderboardRow
	Leaderboard      = finished.Leaderboard
	RatingPoint      = finished.RatingPoint
	GameRating       = finished.GameRating
	ResultSeat       = finished.ResultSeat
	GameSummary      = finished.GameSummary
	Profile          = finished.Profile
	ReplayFrame      = finished.ReplayFrame

	ResultStore      = finished.ResultStore
	Visibility       = finished.Visibility
	HistoryRecord    = finished.HistoryRecord
	ResultRecord     = finished.ResultRecord
	ResultSeatRecord = finished.ResultSeatRecord
	GameTotal        = finished.GameTotal
)
