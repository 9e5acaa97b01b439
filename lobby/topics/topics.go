// Package topics is what a session of the lobby watches (a Topic) and is
// told (an Update) through its Subscription: types only, so that the
// lobby's packages name them without the root, which re-exports them.
package topics

import (
	"boardroom/lobby/chat"
	"boardroom/lobby/tables"
)

// TopicKind says what changed.
type TopicKind int

// Topic kinds.
const (
	TopicLobby    TopicKind = iota + 1 // a lobby's table list, members or name
	TopicTable                         // a table's seats, options, status or game
	TopicChat                          // a chat channel got a message
	TopicAccount                       // the viewer's own account or memberships
	TopicShutdown                      // the server is going down; Text says why
	// TopicBell: a decision of the viewer opened (ID: the table) or a chat
	// line named them (ID 0); Text says which. Delivered to every session
	// of the account, whatever it watches (bell.go).
	TopicBell
	// TopicInvite: the viewer was invited to a forming table (ID); Text
	// says by whom. Delivered like TopicBell (invitations.go).
	TopicInvite
)

// Topic is something a session may watch.
type Topic struct {
	Kind    TopicKind
	ID      int64        // lobby or table id
	Channel chat.Channel // for TopicChat
}

// Update tells a subscriber that a topic changed. A table's update carries
// the viewer's fresh state (State, built once per viewer class); for the
// rest the session reads the fresh state through the API. Resync means
// updates were dropped because the subscriber fell behind: refresh
// everything.
type Update struct {
	Topic  Topic
	Resync bool
	Text   string // for TopicShutdown and notices
	// State is, on a TopicTable update, the table and its game as the
	// subscription's viewer sees them after the change; nil when the
	// update does not carry it (then read GameState). It is shared with
	// every session of the same viewer class: read it, never change it.
	State *tables.GameState
}

// Subscription is one session's stream of updates. C is buffered; the hub
// never blocks on it.
type Subscription interface {
	C() <-chan Update
	// Watch replaces the set of watched topics. TopicAccount and
	// TopicShutdown are always delivered.
	Watch(topics ...Topic)
	// Close ends the subscription and marks the viewer's seats as not
	// connected (they keep their seats).
	Close()
}
