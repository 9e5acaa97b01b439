package live

import (
	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/fanout"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
	"boardroom/lobby/topics"
	"boardroom/lobby/wire"
)

// The leaves' names as the table's files use them; the root lobby keeps
// the same names for its callers (types.go, store.go, node.go).

// Table statuses.
const (
	TableForming   = "forming"
	TablePlaying   = "playing"
	TableFinished  = "finished"
	TableAbandoned = "abandoned"
)

// PublicLobbyID is the id of the public lobby everyone sees.
const PublicLobbyID = lobbies.PublicID

type (
	Account      = accounts.Account
	GameState    = tables.GameState
	TableRecord  = tables.Record
	SeatRecord   = tables.SeatRecord
	ActionRecord = tables.ActionRecord
	ActionLog    = tables.ActionLog
	GameEnd      = play.GameEnd
	Ladder       = play.Ladder
	LogLine      = play.LogLine
	Topic        = topics.Topic
	Update       = topics.Update
	Notice       = wire.Notice
	NoticeEvent  = wire.NoticeEvent
	TableLive    = wire.TableLive
)

const (
	TopicLobby  = topics.TopicLobby
	TopicTable  = topics.TopicTable
	NoticeTable = wire.NoticeTable
)

// subscription is one session's stream of updates.
type subscription = fanout.Sub[Topic, Update]

// Subscription is a session's stream as the root's hub keeps it.
type Subscription = subscription

var (
	ErrFenced  = wire.ErrFenced
	ErrNoOwner = wire.ErrNoOwner
)

func userErr(sentinel error, msg string) error { return errs.User(sentinel, msg) }
