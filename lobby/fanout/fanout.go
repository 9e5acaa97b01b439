// Package fanout hands updates to the sessions of one node: each session's
// subscription has a short queue the hub never blocks on (a subscriber
// that falls behind is told to refresh everything), and the subscriptions
// are indexed by the topics they watch, so a publication visits its
// watchers only. What a topic is, who may watch it and what watching a
// table means are the live lobby's, given as Hooks; the package has its
// own locks and imports nothing of the lobby.
package fanout

import "sync"

// Buffer is how many updates a subscription queues. The last slot is
// kept for the Resync update, so a subscriber that falls behind always
// learns that it did. A session takes every queued update at once and uses
// only a table's newest state, so a short queue loses nothing: a
// subscriber that falls behind refreshes everything.
//
// A reader told by Notify takes the queue with Drain, and the queue is a
// slice that exists only while updates wait: an idle session holds no
// buffer (a channel of 16 updates was 1.7 KiB of every session, idle or
// not; issue 32). A reader that waits on C gets a channel of Buffer
// updates instead, made when it first asks.
const Buffer = 16

// Hooks are what the hub asks its user about topics T and updates U.
type Hooks[T comparable, U any] struct {
	// Norm makes topics comparable (the index keys).
	Norm func(T) T
	// Resync is the update that tells a subscriber of the topic that it
	// fell behind.
	Resync func(T) U
	// Visible reports whether the viewer may watch the topic.
	Visible func(viewer int64, t T) bool
	// Table is the table a topic watches, ok false for other topics.
	Table func(t T) (id int64, ok bool)
	// Watched and Unwatched are told when a subscription starts and stops
	// watching a table, after the hub's indexes changed.
	Watched, Unwatched func(sub *Sub[T, U], tableID int64)
}

// To says who a publication is for.
type To int

// Audiences.
const (
	Watchers To = iota // the subscriptions watching the topic (Only and Exclude filter them)
	Account            // every subscription of Only, whatever it watches
	Everyone           // every subscription
)

// Pub is a publication: Make builds the update for one subscription's
// viewer.
type Pub[T comparable, U any] struct {
	Topic   T
	To      To
	Only    int64          // when not 0, only this account's subscriptions
	Exclude map[int64]bool // accounts that must not hear of it
	Make    func(viewer int64) U
}

// Hub is the subscriptions of a node. Its methods are safe for concurrent
// use.
type Hub[T comparable, U any] struct {
	hooks Hooks[T, U]

	mu   sync.RWMutex
	subs map[*Sub[T, U]]struct{}
	// byTopic indexes the subscriptions by watched topic, so that a
	// publication visits its watchers only, not every session.
	byTopic map[T]map[*Sub[T, U]]struct{}
	// byViewer indexes them by account, so that a publication for one
	// account (a bell, an account's change) visits its sessions only:
	// scanning every session for each was most of a busy server's
	// publishing.
	byViewer map[int64]map[*Sub[T, U]]struct{}
}

// New returns an empty hub.
func New[T comparable, U any](hooks Hooks[T, U]) *Hub[T, U] {
	return &Hub[T, U]{hooks: hooks, subs: map[*Sub[T, U]]struct{}{}, byTopic: map[T]map[*Sub[T, U]]struct{}{},
		byViewer: map[int64]map[*Sub[T, U]]struct{}{}}
}

// index adds sub under topics (add) or removes it (!add).
func (h *Hub[T, U]) index(sub *Sub[T, U], topics map[T]bool, add bool) {
	if len(topics) == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for t := range topics {
		set := h.byTopic[t]
		switch {
		case add && set == nil:
			h.byTopic[t] = map[*Sub[T, U]]struct{}{sub: {}}
		case add:
			set[sub] = struct{}{}
		case set != nil:
			delete(set, sub)
			if len(set) == 0 {
				delete(h.byTopic, t)
			}
		}
	}
}

