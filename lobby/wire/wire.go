// Package wire holds what the nodes of a cluster tell and ask each other
// and the hooks a node's lobby calls (Cluster, LeaseStore, NodeNames): the
// notices, the table calls and their answers. Types only, so that
// lobby/cluster, the stores and the lobby's packages name them without the
// root; the root re-exports every name (lobby.Notice, lobby.TableCall...).
package wire

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"boardroom/engine"
	"boardroom/lobby/chat"
	"boardroom/lobby/notify"
	"boardroom/lobby/tables"
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

// ErrFenced refuses a write made with a lease token that is no longer the
// table's: another node owns the table now. Stores that hand out leases
// (LeaseStore) return it wrapped.
var ErrFenced = errors.New("another server runs that table now; please try again")

// ErrNoOwner: no node answered for the table (it is being taken over).
var ErrNoOwner = errors.New("that table is moving to another server; please try again in a few seconds")

// Cluster connects a Service to the other nodes: the hooks the lobby calls
// where a node of a cluster differs from a single server. lobby/cluster
// implements it over NATS; the lobby never imports it (cmd wires the two).
// Methods are safe for concurrent use.
type Cluster interface {
	// Node is this node's name, unique in the cluster.
	Node() string
	// Claim makes this node the owner of a table it just created (or
	// rematched, or imported, or a finished table whose owner is gone) and
	// returns the lease's fencing token; it fails while another node holds
	// a live lease.
	Claim(ctx context.Context, tableID int64) (token int64, err error)
	// Announce tells every other node of a change this node stored. It never
	// blocks for long; a lost notice is repaired by the next one (a replica
	// that misses actions reloads them from the store).
	Announce(n Notice)
	// Forward runs c at the table's owner when this node holds only a
	// replica of the table, waiting up to wait for an owner to answer;
	// handled is false when this node runs the call itself (it owns the
	// table or does not know it). The replica is then up to date.
	Forward(ctx context.Context, c TableCall, wait time.Duration) (res CallResult, handled bool, err error)
	// WatchedElsewhere reports whether a session on another node watches
	// the table as the account (an owner then does not count them away).
	WatchedElsewhere(tableID, accountID int64) bool
	// WatchersChanged says that a session here started or stopped watching
	// a table another node owns: the owners hear of it at once.
	WatchersChanged()
}

// LeaseStore is the part of a cluster's Store that hands out table
// ownership and node names (db/postgres implements it). A lease belongs to
// one process, its LeaseOwner (a node name and that process's
// incarnation), and its token rises every time the table changes owner;
// SaveTable, AppendAction and FinishGame with a non-zero Token are refused
// with ErrFenced unless it is the table's current token.
type LeaseStore interface {
	// ClaimTable makes owner the holder of the table until now+ttl when the
	// table has no holder, owner (that very incarnation) holds it already,
	// or the holder's lease ran out; ok is false when another holds a live
	// lease, also another incarnation of the same node name.
	ClaimTable(ctx context.Context, tableID int64, owner LeaseOwner, ttl time.Duration, now time.Time) (token int64, ok bool, err error)
	// RenewLeases extends every live lease of owner to now+ttl and returns
	// the tables owner still holds, with their tokens.
	RenewLeases(ctx context.Context, owner LeaseOwner, ttl time.Duration, now time.Time) (map[int64]int64, error)
	// ReleaseTable ends owner's lease of the table at once (nothing when
	// another holds it, also another incarnation of the same name).
	ReleaseTable(ctx context.Context, tableID int64, owner LeaseOwner) error
	// OrphanTables lists the forming and playing tables whose lease ran out
	// by now, or that never had one.
	OrphanTables(ctx context.Context, now time.Time) ([]int64, error)
	NodeNames
}

// Notice kinds.
const (
	NoticeTable    = "table"    // a table changed: TableID, Version, Record, Actions, Live
	NoticeLobbies  = "lobbies"  // lobbies or memberships changed: reload them
	NoticeChat     = "chat"     // Chat was said
	NoticeHandle   = "handle"   // AccountID is now called Handle
	NoticePresence = "presence" // Presence: who on Node watches which tables (to owners)
	// NoticeWrongCode: AccountID (from Addr) typed a wrong invite code, so
	// every node's buckets count it (a guesser gains nothing from N nodes).
	NoticeWrongCode = "wrongcode"
	// NoticeInvite: AccountID was invited (Invitation), so the invitee's
	// sessions on every node ring and show it (invitations.go).
	NoticeInvite = "invite"
	// NoticeModeration: the operators' bans changed; read them again from
	// the store (lobby/moderation, wired by cmd through lobby/cluster).
	NoticeModeration = "moderation"
	// NoticeOwner: Node owns the tables Owned; sent after every lease
	// renewal, so a replica of an idle table hears of its owner too
	// (failover.go).
	NoticeOwner = "owner"
	// NoticeBlocks: AccountID's blocks changed; forget this node's copy.
	NoticeBlocks = "blocks"
	// NoticeTournament: TournamentID changed; read it again from the store.
	NoticeTournament = "tournament"
)

