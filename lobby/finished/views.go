// Package finished holds finished games as the stores keep them
// (ResultRecord, the ResultStore part of lobby.Store) and as players read
// them (leaderboards, profiles, game summaries, replay frames): types only,
// so that the live lobby, lobby/results and the stores name them without
// importing each other. The root re-exports each name (lobby.ResultRecord,
// lobby.Profile...).
package finished

import (
	"time"

	"boardroom/lobby/accounts"
	"boardroom/lobby/tables"
)

// Leaderboard sort orders.
const (
	SortRating  = "rating"  // displayed rating, best first
	SortWins    = "wins"    // rated wins
	SortGames   = "games"   // rated games
	SortWinRate = "winrate" // wins / games
	SortBest    = "best"    // best score in a rated game
)

// LeaderboardQuery selects a page of a ladder.
type LeaderboardQuery struct {
	Game    string `json:"game"`     // "" = the first registered game
	LobbyID int64  `json:"lobby_id"` // 0 (or PublicLobbyID): the global ladder
	Sort    string `json:"sort"`     // SortRating (default), SortWins, ...
	Offset  int    `json:"offset"`
	Limit   int    `json:"limit"` // 0: 20; at most 100
	Find    string `json:"find"`  // a handle: return the page that holds it
}

// LeaderboardRow is one listed player. Rating is rating.Display.
type LeaderboardRow struct {
	Rank        int       `json:"rank"`
	AccountID   int64     `json:"account_id"`
	Handle      string    `json:"handle"` // "Bot (Title)" for a game's bot
	Bot         bool      `json:"bot,omitempty"`
	Rating      int       `json:"rating"`
	Provisional bool      `json:"provisional,omitempty"`
	Mu          float64   `json:"mu"`
	Sigma       float64   `json:"sigma"`
	Games       int       `json:"games"`
	Wins        int       `json:"wins"`
	WinRate     float64   `json:"win_rate"` // 0..1
	BestScore   int64     `json:"best_score"`
	LastPlayed  time.Time `json:"last_played"`
	You         bool      `json:"you,omitempty"`
	// Unranked marks a player listed below the ranking: fewer than
	// MinGames rated games on the ladder (Rank is 0).
	Unranked bool `json:"unranked,omitempty"`
}

// Leaderboard is one page of a ladder. Players with a rated game on the
// ladder in the last ActiveDays days are listed: those with at least
// MinGames rated games are ranked (Rows; Total counts them all), the others
// come below the line in Unranked with the last page (UnrankedTotal counts
// them all).
type Leaderboard struct {
	Game       string           `json:"game"`
	GameTitle  string           `json:"game_title"`
	LobbyID    int64            `json:"lobby_id"` // 0: global
	Sort       string           `json:"sort"`
	Rows       []LeaderboardRow `json:"rows"`
	Total      int              `json:"total"`
	Offset     int              `json:"offset"`
	MinGames   int              `json:"min_games"`
	ActiveDays int              `json:"active_days"`
	// Unranked: not yet ranked, fewer than MinGames rated games.
	Unranked      []LeaderboardRow `json:"unranked"`
	UnrankedTotal int              `json:"unranked_total"`
}

// RatingPoint is a rating after one rated game.
type RatingPoint struct {
	At      time.Time `json:"at"`
	Rating  int       `json:"rating"`
	TableID int64     `json:"table_id"`
}

// GameRating is a player's standing on one ladder, with its history
// (oldest first, at most the last 50 games).
type GameRating struct {
	Game        string        `json:"game"`
	GameTitle   string        `json:"game_title"`
	LobbyID     int64         `json:"lobby_id"` // 0: global
	LobbyName   string        `json:"lobby_name,omitempty"`
	Rating      int           `json:"rating"`
	Provisional bool          `json:"provisional,omitempty"`
	Mu          float64       `json:"mu"`
	Sigma       float64       `json:"sigma"`
	Games       int           `json:"games"`
	Wins        int           `json:"wins"`
	WinRate     float64       `json:"win_rate"`
	BestScore   int64         `json:"best_score"`
	LastPlayed  time.Time     `json:"last_played"`
	History     []RatingPoint `json:"history,omitempty"`
}

// ResultSeat is one seat of a finished game. RatingBefore and RatingAfter
// are set when Rated, on the ladder the game counted for: the game's global
// ladder for a public table, the private lobby's ladder for its tables.
type ResultSeat struct {
	Seat         int    `json:"seat"`
	AccountID    int64  `json:"account_id"`
	Handle       string `json:"handle"` // "Bot N" for a bot seat, as during the game
	Bot          bool   `json:"bot,omitempty"`
	Placement    int    `json:"placement"`
	Score        int64  `json:"score"`
	Status       string `json:"status"` // finished, bankrupt, resigned, abandoned
	RatingBefore int    `json:"rating_before,omitempty"`
	RatingAfter  int    `json:"rating_after,omitempty"`
	Rated        bool   `json:"rated,omitempty"`
}

// GameSummary is a finished game: its standings in seat order.
type GameSummary struct {
	TableID    int64        `json:"table_id"`
	LobbyID    int64        `json:"lobby_id"`
	Game       string       `json:"game"`
	GameTitle  string       `json:"game_title"`
	FinishedAt time.Time    `json:"finished_at"`
	Rounds     int          `json:"rounds"`
	Rated      bool         `json:"rated"`
	Seats      []ResultSeat `json:"seats"`
	Reason     string       `json:"reason"`
	// Imported: the game was imported from a saved file (set by Results);
	// imported games are never rated.
	Imported bool `json:"imported,omitempty"`
}

// Profile is a player as the viewer may see them: ratings on the global
// ladders and on the private lobbies' ladders the viewer shares, recent
// games, the most played game and totals over the games shown.
type Profile struct {
	Account   accounts.Account `json:"account"`
	Ratings   []GameRating     `json:"ratings"`
	Recent    []GameSummary    `json:"recent"`
	Favourite string           `json:"favourite,omitempty"` // game id
	Games     int              `json:"games"`
	Wins      int              `json:"wins"`
	// Unseen counts the rated games in Ratings at tables the viewer may
	// not see (a global ladder rated before private games counted on their
	// lobby's ladder only), which Games leaves out; of the last 50 per
	// ladder. The summary says so rather than "0 games" above a row with
	// games.
	Unseen int `json:"unseen,omitempty"`
}

// ReplayFrame is a finished game after Step of its Steps actions as a
// spectator saw it: State.Seat is engine.Spectator and State.Legal nil.
type ReplayFrame struct {
	Step  int              `json:"step"`
	Steps int              `json:"steps"`
	Round int              `json:"round"`
	State tables.GameState `json:"state"`
}
