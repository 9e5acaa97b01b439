// Package lobby holds boardroom's live state: accounts, lobbies, tables,
// seats, spectators, chat, turn timers and the fan-out of changes to the
// sessions watching them. Every table has one owner of its state: actions
// are applied one at a time, written to the Store, and only then published.
// Storage is behind the Store interface declared here and implemented by db.
package lobby

import (
	"context"
	"errors"
	"time"

	"boardroom/engine"
)

// Sentinel errors. Messages are written for players.
var (
	ErrNotFound     = errors.New("not found")
	ErrForbidden    = errors.New("you are not allowed to do that")
	ErrGuest        = errors.New("guests cannot do that: connect with an SSH key and pick a handle")
	ErrNoHandle     = errors.New("pick a handle first")
	ErrBadHandle    = errors.New("a handle is 3-16 characters: letters, digits, - and _")
	ErrHandleTaken  = errors.New("that handle is taken")
	ErrBadName      = errors.New("a lobby name is 3-32 printable characters")
	ErrBadCode      = errors.New("no lobby has that invite code")
	ErrRateLimited  = errors.New("slow down: too many messages")
	ErrNotHost      = errors.New("only the table's host can do that")
	ErrSeatTaken    = errors.New("that seat is taken")
	ErrTableFull    = errors.New("the table is full")
	ErrNotForming   = errors.New("the table is no longer forming")
	ErrNotPlaying   = errors.New("no game is running at that table")
	ErrNotReady     = errors.New("not enough seats are filled and ready")
	ErrNotSeated    = errors.New("you have no seat at that table")
	ErrShuttingDown = errors.New("the server is shutting down")
)

