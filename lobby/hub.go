package lobby

import "boardroom/lobby/fanout"

// The subscriptions of the sessions, their buffers and their index by
// topic are lobby/fanout's; this file says what the lobby's topics are,
// who may watch them, and what watching a table does (watch.go).

// subscription is one session's stream of updates (Subscription).
type subscription = fanout.Sub[Topic, Update]

type hub struct {
	*fanout.Hub[Topic, Update]
}

func newHub(s *Service) *hub {
	return &hub{fanout.New(fanout.Hooks[Topic, Update]{
		Norm:    normTopic,
		Resync:  func(t Topic) Update { return Update{Topic: t, Resync: true} },
		Visible: s.topicVisible,
		Table: func(t Topic) (int64, bool) {
			return t.ID, t.Kind == TopicTable && t.ID != 0
		},
		Watched:   s.floor.Watch,
		Unwatched: s.floor.Unwatch,
	})}
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
// blocking; a table's update carries the state of each subscriber's
// viewer class.
func (h *hub) publish(ps ...publication) {
	if len(ps) == 0 {
		return
	}
	out := make([]fanout.Pub[Topic, Update], len(ps))
	for i, p := range ps {
		to := fanout.Watchers
		switch p.U.Topic.Kind {
		case TopicAccount, TopicBell, TopicInvite:
			to = fanout.Account
		case TopicShutdown:
			to = fanout.Everyone
		}
		u, frame := p.U, p.Frame
		u.Topic = normTopic(u.Topic)
		out[i] = fanout.Pub[Topic, Update]{Topic: u.Topic, To: to, Only: p.Only, Exclude: p.Exclude,
			Make: func(viewer int64) Update {
				v := u
				v.State = frame.ForViewer(viewer)
				return v
			}}
	}
	h.Publish(out...)
}

// online reports whether an account has a session open on this node.
func (h *hub) online(accountID int64) bool { return h.Online(accountID) }

// shutdown delivers a TopicShutdown update to everyone, making room for it
// if a buffer is full.
func (h *hub) shutdown(text string) {
	h.Force(Update{Topic: Topic{Kind: TopicShutdown}, Text: text})
}

// Subscribe starts a stream of updates for one session. viewer may be nil
// (a guest).
func (s *Service) Subscribe(viewer *Account) Subscription {
	return s.hub.Subscribe(viewerID(viewer))
}

// topicVisible reports whether viewer may watch a topic: the lobby, table
// or chat channel must be one the viewer sees.
func (s *Service) topicVisible(viewer int64, t Topic) bool {
	switch t.Kind {
	case TopicLobby:
		return s.canSeeLobby(viewer, t.ID)
	case TopicTable:
		_, err := s.floor.Lookup(viewer, t.ID)
		return err == nil
	case TopicChat:
		if t.Channel.Table != 0 {
			_, err := s.floor.Lookup(viewer, t.Channel.Table)
			return err == nil
		}
		return s.canSeeLobby(viewer, t.Channel.Lobby)
	}
	return true
}
