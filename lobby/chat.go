package lobby

import (
	"context"
	"fmt"

	"golang.org/x/time/rate"
)

// chatLog is the in-memory tail of a channel, loaded from the store on
// first use.
type chatLog struct {
	msgs []ChatMessage
}

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
	t, err := s.lookupTable(viewer, ch.Table)
	if err != nil {
		return false, false, nil, notFound
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.status != TablePlaying {
		return true, viewer != 0, nil, nil
	}
	seated := t.seatOf(viewer) >= 0
	if !ch.Spectators {
		return true, seated, nil, nil
	}
	exclude = map[int64]bool{}
	for _, st := range t.seats {
		if !st.bot && !st.empty() {
			exclude[st.accountID] = true
		}
	}
	return !seated, !seated && viewer != 0, exclude, nil
}

// Say posts a message to a chat channel. The text is sanitised and cut to
// 300 characters; each account may post ChatPerMinute messages a minute
// (bursts of five).
func (s *Service) Say(ctx context.Context, acc *Account, ch Channel, text string) error {
	if err := account(acc); err != nil {
		return err
	}
	text = Sanitize(text, chatMaxRunes)
	if text == "" {
		return ErrEmptyMessage
	}
	_, write, exclude, err := s.chatAccess(acc.ID, ch)
	if err != nil {
		return err
	}
	if !write {
		if ch.Spectators {
			return userErr(ErrForbidden, "players cannot use the spectators' chat during the game")
		}
		return userErr(ErrForbidden, "only the players can talk at the table during the game; use the spectators' chat")
	}
	if s.shuttingDown() {
		return ErrShuttingDown
	}
	if !s.allowChat(acc.ID) {
		return ErrRateLimited
	}
	msg := ChatMessage{Channel: ch, AuthorID: acc.ID, Handle: s.handle(acc.ID), Text: text, At: s.clock.Now().UTC()}
	s.chatStore.Lock()
	id, err := s.store.AddChat(context.WithoutCancel(ctx), msg, chatKeep)
	if err != nil {
		s.chatStore.Unlock()
		return s.storageErr(err)
	}
	msg.ID = id
	s.keepChat(ch, msg)
	s.chatStore.Unlock()
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicChat, Channel: ch}}, exclude: exclude})
	s.announce(&Notice{Kind: NoticeChat, Chat: &msg})
	return nil
}

// keepChat adds a stored line to the channel's last chatKeep lines in
// memory (when the channel is loaded); the caller holds chatStore, so the
// lines stay in the order of their ids.
func (s *Service) keepChat(ch Channel, msg ChatMessage) {
	s.chatMu.Lock()
	defer s.chatMu.Unlock()
	if l := s.chat[ch]; l != nil {
		l.msgs = append(l.msgs, msg)
		if len(l.msgs) > chatKeep {
			l.msgs = append(l.msgs[:0:0], l.msgs[len(l.msgs)-chatKeep:]...)
		}
	}
}

// systemSay posts a notice of the server to a channel: stored like any
// line, so that someone who comes back later reads it. A failure is logged.
func (s *Service) systemSay(ch Channel, text string) {
	msg := ChatMessage{Channel: ch, Text: Sanitize(text, chatMaxRunes), System: true, At: s.clock.Now().UTC()}
	s.chatStore.Lock()
	id, err := s.store.AddChat(s.bg, msg, chatKeep)
	if err != nil {
		s.chatStore.Unlock()
		s.log.Error("storing a notice failed", "channel", ch, "err", err)
		return
	}
	msg.ID = id
	s.keepChat(ch, msg)
	s.chatStore.Unlock()
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicChat, Channel: ch}}})
	s.announce(&Notice{Kind: NoticeChat, Chat: &msg})
}

// allowChat takes a token from the account's bucket (ChatPerMinute, burst
// chatBurst), at the lobby clock's time.
func (s *Service) allowChat(id int64) bool {
	now := s.clock.Now()
	s.chatMu.Lock()
	defer s.chatMu.Unlock()
	return s.chatBucketLocked(id).AllowN(now, 1)
}

// chargeChat takes a token from the bucket of an account that posted on
// another node of a cluster, even when the bucket is empty (it goes into
// debt): every node's bucket of an account counts what it said on every
// node, so that it posts ChatPerMinute a minute across the cluster, not
// that many on each node.
func (s *Service) chargeChat(id int64) {
	now := s.clock.Now()
	s.chatMu.Lock()
	defer s.chatMu.Unlock()
	s.chatBucketLocked(id).ReserveN(now, 1) // never cancelled: the message was said
}

func (s *Service) chatBucketLocked(id int64) *rate.Limiter {
	b := s.limiter[id]
	if b == nil {
		b = rate.NewLimiter(rate.Limit(float64(s.cfg.ChatPerMinute)/60), chatBurst)
		s.limiter[id] = b
	}
	return b
}

// Chat returns the last n messages of a channel (n <= 0: all kept), oldest
// first.
func (s *Service) Chat(ctx context.Context, viewer *Account, ch Channel, n int) ([]ChatMessage, error) {
	read, _, _, err := s.chatAccess(viewerID(viewer), ch)
	if err != nil {
		return nil, err
	}
	if !read {
		return nil, userErr(ErrForbidden, "the spectators' chat opens to the players when the game is over")
	}
	if n <= 0 || n > chatKeep {
		n = chatKeep
	}
	s.chatMu.Lock()
	l := s.chat[ch]
	s.chatMu.Unlock()
	if l == nil {
		s.chatStore.Lock()
		s.chatMu.Lock()
		l = s.chat[ch]
		s.chatMu.Unlock()
		if l == nil {
			msgs, err := s.store.RecentChat(ctx, ch, chatKeep)
			if err != nil {
				s.chatStore.Unlock()
				return nil, fmt.Errorf("lobby: chat: %w", err)
			}
			l = &chatLog{msgs: msgs}
			s.chatMu.Lock()
			s.chat[ch] = l
			s.chatMu.Unlock()
		}
		s.chatStore.Unlock()
	}
	s.chatMu.Lock()
	defer s.chatMu.Unlock()
	msgs := l.msgs[max(0, len(l.msgs)-n):]
	return append([]ChatMessage(nil), msgs...), nil
}

// ReceiveChat adds another node's chat message to the cached channel and
// tells the local sessions. The message takes a token from its author's
// bucket here too: the rate holds across the cluster.
func (s *Service) ReceiveChat(m ChatMessage) {
	if m.AuthorID != 0 {
		s.chargeChat(m.AuthorID)
	}
	var exclude map[int64]bool // the players, from a spectators' chat during their game
	if m.Channel.Spectators && m.Channel.Table != 0 {
		s.mu.RLock()
		t := s.tables[m.Channel.Table]
		s.mu.RUnlock()
		if t != nil {
			t.mu.Lock()
			if t.status == TablePlaying {
				exclude = map[int64]bool{}
				for _, st := range t.seats {
					if !st.bot && !st.empty() {
						exclude[st.accountID] = true
					}
				}
			}
			t.mu.Unlock()
		}
	}
	s.chatMu.Lock()
	if l := s.chat[m.Channel]; l != nil {
		l.msgs = append(l.msgs, m)
		if len(l.msgs) > chatKeep {
			l.msgs = append(l.msgs[:0:0], l.msgs[len(l.msgs)-chatKeep:]...)
		}
	}
	s.chatMu.Unlock()
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicChat, Channel: m.Channel}}, exclude: exclude})
}
