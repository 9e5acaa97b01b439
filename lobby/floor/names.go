package floor

import (
	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/errs"
	"boardroom/lobby/live"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
	"boardroom/lobby/topics"
	"boardroom/lobby/wire"
)

// The names the floor's files use, each a leaf's; the root lobby keeps
// the same names for its callers.

type (
	table        = live.Table
	seat         = live.SeatState
	formState    = live.FormState
	publication  = live.Publication
	stateFrame   = live.StateFrame
	subscription = live.Subscription

	Account      = accounts.Account
	Table        = tables.Table
	GameState    = tables.GameState
	TableRecord  = tables.Record
	ActionRecord = tables.ActionRecord
	GameEnd      = play.GameEnd
	Topic        = topics.Topic
	Update       = topics.Update
	Notice       = wire.Notice
	TableCall    = wire.TableCall
	CallResult   = wire.CallResult
)

// Table statuses.
const (
	TableForming   = live.TableForming
	TablePlaying   = live.TablePlaying
	TableFinished  = live.TableFinished
	TableAbandoned = live.TableAbandoned
)

// Table call methods (lobby/wire).
const (
	CallSit         = wire.CallSit
	CallStand       = wire.CallStand
	CallReady       = wire.CallReady
	CallAddBot      = wire.CallAddBot
	CallRemoveBot   = wire.CallRemoveBot
	CallBotLevel    = wire.CallBotLevel
	CallSeats       = wire.CallSeats
	CallOption      = wire.CallOption
	CallTurnTimer   = wire.CallTurnTimer
	CallStart       = wire.CallStart
	CallSpectate    = wire.CallSpectate
	CallAct         = wire.CallAct
	CallHandOver    = wire.CallHandOver
	CallRematch     = wire.CallRematch
	CallRematchView = wire.CallRematchView
	CallClose       = wire.CallClose
)

const (
	TopicLobby = topics.TopicLobby
	TopicTable = topics.TopicTable
)

// The lobby's sentinel errors (lobby/errs, lobby/wire).
var (
	ErrNotFound      = errs.ErrNotFound
	ErrForbidden     = errs.ErrForbidden
	ErrSeatTaken     = errs.ErrSeatTaken
	ErrTableFull     = errs.ErrTableFull
	ErrNotForming    = errs.ErrNotForming
	ErrNotPlaying    = errs.ErrNotPlaying
	ErrNotReady      = errs.ErrNotReady
	ErrNotSeated     = errs.ErrNotSeated
	ErrShuttingDown  = errs.ErrShuttingDown
	ErrBadSeats      = errs.ErrBadSeats
	ErrBadTimer      = errs.ErrBadTimer
	ErrTooManyTables = errs.ErrTooManyTables
	ErrStorage       = errs.ErrStorage
	ErrStale         = errs.ErrStale
	ErrTooManyGames  = errs.ErrTooManyGames
	ErrNoResult      = errs.ErrNoResult
	ErrNoOwner       = wire.ErrNoOwner
)

// errBlockedSeat is the answer to a player who tries to sit at a forming
// table whose host blocks them: the lobby's answer to any action it does
// not allow, so that it does not tell them they are blocked.
var errBlockedSeat = ErrForbidden

func userErr(sentinel error, msg string) error { return errs.User(sentinel, msg) }

// account checks that acc is a player with a handle.
func account(acc *Account) error { return accounts.Player(acc) }

func viewerID(viewer *Account) int64 {
	if viewer == nil {
		return 0
	}
	return viewer.ID
}

// The channels of a table's chat and of a lobby's.
func tableChannel(tableID int64) chat.Channel { return chat.Channel{Table: tableID} }
func spectatorChannel(tableID int64) chat.Channel {
	return chat.Channel{Table: tableID, Spectators: true}
}
func lobbyChannel(lobbyID int64) chat.Channel { return chat.Channel{Lobby: lobbyID} }