// Publish hands the updates to every interested subscriber without ever
// blocking.
func (h *Hub[T, U]) Publish(ps ...Pub[T, U]) {
	if len(ps) == 0 {
		return
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, p := range ps {
		p.Topic = h.hooks.Norm(p.Topic)
		subs := h.subs // shutdown updates concern everyone
		switch p.To {
		case Watchers:
			subs = h.byTopic[p.Topic]
		case Account:
			subs = h.byViewer[p.Only] // none for account 0: wants refuses it
		}
		for sub := range subs {
			if sub.wants(p) {
				sub.offer(p.Topic, p.Make(sub.viewer))
			}
		}
	}
}

// Online reports whether an account has a subscription open on this node.
func (h *Hub[T, U]) Online(accountID int64) bool {
	if accountID == 0 {
		return false
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.byViewer[accountID]) > 0
}

// Force delivers u to everyone, making room for it if a buffer is full
// (the server is going down).
func (h *Hub[T, U]) Force(u U) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for sub := range h.subs {
		sub.force(u)
	}
}

// Subscribe starts a stream of updates for one session of viewer (0: a
// guest).
func (h *Hub[T, U]) Subscribe(viewer int64) *Sub[T, U] {
	sub := &Sub[T, U]{h: h, viewer: viewer, topics: map[T]bool{}, tables: map[int64]bool{}}
	h.mu.Lock()
	h.subs[sub] = struct{}{}
	if h.byViewer[viewer] == nil {
		h.byViewer[viewer] = map[*Sub[T, U]]struct{}{}
	}
	h.byViewer[viewer][sub] = struct{}{}
	h.mu.Unlock()
	return sub
}

// Sub is one session's subscription.
type Sub[T comparable, U any] struct {
	h      *Hub[T, U]
	viewer int64

	watchMu sync.Mutex // serialises Watch and Close, including their effect on tables

	mu     sync.Mutex // guards the fields below and every send on ch
	ch     chan U     // made by C: the reader waits on it; nil: updates queue in q
	q      []U        // the updates waiting for Drain (when ch is nil)
	topics map[T]bool
	tables map[int64]bool
	closed bool
	notify func() // see Notify; nil: the reader waits on C or drains when it likes
}

// Notify makes the subscription call f whenever an update is queued on an
// empty queue, and when it closes, so that a reader can take what is
// queued (Drain, or C without blocking until it is empty) when told
// instead of keeping a goroutine parked on C. f is called with the
// subscription's lock held: it must not block (it may start a goroutine).
// If updates are queued already, f is called at once.
func (sub *Sub[T, U]) Notify(f func()) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	sub.notify = f
	if f != nil && (sub.waiting() > 0 || sub.closed) {
		f()
	}
}

// waiting is the number of updates queued; the caller holds mu.
func (sub *Sub[T, U]) waiting() int {
	if sub.ch != nil {
		return len(sub.ch)
	}
	return len(sub.q)
}

// queued tells the reader of an update queued on an empty queue; the
// caller holds mu and has just queued.
func (sub *Sub[T, U]) queued() {
	if sub.notify != nil && sub.waiting() == 1 {
		sub.notify()
	}
}

// Viewer is the subscription's account (0: a guest).
func (sub *Sub[T, U]) Viewer() int64 { return sub.viewer }

// C is the stream of updates; it is closed by Close. The first call makes
// the channel (of Buffer updates) and moves what is queued onto it; from
// then on updates go to the channel and Drain reads it.
func (sub *Sub[T, U]) C() <-chan U {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	if sub.ch == nil {
		sub.ch = make(chan U, Buffer)
		for _, u := range sub.q {
			sub.ch <- u // at most Buffer: offer keeps q that short
		}
		sub.q = nil
		if sub.closed {
			close(sub.ch)
		}
	}
	return sub.ch
}

// Drain takes every queued update, oldest first, without waiting; closed
// reports that the subscription has ended (nothing more will come). The
// slice is the caller's.
func (sub *Sub[T, U]) Drain() (us []U, closed bool) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	if sub.ch == nil {
		us, sub.q = sub.q, nil
		return us, sub.closed
	}
	for {
		select {
		case u, ok := <-sub.ch:
			if !ok {
				return us, true
			}
			us = append(us, u)
		default:
			return us, sub.closed
		}
	}
}

