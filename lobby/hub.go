package lobby

import (
	"sync"
)

// subBuffer is the capacity of a subscription's channel. The last slot is
// kept for the Resync update, so a subscriber that falls behind always
// learns that it did. A session takes every queued update at once and uses
// only a table's newest state, so a short buffer loses nothing: a subscriber that
// falls behind refreshes everything, and every session holds one buffer.
const subBuffer = 16

// publication is an update on its way to subscribers: to those watching its
// topic (minus the accounts in exclude), or, when only is set, to every
// subscription of that account (TopicAccount).
type publication struct {
	u       Update
	only    int64
	exclude map[int64]bool
	frame   *stateFrame // a table's state per viewer class (frame.go); each subscription gets its own
}

type hub struct {
	s    *Service
	mu   sync.RWMutex
	subs map[*subscription]struct{}
	// byTopic indexes the subscriptions by watched topic, so that a
	// publication visits its watchers only, not every session.
	byTopic map[Topic]map[*subscription]struct{}
}

func newHub(s *Service) *hub {
	return &hub{s: s, subs: map[*subscription]struct{}{}, byTopic: map[Topic]map[*subscription]struct{}{}}
}

// index adds sub under topics (add) or removes it (!add).
func (h *hub) index(sub *subscription, topics map[Topic]bool, add bool) {
	if len(topics) == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for t := range topics {
		set := h.byTopic[t]
		switch {
		case add && set == nil:
			h.byTopic[t] = map[*subscription]struct{}{sub: {}}
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

// normTopic makes topics comparable: chat topics are keyed by channel, the
// others by id.
func normTopic(t Topic) Topic {
	if t.Kind == TopicChat {
		return Topic{Kind: TopicChat, Channel: t.Channel}
	}
	return Topic{Kind: t.Kind, ID: t.ID}
}

// publish hands the updates to every interested subscriber without ever
// blocking.
func (h *hub) publish(ps ...publication) {
	if len(ps) == 0 {
		return
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, p := range ps {
		p.u.Topic = normTopic(p.u.Topic)
		subs := h.subs // account and shutdown updates may concern anyone
		if k := p.u.Topic.Kind; k != TopicAccount && k != TopicShutdown {
			subs = h.byTopic[p.u.Topic]
		}
		for sub := range subs {
			if sub.wants(p) {
				u := p.u
				u.State = p.frame.forViewer(sub.viewer)
				sub.offer(u)
			}
		}
	}
}

// online reports whether an account has a session open on this node.
func (h *hub) online(accountID int64) bool {
	if accountID == 0 {
		return false
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	for sub := range h.subs {
		if sub.viewer == accountID {
			return true
		}
	}
	return false
}

// shutdown delivers a TopicShutdown update to everyone, making room for it
// if a buffer is full.
func (h *hub) shutdown(text string) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for sub := range h.subs {
		sub.force(Update{Topic: Topic{Kind: TopicShutdown}, Text: text})
	}
}

// Subscribe starts a stream of updates for one session. viewer may be nil
// (a guest).
func (s *Service) Subscribe(viewer *Account) Subscription {
	sub := &subscription{s: s, viewer: viewerID(viewer), ch: make(chan Update, subBuffer),
		topics: map[Topic]bool{}, tables: map[int64]bool{}}
	s.hub.mu.Lock()
	s.hub.subs[sub] = struct{}{}
	s.hub.mu.Unlock()
	return sub
}

type subscription struct {
	s      *Service
	viewer int64
	ch     chan Update

	watchMu sync.Mutex // serialises Watch and Close, including their effect on tables

	mu     sync.Mutex // guards the fields below and every send on ch
	topics map[Topic]bool
	tables map[int64]bool
	closed bool
}

func (sub *subscription) C() <-chan Update { return sub.ch }

func (sub *subscription) wants(p publication) bool {
	switch p.u.Topic.Kind {
	case TopicAccount:
		return p.only != 0 && p.only == sub.viewer
	case TopicShutdown:
		return true
	}
	if p.only != 0 && p.only != sub.viewer {
		return false
	}
	if sub.viewer != 0 && p.exclude[sub.viewer] {
		return false
	}
	sub.mu.Lock()
	defer sub.mu.Unlock()
	return sub.topics[p.u.Topic]
}

// offer sends without blocking. While there is room it sends u; the last
// free slot gets a Resync instead; when the buffer is full, u is dropped:
// the Resync already queued makes the session refresh everything after it.
func (sub *subscription) offer(u Update) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	if sub.closed {
		return
	}
	n := len(sub.ch)
	switch {
	case n < cap(sub.ch)-1:
	case n == cap(sub.ch)-1:
		u = Update{Topic: u.Topic, Resync: true}
	default:
		return
	}
	select {
	case sub.ch <- u:
	default:
	}
}

// force sends u, dropping the oldest queued update if there is no room.
func (sub *subscription) force(u Update) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	if sub.closed {
		return
	}
	for range 2 {
		select {
		case sub.ch <- u:
			return
		default:
		}
		select {
		case <-sub.ch:
		default:
		}
	}
}

// Watch replaces the watched topics. Watching a TopicTable marks the viewer
// as connected at that table (or as a spectator when not seated). Topics of
// lobbies and tables the viewer may not see are ignored.
func (sub *subscription) Watch(topics ...Topic) {
	sub.watchMu.Lock()
	defer sub.watchMu.Unlock()
	next := map[Topic]bool{}
	nextTables := map[int64]bool{}
	for _, t := range topics {
		t = normTopic(t)
		if !sub.s.topicVisible(sub.viewer, t) {
			continue // watching what one may not see yields nothing
		}
		next[t] = true
		if t.Kind == TopicTable && t.ID != 0 {
			nextTables[t.ID] = true
		}
	}
	// Index the new topics before the subscription wants them and drop the
	// old ones after, so that no publication in between is missed.
	sub.s.hub.index(sub, next, true)
	sub.mu.Lock()
	if sub.closed {
		sub.mu.Unlock()
		sub.s.hub.index(sub, next, false)
		return
	}
	prev, prevTopics := sub.tables, sub.topics
	sub.topics, sub.tables = next, nextTables
	sub.mu.Unlock()
	stale := map[Topic]bool{}
	for t := range prevTopics {
		if !next[t] {
			stale[t] = true
		}
	}
	sub.s.hub.index(sub, stale, false)
	for id := range prev {
		if !nextTables[id] {
			sub.s.unwatchTable(sub, id)
		}
	}
	for id := range nextTables {
		if !prev[id] {
			sub.s.watchTable(sub, id)
		}
	}
}

// Close ends the subscription: its channel is closed and the viewer is no
// longer connected at the tables it watched (seats are kept).
func (sub *subscription) Close() {
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
	close(sub.ch)
	sub.mu.Unlock()
	sub.s.hub.index(sub, topics, false)
	sub.s.hub.mu.Lock()
	delete(sub.s.hub.subs, sub)
	sub.s.hub.mu.Unlock()
	for id := range tables {
		sub.s.unwatchTable(sub, id)
	}
}

// topicVisible reports whether viewer may watch a topic: the lobby, table
// or chat channel must be one the viewer sees.
func (s *Service) topicVisible(viewer int64, t Topic) bool {
	switch t.Kind {
	case TopicLobby:
		return s.canSeeLobby(viewer, t.ID)
	case TopicTable:
		_, err := s.lookupTable(viewer, t.ID)
		return err == nil
	case TopicChat:
		if t.Channel.Table != 0 {
			_, err := s.lookupTable(viewer, t.Channel.Table)
			return err == nil
		}
		return s.canSeeLobby(viewer, t.Channel.Lobby)
	}
	return true
}