// Account is a player (or a bot: Bot is true and Fingerprint empty).
type Account struct {
	ID          int64     `json:"id"`
	Fingerprint string    `json:"fingerprint,omitempty"`
	Handle      string    `json:"handle"`
	Bot         bool      `json:"bot,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

// PublicLobbyID is the id of the public lobby everyone sees.
const PublicLobbyID int64 = 1

// Lobby is a space with tables, chat and a leaderboard.
type Lobby struct {
	ID         int64     `json:"id"`
	Slug       string    `json:"slug"`
	Name       string    `json:"name"`
	Public     bool      `json:"public"`
	OwnerID    int64     `json:"owner_id,omitempty"`
	InviteCode string    `json:"invite_code,omitempty"` // filled for members only
	Members    int       `json:"members"`
	CreatedAt  time.Time `json:"created_at"`
}

// Member is one member of a private lobby.
type Member struct {
	AccountID int64     `json:"account_id"`
	Handle    string    `json:"handle"`
	Owner     bool      `json:"owner"`
	JoinedAt  time.Time `json:"joined_at"`
}

// Table statuses.
const (
	TableForming   = "forming"
	TablePlaying   = "playing"
	TableFinished  = "finished"
	TableAbandoned = "abandoned"
)

// Seat is one seat of a table. An empty seat has AccountID 0 and Bot false.
type Seat struct {
	Index     int    `json:"index"`
	AccountID int64  `json:"account_id,omitempty"`
	Handle    string `json:"handle,omitempty"`
	Bot       bool   `json:"bot,omitempty"`
	Ready     bool   `json:"ready,omitempty"`
	Connected bool   `json:"connected,omitempty"` // a session of the account watches the table
	Away      bool   `json:"away,omitempty"`      // the player is absent: the seat takes only its default actions (C-7)
	BotPlays  bool   `json:"bot_plays,omitempty"` // the player handed the seat to a bot until they act again
}

// Empty reports whether nobody sits in the seat.
func (s Seat) Empty() bool { return s.AccountID == 0 && !s.Bot }

// Table is a table as a viewer sees it.
type Table struct {
	ID         int64             `json:"id"`
	LobbyID    int64             `json:"lobby_id"`
	Game       string            `json:"game"`
	GameTitle  string            `json:"game_title"`
	Options    map[string]string `json:"options"`
	HostID     int64             `json:"host_id"`
	HostHandle string            `json:"host_handle"`
	Status     string            `json:"status"`
	Seats      []Seat            `json:"seats"`
	MinSeats   int               `json:"min_seats"`
	MaxSeats   int               `json:"max_seats"`
	TurnTimer  int               `json:"turn_timer"` // seconds; 0 = off, TurnTimerRules = C-7 per decision
	Spectators int               `json:"spectators"`
	Round      int               `json:"round,omitempty"`
	CreatedAt  time.Time         `json:"created_at"`
	UpdatedAt  time.Time         `json:"updated_at"`
}

// SeatOf returns the seat index of an account at the table, or -1.
func (t Table) SeatOf(accountID int64) int {
	if accountID == 0 {
		return -1
	}
	for _, s := range t.Seats {
		if s.AccountID == accountID && !s.Bot {
			return s.Index
		}
	}
	return -1
}

// LogLine is one event of a game as a viewer may read it.
type LogLine struct {
	Seq  int       `json:"seq"`
	Kind string    `json:"kind"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// GameState is everything a session needs to draw a table's game for one
// viewer. It never holds what that viewer may not see.
type GameState struct {
	Table    Table           `json:"table"`
	Seat     int             `json:"seat"` // the viewer's seat, or engine.Spectator
	View     engine.View     `json:"view"`
	Prompt   engine.Prompt   `json:"prompt"`
	Legal    []engine.Action `json:"-"`   // the viewer's legal actions now
	Log      []LogLine       `json:"log"` // most recent last
	Outcome  engine.Outcome  `json:"outcome"`
	Deadline time.Time       `json:"deadline,omitempty"` // when the turn timer lapses; zero if off
	Version  int             `json:"version"`            // number of actions applied
}

// Channel names a chat room: a lobby's, a table's players', or a table's
// spectators'. Build them with LobbyChannel, TableChannel, SpectatorChannel.
type Channel struct {
	Lobby      int64 `json:"lobby,omitempty"`
	Table      int64 `json:"table,omitempty"`
	Spectators bool  `json:"spectators,omitempty"`
}

// LobbyChannel is the chat of a lobby.
func LobbyChannel(lobbyID int64) Channel { return Channel{Lobby: lobbyID} }

// TableChannel is the chat of a table's players (everyone while forming).
func TableChannel(tableID int64) Channel { return Channel{Table: tableID} }

// SpectatorChannel is the spectators' chat of a table during a game; the
// players do not see it until the game is over.
func SpectatorChannel(tableID int64) Channel { return Channel{Table: tableID, Spectators: true} }

// ChatMessage is one chat line. Text and Handle are already sanitised.
type ChatMessage struct {
	ID       int64     `json:"id"`
	Channel  Channel   `json:"channel"`
	AuthorID int64     `json:"author_id,omitempty"`
	Handle   string    `json:"handle"`
	Text     string    `json:"text"`
	System   bool      `json:"system,omitempty"` // a notice from the server
	At       time.Time `json:"at"`
}

// TopicKind says what changed.
type TopicKind int

// Topic kinds.
const (
	TopicLobby    TopicKind = iota + 1 // a lobby's table list, members or name
	TopicTable                         // a table's seats, options, status or game
	TopicChat                          // a chat channel got a message
	TopicAccount                       // the viewer's own account or memberships
	TopicShutdown                      // the server is going down; Text says why
)

// Topic is something a session may watch.
type Topic struct {
	Kind    TopicKind
	ID      int64   // lobby or table id
	Channel Channel // for TopicChat
}

// Update tells a subscriber that a topic changed. It carries no state: the
// session reads the fresh state through the API. Resync means updates were
// dropped because the subscriber fell behind: refresh everything.
type Update struct {
	Topic  Topic
	Resync bool
	Text   string // for TopicShutdown and notices
}

// Subscription is one session's stream of updates. C is buffered; the hub
// never blocks on it.
type Subscription interface {
	C() <-chan Update
	// Watch replaces the set of watched topics. TopicAccount and
	// TopicShutdown are always delivered.
	Watch(topics ...Topic)
	// Close ends the subscription and marks the viewer's seats as not
	// connected (they keep their seats).
	Close()
}

// The session-facing interfaces, one per concern, so that each screen of a
// session (tui) or plain command (sshserver) depends only on what it uses.
// viewer is nil for a guest; guests may read the public lobby and spectate,
// nothing more. All methods are safe for concurrent use and never block on
// a session. *Service implements every interface of the live lobby (API);
// lobby/results implements Results. lobbytest has fakes of them.

// Games lists the games the server offers.
type Games interface {
	Games() []engine.Info
}

// Accounts finds and names accounts.
type Accounts interface {
	AccountByFingerprint(ctx context.Context, fp string) (*Account, error) // nil, nil if none
	AccountByHandle(ctx context.Context, handle string) (*Account, error)
	SetHandle(ctx context.Context, fp, handle string) (*Account, error) // create or rename
}

// Lobbies lists, makes and manages lobbies and their members.
type Lobbies interface {
	Lobbies(ctx context.Context, viewer *Account) ([]Lobby, error) // public first, then private by name
	Lobby(ctx context.Context, viewer *Account, id int64) (Lobby, error)
	LobbyBySlug(ctx context.Context, viewer *Account, slug string) (Lobby, error)
	CreateLobby(ctx context.Context, owner *Account, name string) (Lobby, error)
	JoinLobby(ctx context.Context, acc *Account, code string) (Lobby, error)
	LeaveLobby(ctx context.Context, acc *Account, lobbyID int64) error
	RotateInvite(ctx context.Context, owner *Account, lobbyID int64) (string, error)
	Members(ctx context.Context, viewer *Account, lobbyID int64) ([]Member, error)
	RemoveMember(ctx context.Context, owner *Account, lobbyID, accountID int64) error
}

// Tables lists and reads a lobby's tables.
type Tables interface {
	Tables(ctx context.Context, viewer *Account, lobbyID int64) ([]Table, error)
	Table(ctx context.Context, viewer *Account, tableID int64) (Table, error)
}

// Forming opens tables and runs a forming table: seats, bots, options, the
// start, and spectating.
type Forming interface {
	Tables
	CreateTable(ctx context.Context, host *Account, lobbyID int64, game string, seats int, opts map[string]string) (Table, error)
	Sit(ctx context.Context, acc *Account, tableID int64, seat int) (int, error) // seat -1: first free
	Stand(ctx context.Context, acc *Account, tableID int64) error
	SetReady(ctx context.Context, acc *Account, tableID int64, ready bool) error
	AddBot(ctx context.Context, host *Account, tableID int64) error
	RemoveBot(ctx context.Context, host *Account, tableID int64, seat int) error
	SetSeats(ctx context.Context, host *Account, tableID int64, n int) error
	SetOption(ctx context.Context, host *Account, tableID int64, key, value string) error
	SetTurnTimer(ctx context.Context, host *Account, tableID int64, seconds int) error
	Start(ctx context.Context, host *Account, tableID int64) error
	// Spectate marks the viewer as watching (for the spectator count).
	Spectate(ctx context.Context, viewer *Account, tableID int64, on bool) error
}

// Play reads and plays a running game.
type Play interface {
	GameState(ctx context.Context, viewer *Account, tableID int64) (GameState, error)
	// Act applies the seat's action made on a screen of GameState.Version
	// version; ErrStale if the game moved on since in a way the seat sees.
	Act(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) error
	// HandOver hands the player's seat to a bot (on) or takes it back (off,
	// as does any action of theirs). Only a seated player of a running game.
	HandOver(ctx context.Context, acc *Account, tableID int64, on bool) error
}

// SavedGames exports and imports game files (G004-15). ExportGame writes
// the game file of a table the viewer may see; ImportGame opens a new table
// in the lobby that resumes the game of a file this server exported (errors
// wrap ErrBadFile).
type SavedGames interface {
	ExportGame(ctx context.Context, viewer *Account, tableID int64) ([]byte, error)
	ImportGame(ctx context.Context, acc *Account, lobbyID int64, data []byte) (Table, error)
}

// Chatter says and reads chat lines.
type Chatter interface {
	Say(ctx context.Context, acc *Account, ch Channel, text string) error
	Chat(ctx context.Context, viewer *Account, ch Channel, n int) ([]ChatMessage, error)
}

// Rematches runs the rematch of a finished table (rematch.go).
type Rematches interface {
	// Rematch records a seated player's answer to a rematch of a finished
	// table (bots accept at once). When every player has accepted, a new
	// table with the same seats and options starts and its id is returned;
	// until then it returns 0. accept false withdraws an acceptance.
	Rematch(ctx context.Context, acc *Account, tableID int64, accept bool) (newTableID int64, err error)
	// RematchState lists who accepted a rematch (account ids, bots
	// included) and who has not yet, and the new table's id once started.
	RematchState(ctx context.Context, viewer *Account, tableID int64) (accepted, pending []int64, newTableID int64, err error)
}

// Subscriber starts a session's stream of live updates.
type Subscriber interface {
	Subscribe(viewer *Account) Subscription
}

// API is the whole live lobby, as *Service implements it: what the
// sessions use besides Results.
type API interface {
	Games
	Accounts
	Lobbies
	Forming
	Play
	SavedGames
	Chatter
	Rematches
	Subscriber
}

// Results, ratings and replays of finished games (lobby/results implements
// them). Guests may read public data; a private lobby's games and ladders
// are for its members (and a game's own players).

// LeaderboardSource reads ladders.
type LeaderboardSource interface {
	// Leaderboard is one page of a ladder: a game's global ladder (LobbyID
	// 0) or a private lobby's (members only, else ErrNotFound).
	Leaderboard(ctx context.Context, viewer *Account, q LeaderboardQuery) (Leaderboard, error)
}

// ProfileSource reads players' profiles and game histories.
type ProfileSource interface {
	// Profile is a player's (or a game bot's) ratings, recent games and
	// totals, limited to what the viewer may see.
	Profile(ctx context.Context, viewer *Account, handle string) (Profile, error)
	// History lists the player's finished games the viewer may see, newest
	// first (limit 0: 20; at most 100).
	History(ctx context.Context, viewer *Account, handle string, limit int) ([]GameSummary, error)
}

// ResultSource reads finished games' standings.
type ResultSource interface {
	// RecentResults lists a lobby's finished games, newest first (limit 0:
	// 20; at most 100); finished tables leave the table list after
	// FinishedListed and stay reachable here.
	RecentResults(ctx context.Context, viewer *Account, lobbyID int64, limit int) ([]GameSummary, error)
	// Results is a finished table's standings with each seat's rating change.
	Results(ctx context.Context, viewer *Account, tableID int64) (GameSummary, error)
}

// ReplaySource steps through finished games.
type ReplaySource interface {
	// Replay shows a finished game the viewer may see after step actions,
	// as a spectator saw it then (step 0: the set-up; Steps: the end).
	Replay(ctx context.Context, viewer *Account, tableID int64, step int) (ReplayFrame, error)
	// ReplayRoundStart is the step at which a round of a finished game
	// begins (round 1: step 0).
	ReplayRoundStart(ctx context.Context, viewer *Account, tableID int64, round int) (int, error)
}

// Results is everything sessions read of finished games.
type Results interface {
	LeaderboardSource
	ProfileSource
	ResultSource
	ReplaySource
}

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
}

// Profile is a player as the viewer may see them: ratings on the global
// ladders and on the private lobbies' ladders the viewer shares, recent
// games, the most played game and totals over the games shown.
type Profile struct {
	Account   Account       `json:"account"`
	Ratings   []GameRating  `json:"ratings"`
	Recent    []GameSummary `json:"recent"`
	Favourite string        `json:"favourite,omitempty"` // game id
	Games     int           `json:"games"`
	Wins      int           `json:"wins"`
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
	Step  int       `json:"step"`
	Steps int       `json:"steps"`
	Round int       `json:"round"`
	State GameState `json:"state"`
}
