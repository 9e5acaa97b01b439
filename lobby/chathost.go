package lobby

import (
	"time"

	"boardroom/lobby/chat"
)

// The chat's state, its store writes and its rates are lobby/chat's
// (s.chat), and so is its sessions' side (chat.Desk, embedded as Chatter);
// this file decides who may read and write which channel, and tells the
// sessions.

// chatAccess says whether viewer may read and write a channel, and which
// accounts must not even hear of new messages there.
//
//   - lobby chat: whoever sees the lobby reads; accounts write.
//   - table chat: while forming (and after the game) whoever sees the lobby
//     reads and accounts write; during a game the seated players write and
//     spectators read.
//   - spectator chat: during a game the seated players can neither read nor
//     write it (spectators could pass them hidden information); otherwise it
//     is like table chat.
func (s *Service) chatAccess(viewer int64, ch Channel) (read, write bool, exclude map[int64]bool, err error) {
	notFound := userErr(ErrNotFound, "there is no such chat")
	switch {
	case ch.Lobby != 0 && ch.Table == 0 && !ch.Spectators:
		if !s.canSeeLobby(viewer, ch.Lobby) {
			return false, false, nil, notFound
		}
		return true, viewer != 0, nil, nil
	case ch.Table != 0 && ch.Lobby == 0:
	default:
		return false, false, nil, notFound
	}
	t, err := s.floor.Lookup(viewer, ch.Table)
	if err != nil {
		return false, false, nil, notFound
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	if t.Status != TablePlaying {
		return true, viewer != 0, nil, nil
	}
	seated := t.SeatOf(viewer) >= 0
	if !ch.Spectators {
		return true, seated, nil, nil
	}
	exclude = map[int64]bool{}
	for _, st := range t.Seats {
		if !st.Bot && !st.Empty() {
			exclude[st.AccountID] = true
		}
	}
	return !seated, !seated && viewer != 0, exclude, nil
}

// ReceiveChat adds another node's chat message to the cached channel and
// tells the local sessions. The message takes a token from its author's
// bucket here too: the rate holds across the cluster.
func (s *Service) ReceiveChat(m ChatMessage) {
	var exclude map[int64]bool // the players, from a spectators' chat during their game
	if m.Channel.Spectators && m.Channel.Table != 0 {
		t := s.floor.Get(m.Channel.Table)
		if t != nil {
			t.Mu.Lock()
			if t.Status == TablePlaying {
				exclude = map[int64]bool{}
				for _, st := range t.Seats {
					if !st.Bot && !st.Empty() {
						exclude[st.AccountID] = true
					}
				}
			}
			t.Mu.Unlock()
		}
	}
	s.chat.Receive(m, s.clock.Now())
	s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicChat, Channel: m.Channel}}, Exclude: exclude})
	if !m.System {
		s.hub.publish(s.mentionBells(m)...)
	}
}

// chatterAPI is Chatter as the Service embeds it (lobby/chat's Desk).
type chatterAPI = Chatter

// chatAdapter is how lobby/chat's Desk asks the Service (chat.Host).
type chatAdapter struct{ s *Service }

func (a chatAdapter) Access(viewer int64, ch Channel) (read, write bool, exclude map[int64]bool, err error) {
	return a.s.chatAccess(viewer, ch)
}
func (a chatAdapter) Handle(accountID int64) string { return a.s.handle(accountID) }

func (a chatAdapter) Muted(acc *Account) error {
	if why := a.s.mutedText(acc); why != "" {
		return userErr(ErrMuted, why)
	}
	return nil
}

func (a chatAdapter) Visible(viewer *Account, msgs []ChatMessage) []ChatMessage {
	return a.s.protect.WithoutBlocked(viewer, msgs) // lobby/protection
}
func (a chatAdapter) Closing() bool              { return a.s.shuttingDown() }
func (a chatAdapter) Now() time.Time             { return a.s.clock.Now() }
func (a chatAdapter) StorageErr(err error) error { return a.s.storageErr(err) }

// Said implements chat.Host: a player's line rings those it names.
func (a chatAdapter) Said(m ChatMessage, exclude map[int64]bool) {
	a.s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicChat, Channel: m.Channel}}, Exclude: exclude})
	if !m.System {
		a.s.hub.publish(a.s.mentionBells(m)...)
	}
	a.s.announce(&Notice{Kind: NoticeChat, Chat: &m})
}

// maxMentions bounds the @handles of one chat line that ring anyone.
const maxMentions = 5

// mentionBells is the TopicBell updates for the accounts a chat line names
// with @handle who may read the channel (never its author, at most
// maxMentions of them).
func (s *Service) mentionBells(m ChatMessage) []publication {
	var out []publication
	seen := map[int64]bool{m.AuthorID: true}
	for _, h := range chat.Mentions(m.Text, 2*maxMentions) {
		id, ok := s.accounts.ID(h)
		if !ok || seen[id] || s.blocks(id, m.AuthorID) {
			continue
		}
		seen[id] = true
		if read, _, exclude, err := s.chatAccess(id, m.Channel); err != nil || !read || exclude[id] {
			continue
		}
		out = append(out, publication{U: Update{Topic: Topic{Kind: TopicBell}, Text: m.Handle + " named you in chat"}, Only: id})
		if len(out) == maxMentions {
			break
		}
	}
	return out
}
