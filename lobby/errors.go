package lobby

import (
	"errors"

	"boardroom/lobby/accounts"
)

// Sentinel errors. Messages are written for players.
var (
	ErrNotFound     = errors.New("not found")
	ErrForbidden    = errors.New("you are not allowed to do that")
	ErrGuest        = errors.New("guests cannot do that: connect with an SSH key and pick a handle")
	ErrNoHandle     = errors.New("pick a handle first")
	ErrBadHandle    = errors.New("a handle is 3-16 characters: letters, digits, - and _")
	ErrHandleTaken  = accounts.ErrHandleTaken
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

// More sentinel errors.
var (
	ErrBadSeats      = errors.New("that number of seats does not fit the game")
	ErrBadTimer      = errors.New("the turn timer is the standard timer, no timer, or 30, 60 or 120 seconds a move")
	ErrEmptyMessage  = errors.New("say something first")
	ErrLastMember    = errors.New("you own this lobby and are its only member, so you cannot leave it")
	ErrTooManyTables = errors.New("you already host as many forming tables as allowed")
	ErrStorage       = errors.New("the server could not save that; please try again")
	// ErrStale refuses an action made on a screen that no longer shows the
	// game as the seat would now see it (Service.Act, stale.go).
	ErrStale = errors.New("the game moved on: look again")
	// ErrTooManyGames: the account already hosts or sits at as many
	// unfinished tables as Config.MaxTablesPerAccount allows.
	ErrTooManyGames = errors.New("you already play or host as many unfinished games as allowed; finish or leave one first")
	// ErrTooManyLobbies: the account owns Config.MaxLobbiesPerAccount
	// private lobbies.
	ErrTooManyLobbies = errors.New("you already own as many private lobbies as allowed")
	// ErrTooManyCodes: too many wrong invite codes from the account or its
	// address in the last minute; every code is refused until it passes.
	ErrTooManyCodes = errors.New("slow down: too many wrong invite codes, try again in a minute")

	// Errors of the results API (lobby/results; rematch.go).
	ErrBadSort  = errors.New("sort by rating, wins, games, winrate or best")
	ErrNoResult = errors.New("no finished game there")

	// ErrDealPlayed: a store's ClaimDeal found the deal (game and seed)
	// held by another table of the server (export.go).
	ErrDealPlayed = errors.New("this game was already played on this server")
)

// Error is an error with a sentence for players that still matches one of
// the sentinels with errors.Is (for example "waiting for Bob to get ready"
// is ErrNotReady).
type Error struct {
	Msg string
	Err error
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

func userErr(sentinel error, msg string) error { return &Error{Msg: msg, Err: sentinel} }

// reservedHandle is refused by SetHandle: bots and server notices use these.
type reservedHandleError struct{}

func (reservedHandleError) Error() string {
	return `handles beginning with "bot" or "renamed-" are reserved, and so are "server", "system", "guest", "admin", "administrator", "mod", "moderator", "operator", "root", "staff", "support", "official" and "boardroom"`
}

func (reservedHandleError) Is(target error) bool { return target == ErrBadHandle }
