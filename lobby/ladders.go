package lobby

import (
	"boardroom/lobby/play"
)

// GlobalLadder is the lobby id of a game's global ladder. A rated game at a
// public table updates it; a rated game at a private lobby's table updates
// only that lobby's ladder, so that nothing global (a rating, its history,
// a leaderboard's last-played time) tells non-members the game happened.
const GlobalLadder int64 = 0

// Leaderboard eligibility: at least MinRatedGames rated games on the ladder
// and one of them in the last ActiveDays days.
const (
	MinRatedGames = 10
	ActiveDays    = 30
)

// ladders lists the ladders a game at a table of lobbyID updates: the
// global one for the public lobby, else the private lobby's alone.
func ladders(game string, lobbyID int64) []Ladder {
	if lobbyID == PublicLobbyID || lobbyID == GlobalLadder {
		return []Ladder{{Game: game, LobbyID: GlobalLadder}}
	}
	return []Ladder{{Game: game, LobbyID: lobbyID}}
}

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
