package lobby

import (
	"context"
	"encoding/json"

	"boardroom/engine"
	"boardroom/lobby/wire"
)

// A cluster is several nodes, each a Service, sharing one Store (Postgres)
// and a message bus (NATS, lobby/cluster). Every node holds every table in
// memory; exactly one node, the table's owner, changes it: it applies the
// actions in order, runs the timers and the bots, and writes the store with
// the fencing token of its lease. The other nodes hold a replica that they
// bring up to date from the owner's notices (the actions themselves, applied
// to the same deterministic game), so that their sessions read locally, and
// they forward their players' table calls to the owner. When an owner dies,
// another node takes the lease (lobby/cluster) and adopts its replica.
//
// Lobbies, memberships, chat and handles are written to the store by the
// node a session is on and announced; the other nodes reload what changed.
//
// Without a Cluster (Config.Cluster nil) the Service is one node that owns
// every table with token 0, as before.
//
// What the nodes tell and ask each other, and the hooks the Service calls
// (Cluster, LeaseStore, NodeNames), are lobby/wire's types; the root keeps
// their names. What the cluster calls on the Service is declared here.

// Errors of a cluster (lobby/wire).
var (
	ErrFenced  = wire.ErrFenced  // a write with a lease token no longer the table's
	ErrNoOwner = wire.ErrNoOwner // no node answered for the table
)

// The cluster's hooks and messages (lobby/wire).
type (
	Cluster     = wire.Cluster
	LeaseStore  = wire.LeaseStore
	LeaseOwner  = wire.LeaseOwner
	NodeName    = wire.NodeName
	NodeNames   = wire.NodeNames
	Notice      = wire.Notice
	NoticeEvent = wire.NoticeEvent
	TableLive   = wire.TableLive
	TableCall   = wire.TableCall
	CallResult  = wire.CallResult
)

// Notice kinds (lobby/wire).
const (
	NoticeTable      = wire.NoticeTable
	NoticeLobbies    = wire.NoticeLobbies
	NoticeChat       = wire.NoticeChat
	NoticeHandle     = wire.NoticeHandle
	NoticePresence   = wire.NoticePresence
	NoticeWrongCode  = wire.NoticeWrongCode
	NoticeInvite     = wire.NoticeInvite
	NoticeModeration = wire.NoticeModeration
	NoticeOwner      = wire.NoticeOwner
	NoticeBlocks     = wire.NoticeBlocks
	NoticeTournament = wire.NoticeTournament
)

// How often a node repeats its presence, and how long an owner trusts it.
const (
	PresenceEvery = wire.PresenceEvery
	PresenceTTL   = wire.PresenceTTL
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
	CallLeft        = wire.CallLeft
	CallClose       = wire.CallClose
)

// ClusterNode is what the cluster layer calls on its node's Service
// (*Service implements it; replica.go): the replicas, the state every node
// caches, and the table calls other nodes forward to the tables it owns.
type ClusterNode interface {
	Replicas
	SharedState
	CallTarget
}

// Replicas is the lease loop's and the notices' hold on this node's tables.
type Replicas interface {
	// Holds reports whether this node holds the table, as a replica (another
	// node owns it) or not, and whether its game is finished.
	Holds(tableID int64) (held, replica, finished bool)
	// ReceiveTable brings a replica up to date with its owner's notice: the
	// actions when they follow on from its version, else the store's log.
	ReceiveTable(ctx context.Context, n Notice)
	// Resync brings a replica to the store's state (after a forwarded call).
	Resync(ctx context.Context, tableID int64)
	// Adopt makes this node the owner of a table whose lease it just won:
	// the replica catches up from the store, then timers and bots run here.
	Adopt(ctx context.Context, tableID, token int64) error
	// Relinquish makes an owned table a replica again (lease lost, or
	// handed over before a graceful exit): no more writes, timers or bots.
	Relinquish(tableID int64)
	// Owned lists the tables this node owns, with their tokens.
	Owned() map[int64]int64
	// Watchers lists, per table this node does not own, the accounts whose
	// sessions here watch it (the owner needs them to know who is away).
	Watchers() map[int64][]int64
	// Reconcile marks the seats of the owned tables among ids away or back
	// by whether their players now watch from any node.
	Reconcile(ids map[int64]bool)
	// OwnerHeard records that the owner of the tables was heard of
	// (NoticeOwner): their replicas do not say the game is reconnecting.
	OwnerHeard(node string, tables []int64)
}

// SharedState is what every node caches of what another node stored.
type SharedState interface {
	// ReloadLobbies reloads the lobbies after lobbyID changed, and tells the
	// sessions of the lobby and of accounts.
	ReloadLobbies(ctx context.Context, lobbyID int64, accounts []int64) error
	// ReceiveChat adds another node's chat message and tells the sessions.
	ReceiveChat(m ChatMessage)
	// LearnHandle: the account is now called handle.
	LearnHandle(accountID int64, handle string)
	// WrongCode counts another node's wrong invite code here too.
	WrongCode(accountID int64, addr string)
	// ReceiveInvitation records another node's invitation of the account
	// and tells its sessions here.
	ReceiveInvitation(accountID int64, inv Invitation)
	// ForgetBlocks drops the node's copy of the account's blocks.
	ForgetBlocks(accountID int64)
}

// CallTarget runs the table calls another node forwards: the table methods
// of the API and what a call needs besides.
type CallTarget interface {
	Seating
	TableSettings
	Rematches
	TableCalls
}

// TableCalls is the rest of what a forwarded call runs.
type TableCalls interface {
	Start(ctx context.Context, host *Account, tableID int64) error
	Spectate(ctx context.Context, viewer *Account, tableID int64, on bool) error
	Act(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) error
	HandOver(ctx context.Context, acc *Account, tableID int64, on bool) error
	// Caller is the account of a forwarded call (nil for a guest), now
	// known to this node by its handle.
	Caller(ctx context.Context, accountID int64) (*Account, error)
	// DecodeAction reads an action of the table's game in the log's encoding.
	DecodeAction(tableID int64, raw json.RawMessage) (engine.Action, error)
	// LeaveForming frees the account's seat at a forming table: it left the
	// table's lobby on another node.
	LeaveForming(ctx context.Context, tableID, accountID int64) error
	// Version is the table's action count.
	Version(tableID int64) int
	// CloseTable ends the table on an operator's word (moderated.go).
	CloseTable(ctx context.Context, tableID int64, reason string) error
}
