package lobby

import (
	"boardroom/lobby/live"
	"boardroom/lobby/play"
)

// Leaderboard eligibility: at least MinRatedGames rated games on the ladder
// and one of them in the last ActiveDays days.
const (
	MinRatedGames = 10
	ActiveDays    = 30
)

// Ladder names one leaderboard (lobby/play).
type Ladder = play.Ladder

// RatingRecord is an account's stored standing on a ladder (lobby/play).
type RatingRecord = play.RatingRecord

// RatingChange is one account's rating on one ladder before and after one
// rated game (lobby/play).
type RatingChange = play.RatingChange

// RateGame computes one ladder's new standings after a rated game
// (play.RateGame); the store calls it inside the transaction that records
// the game's end.
func RateGame(end GameEnd, lobbyID int64, current map[int64]RatingRecord) ([]RatingRecord, []RatingChange, error) {
	return play.RateGame(end, lobbyID, current)
}

// GlobalLadder is the lobby id of a game's global ladder (lobby/live): a
// rated game at a public table counts there.
const GlobalLadder = live.GlobalLadder

// ladders lists the ladders a finished game at the lobby counts on.
func ladders(game string, lobbyID int64) []Ladder { return live.Ladders(game, lobbyID) }