// put queues u; the caller holds mu, the subscription is open and there is
// room (waiting() < Buffer).
func (sub *Sub[T, U]) put(u U) {
	if sub.ch != nil {
		sub.ch <- u
	} else {
		sub.q = append(sub.q, u)
	}
	sub.queued()
}

func (sub *Sub[T, U]) wants(p Pub[T, U]) bool {
	switch p.To {
	case Account:
		return p.Only != 0 && p.Only == sub.viewer
	case Everyone:
		return true
	}
	if p.Only != 0 && p.Only != sub.viewer {
		return false
	}
	if sub.viewer != 0 && p.Exclude[sub.viewer] {
		return false
	}
	sub.mu.Lock()
	defer sub.mu.Unlock()
	return sub.topics[p.Topic]
}

// offer sends without blocking. While there is room it sends u; the last
// free slot gets the topic's Resync instead; when the buffer is full, u is
// dropped: the Resync already queued makes the session refresh everything
// after it.
func (sub *Sub[T, U]) offer(t T, u U) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	if sub.closed {
		return
	}
	n := sub.waiting()
	switch {
	case n < Buffer-1:
	case n == Buffer-1:
		u = sub.h.hooks.Resync(t)
	default:
		return
	}
	sub.put(u)
}

// force sends u, dropping the oldest queued update if there is no room.
func (sub *Sub[T, U]) force(u U) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	if sub.closed {
		return
	}
	if sub.waiting() == Buffer {
		if sub.ch != nil {
			select {
			case <-sub.ch: // the oldest (unless the reader took it first: room either way)
			default:
			}
		} else {
			sub.q = append(sub.q[:0], sub.q[1:]...)
		}
	}
	sub.put(u)
}

// Watch replaces the watched topics. Topics the viewer may not see are
// ignored; the tables among the topics are told to Hooks.Watched and
// Hooks.Unwatched.
func (sub *Sub[T, U]) Watch(topics ...T) {
	sub.watchMu.Lock()
	defer sub.watchMu.Unlock()
	hooks := sub.h.hooks
	next := map[T]bool{}
	nextTables := map[int64]bool{}
	for _, t := range topics {
		t = hooks.Norm(t)
		if !hooks.Visible(sub.viewer, t) {
			continue // watching what one may not see yields nothing
		}
		next[t] = true
		if id, ok := hooks.Table(t); ok {
			nextTables[id] = true
		}
	}
	// Index the new topics before the subscription wants them and drop the
	// old ones after, so that no publication in between is missed.
	sub.h.index(sub, next, true)
	sub.mu.Lock()
	if sub.closed {
		sub.mu.Unlock()
		sub.h.index(sub, next, false)
		return
	}
	prev, prevTopics := sub.tables, sub.topics
	sub.topics, sub.tables = next, nextTables
	sub.mu.Unlock()
	stale := map[T]bool{}
	for t := range prevTopics {
		if !next[t] {
			stale[t] = true
		}
	}
	sub.h.index(sub, stale, false)
	for id := range prev {
		if !nextTables[id] {
			hooks.Unwatched(sub, id)
		}
	}
	for id := range nextTables {
		if !prev[id] {
			hooks.Watched(sub, id)
		}
	}
}

// Close ends the subscription: its channel is closed, and Hooks.Unwatched
// hears of every table it watched.
func (sub *Sub[T, U]) Close() {
	sub.watchMu.Lock()
	defer sub.watchMu.Unlock()
	sub.mu.Lock()
	if sub.closed {
		sub.mu.Unlock()
		return
	}
	sub.closed = true
	tables, topics := sub.tables, sub.topics
	sub.tables, sub.topics = nil, nil
	if sub.ch != nil {
		close(sub.ch)
	}
	if sub.notify != nil {
		sub.notify()
	}
	sub.mu.Unlock()
	sub.h.index(sub, topics, false)
	sub.h.mu.Lock()
	delete(sub.h.subs, sub)
	if vs := sub.h.byViewer[sub.viewer]; vs != nil {
		delete(vs, sub)
		if len(vs) == 0 {
			delete(sub.h.byViewer, sub.viewer)
		}
	}
	sub.h.mu.Unlock()
	for id := range tables {
		sub.h.hooks.Unwatched(sub, id)
	}
}
