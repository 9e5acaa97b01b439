package finished

import (
	"context"
	"time"

	"boardroom/lobby/play"
	"boardroom/lobby/rating"
	"boardroom/lobby/tables"
)

// ResultStore is the part of Store that reads finished games, results and
// ratings. Methods returning a single record return nil, nil when there is
// none. Lists never hold private games the Visibility does not allow.
type ResultStore interface {
	// LoadTable returns one table of any status.
	LoadTable(ctx context.Context, id int64) (*tables.Record, error)
	// LadderRecords returns the ladder's records with at least minGames
	// games and a game at or after since.
	LadderRecords(ctx context.Context, l play.Ladder, minGames int, since time.Time) ([]play.RatingRecord, error)
	// AccountRatings returns the account's records on every ladder.
	AccountRatings(ctx context.Context, accountID int64) ([]play.RatingRecord, error)
	// RatingHistory returns the account's newest n ratings on the ladder
	// after each rated game, oldest first.
	RatingHistory(ctx context.Context, accountID int64, l play.Ladder, n int) ([]HistoryRecord, error)
	// GameResult returns a finished table's results.
	GameResult(ctx context.Context, tableID int64) (*ResultRecord, error)
	// AccountResults returns up to limit finished games the account played
	// and vis allows, newest first.
	AccountResults(ctx context.Context, accountID int64, vis Visibility, limit int) ([]ResultRecord, error)
	// LobbyResults returns up to limit finished games at tables of the
	// lobby, newest first.
	LobbyResults(ctx context.Context, lobbyID int64, limit int) ([]ResultRecord, error)
	// AccountTotals counts, per game id, the finished games the account
	// played and vis allows, and how many it won.
	AccountTotals(ctx context.Context, accountID int64, vis Visibility) ([]GameTotal, error)
}

// Visibility says which finished games a viewer may see: those at tables of
// the listed lobbies, and those the viewer (if not 0) played in.
type Visibility struct {
	Lobbies []int64
	Viewer  int64
}

// HistoryRecord is a rating after one rated game, at a table of GameLobby.
type HistoryRecord struct {
	TableID   int64
	GameLobby int64
	At        time.Time
	After     rating.Rating
}

// ResultRecord is a stored finished game.
type ResultRecord struct {
	TableID    int64
	LobbyID    int64
	Game       string
	Reason     string
	Rounds     int
	Rated      bool
	FinishedAt time.Time
	Seats      []ResultSeatRecord // in seat order
}

// ResultSeatRecord is one seat of a stored finished game. Before and After
// are the account's ratings around this game on the ladder it counted for
// (global for a public table, the lobby's for a private one), nil when the
// game was not rated.
type ResultSeatRecord struct {
	play.SeatOutcome
	Handle        string
	Before, After *rating.Rating
}

// GameTotal is a count of one game's finished games and wins.
type GameTotal struct {
	Game  string
	Games int
	Wins  int
}