// Notice is what a node tells the others of a change it made.
type Notice struct {
	Kind string `json:"kind"`
	Node string `json:"node"`
	// Incarnation is the sending process's (LeaseOwner): a node ignores
	// only its own notices, not those of another process of its name.
	Incarnation string `json:"inc,omitempty"`

	TableID int64 `json:"table,omitempty"`
	// TournamentID is a NoticeTournament's tournament.
	TournamentID int64 `json:"tournament,omitempty"`
	// Version is the table's action count after the change; Actions are
	// the actions after Version-len(Actions), in order.
	Version int                   `json:"version,omitempty"`
	Record  *tables.Record        `json:"record,omitempty"`
	Actions []tables.ActionRecord `json:"actions,omitempty"`
	// Events are the table's log lines since the previous notice, as the
	// owner logged them (those of the actions, and away, back and hand-over
	// lines), so every node shows the same log.
	Events []NoticeEvent `json:"events,omitempty"`
	Live   *TableLive    `json:"live,omitempty"`
	// LobbyID and Accounts: a NoticeLobbies names the lobby that changed and
	// the accounts whose lists of lobbies changed.
	LobbyID  int64   `json:"lobby,omitempty"`
	Accounts []int64 `json:"accounts,omitempty"`

	Chat      *chat.Message `json:"chat,omitempty"`
	AccountID int64         `json:"account,omitempty"`
	Handle    string        `json:"handle,omitempty"`
	Addr      string        `json:"addr,omitempty"` // NoticeWrongCode: the client's address

	// Presence lists, per table, the accounts watching it from Node. It is
	// sent again every PresenceEvery; an owner forgets a node's entries after
	// PresenceTTL without one.
	Presence map[int64][]int64 `json:"presence,omitempty"`

	// Invitation is a NoticeInvite's invitation of AccountID.
	Invitation *notify.Invitation `json:"invitation,omitempty"`

	// Owned lists a NoticeOwner's tables.
	Owned []int64 `json:"owned,omitempty"`
}

// NoticeEvent is one line of a table's log in a notice.
type NoticeEvent struct {
	Seq   int          `json:"seq"`
	Event engine.Event `json:"event"`
	At    time.Time    `json:"at"`
}

// How often a node repeats its presence, and how long an owner trusts it.
const (
	PresenceEvery = 3 * time.Second
	PresenceTTL   = 10 * time.Second
)

// TableLive is the part of a table's state that is never stored but shows
// on screens: who is connected and away, turn deadlines and spectators. The
// owner sends it with every table notice.
type TableLive struct {
	Connected  []bool      `json:"connected"`
	Away       []bool      `json:"away"`
	BotPlays   []bool      `json:"botPlays"`
	Deadlines  []time.Time `json:"deadlines"`
	Spectators int         `json:"spectators"`
	Rematch    []int64     `json:"rematch,omitempty"` // accounts that accepted a rematch
	RematchID  int64       `json:"rematchId,omitempty"`
}

// Table call methods.
const (
	CallSit         = "sit"
	CallStand       = "stand"
	CallReady       = "ready"
	CallAddBot      = "addBot"
	CallRemoveBot   = "removeBot"
	CallBotLevel    = "botLevel"
	CallSeats       = "seats"
	CallOption      = "option"
	CallTurnTimer   = "turnTimer"
	CallStart       = "start"
	CallSpectate    = "spectate"
	CallAct         = "act"
	CallHandOver    = "handOver"
	CallRematch     = "rematch"
	CallRematchView = "rematchState"
	CallLeft        = "left"  // the account left the table's lobby: free its forming seat
	CallClose       = "close" // an operator closes the table (Value: why)
)

// TableCall is a session's call on a table another node owns.
type TableCall struct {
	TableID int64           `json:"table"`
	Method  string          `json:"method"`
	Account int64           `json:"account"` // the caller; 0 for a guest
	Seat    int             `json:"seat,omitempty"`
	N       int             `json:"n,omitempty"` // seats, seconds, version
	On      bool            `json:"on,omitempty"`
	Key     string          `json:"key,omitempty"`
	Value   string          `json:"value,omitempty"`
	Action  json.RawMessage `json:"action,omitempty"` // engine.Log's encoding
}

// CallResult is the owner's answer: an error as a code and the player's
// sentence, and the method's number (Sit's seat, Rematch's new table).
type CallResult struct {
	Err     string  `json:"err,omitempty"`  // the sentinel's code (errorCodes), "engine:CODE", or "other"
	Msg     string  `json:"msg,omitempty"`  // the sentence players read
	Int     int64   `json:"int,omitempty"`  // Sit's seat, Rematch's new table id
	Int64s  []int64 `json:"ids,omitempty"`  // RematchState: accepted
	Pending []int64 `json:"pend,omitempty"` // RematchState: pending
	Version int     `json:"version,omitempty"`
}

// ApplyTo shows the owner's live state in a replica's view of the table.
func (l *TableLive) ApplyTo(v *tables.Table) {
	v.Spectators = l.Spectators
	for i := range v.Seats {
		if i >= len(l.Connected) || v.Seats[i].Bot || v.Seats[i].AccountID == 0 {
			continue
		}
		v.Seats[i].Connected = l.Connected[i]
		v.Seats[i].Away = l.Away[i]
		v.Seats[i].BotPlays = l.BotPlays[i]
	}
}
