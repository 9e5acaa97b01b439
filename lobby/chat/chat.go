// Package chat keeps the lobby's chat: the channels' last lines in memory
// (loaded from the store on first use), the store writes in order, and each
// account's rate. Who may read or write a channel is the live lobby's
// business (it knows the tables and the lobbies), asked through Host by
// Desk, the sessions' side (desk.go); this package holds its own state
// under its own locks and of the lobby imports only its errors and the
// Account type, so the lobby (package lobby re-exports its types) builds
// on it.
package chat

import (
	"context"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Channel names a chat room: a lobby's, a table's players', or a table's
// spectators'. Build them with lobby.LobbyChannel, TableChannel,
// SpectatorChannel.
type Channel struct {
	Lobby      int64 `json:"lobby,omitempty"`
	Table      int64 `json:"table,omitempty"`
	Spectators bool  `json:"spectators,omitempty"`
}

// Message is one chat line. Text and Handle are already sanitised.
type Message struct {
	ID       int64     `json:"id"`
	Channel  Channel   `json:"channel"`
	AuthorID int64     `json:"author_id,omitempty"`
	Handle   string    `json:"handle"`
	Text     string    `json:"text"`
	System   bool      `json:"system,omitempty"` // a notice from the server
	At       time.Time `json:"at"`
	// Deleted: an operator deleted the line (ID, Channel); a node that
	// hears of it drops it (Rooms.Drop). Never stored.
	Deleted bool `json:"deleted,omitempty"`
}

// Store keeps chat. AddChat stores a message and keeps only the newest
// keep messages of its channel. RecentChat returns up to n, oldest first.
type Store interface {
	AddChat(ctx context.Context, m Message, keep int) (int64, error)
	RecentChat(ctx context.Context, ch Channel, n int) ([]Message, error)
	// DeleteChat removes the message with the id and returns it (its
	// channel); false when there is none.
	DeleteChat(ctx context.Context, id int64) (Message, bool, error)
}

// Keep is how many messages a channel keeps (in the store and in memory).
const Keep = 200

// Burst is how many messages an account may post at once.
const Burst = 5

// Rooms is the chat of one node. Its methods are safe for concurrent use.
type Rooms struct {
	store     Store
	perMinute int

	mu      sync.Mutex // guards logs and buckets
	logs    map[Channel]*log
	buckets map[int64]*rate.Limiter
	// writes is held across a store write and its cache update, and across
	// cache loads, so the lines in memory stay in the order of their ids.
	writes sync.Mutex
}

// log is the in-memory tail of a channel.
type log struct {
	msgs []Message
}

// New returns the chat over store, where each account may post perMinute
// messages a minute (bursts of Burst).
func New(store Store, perMinute int) *Rooms {
	return &Rooms{store: store, perMinute: perMinute, logs: map[Channel]*log{}, buckets: map[int64]*rate.Limiter{}}
}

// Add stores a message and keeps it in its channel's tail; it returns the
// message with its id.
func (r *Rooms) Add(ctx context.Context, msg Message) (Message, error) {
	r.writes.Lock()
	defer r.writes.Unlock()
	id, err := r.store.AddChat(ctx, msg, Keep)
	if err != nil {
		return msg, err
	}
	msg.ID = id
	r.keep(msg)
	return msg, nil
}

// Receive keeps a message another node stored, when its channel is loaded
// here; its author's bucket is charged (Charge).
func (r *Rooms) Receive(msg Message, now time.Time) {
	if msg.Deleted {
		r.Drop(msg.Channel, msg.ID)
		return
	}
	if msg.AuthorID != 0 {
		r.Charge(msg.AuthorID, now)
	}
	r.keep(msg)
}

// keep adds a stored line to the channel's last Keep lines in memory (when
// the channel is loaded).
func (r *Rooms) keep(msg Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if l := r.logs[msg.Channel]; l != nil {
		l.msgs = append(l.msgs, msg)
		if len(l.msgs) > Keep {
			l.msgs = append(l.msgs[:0:0], l.msgs[len(l.msgs)-Keep:]...)
		}
	}
}

// Allow takes a token from the account's bucket (perMinute, burst Burst)
// at now.
func (r *Rooms) Allow(id int64, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bucketLocked(id).AllowN(now, 1)
}

// Charge takes a token from the bucket of an account that posted on
// another node of a cluster, even when the bucket is empty (it goes into
// debt): every node's bucket of an account counts what it said on every
// node, so that it posts perMinute a minute across the cluster, not that
// many on each node.
func (r *Rooms) Charge(id int64, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bucketLocked(id).ReserveN(now, 1) // never cancelled: the message was said
}

func (r *Rooms) bucketLocked(id int64) *rate.Limiter {
	b := r.buckets[id]
	if b == nil {
		b = rate.NewLimiter(rate.Limit(float64(r.perMinute)/60), Burst)
		r.buckets[id] = b
	}
	return b
}

// Recent returns the last n messages of a channel (n <= 0 or more than
// Keep: all kept), oldest first, loading the channel on first use.
func (r *Rooms) Recent(ctx context.Context, ch Channel, n int) ([]Message, error) {
	if n <= 0 || n > Keep {
		n = Keep
	}
	r.mu.Lock()
	l := r.logs[ch]
	r.mu.Unlock()
	if l == nil {
		r.writes.Lock()
		r.mu.Lock()
		l = r.logs[ch]
		r.mu.Unlock()
		if l == nil {
			msgs, err := r.store.RecentChat(ctx, ch, Keep)
			if err != nil {
				r.writes.Unlock()
				return nil, err
			}
			l = &log{msgs: msgs}
			r.mu.Lock()
			r.logs[ch] = l
			r.mu.Unlock()
		}
		r.writes.Unlock()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	msgs := l.msgs[max(0, len(l.msgs)-n):]
	return append([]Message(nil), msgs...), nil
}

// Forget drops channels from memory (a table that is gone).
func (r *Rooms) Forget(chs ...Channel) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ch := range chs {
		delete(r.logs, ch)
	}
}
