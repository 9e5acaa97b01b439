package lobby

import (
	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
)

// The lobby's sentinel errors live in lobby/errs, so that the packages
// below the root return the same values; messages are written for players.
var (
	ErrHandleTaken    = accounts.ErrHandleTaken
	ErrNotFound       = errs.ErrNotFound
	ErrForbidden      = errs.ErrForbidden
	ErrGuest          = errs.ErrGuest
	ErrNoHandle       = errs.ErrNoHandle
	ErrBadHandle      = errs.ErrBadHandle
	ErrBadName        = errs.ErrBadName
	ErrBadCode        = errs.ErrBadCode
	ErrRateLimited    = errs.ErrRateLimited
	ErrNotHost        = errs.ErrNotHost
	ErrSeatTaken      = errs.ErrSeatTaken
	ErrTableFull      = errs.ErrTableFull
	ErrNotForming     = errs.ErrNotForming
	ErrNotPlaying     = errs.ErrNotPlaying
	ErrNotReady       = errs.ErrNotReady
	ErrNotSeated      = errs.ErrNotSeated
	ErrShuttingDown   = errs.ErrShuttingDown
	ErrBadSeats       = errs.ErrBadSeats
	ErrBadTimer       = errs.ErrBadTimer
	ErrEmptyMessage   = errs.ErrEmptyMessage
	ErrLastMember     = errs.ErrLastMember
	ErrTooManyTables  = errs.ErrTooManyTables
	ErrStorage        = errs.ErrStorage
	ErrStale          = errs.ErrStale
	ErrTooManyGames   = errs.ErrTooManyGames
	ErrTooManyLobbies = errs.ErrTooManyLobbies
	ErrTooManyCodes   = errs.ErrTooManyCodes
	ErrBadSort        = errs.ErrBadSort
	ErrNoResult       = errs.ErrNoResult
	ErrDealPlayed     = errs.ErrDealPlayed
)

// Error is an error with a sentence for players that still matches one of
// the sentinels with errors.Is (for example "waiting for Bob to get ready"
// is ErrNotReady).
type Error = errs.Error

func userErr(sentinel error, msg string) error { return errs.User(sentinel, msg) }
