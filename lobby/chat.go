package lobby

import (
	"context"
	"fmt"
)

// The chat's state, its store writes and its rates are lobby/chat's
// (s.chat); this file decides who may read and write which channel, and
// tells the sessions.

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
	if why := s.mutedText(acc); why != "" {
		return userErr(ErrMuted, why)
	}
	if s.shuttingDown() {
		return ErrShuttingDown
	}
	if !s.chat.Allow(acc.ID, s.clock.Now()) {
		return ErrRateLimited
	}
	msg := ChatMessage{Channel: ch, AuthorID: acc.ID, Handle: s.handle(acc.ID), Text: text, At: s.clock.Now().UTC()}
	msg, err = s.chat.Add(context.WithoutCancel(ctx), msg)
	if err != nil {
		return s.storageErr(err)
	}
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicChat, Channel: ch}}, exclude: exclude})
	s.hub.publish(s.mentionBells(msg)...)
	s.announce(&Notice{Kind: NoticeChat, Chat: &msg})
	return nil
}

// systemSay posts a notice of the server to a channel: stored like any
// line, so that someone who comes back later reads it. A failure is logged.
func (s *Service) systemSay(ch Channel, text string) {
	msg := ChatMessage{Channel: ch, Text: Sanitize(text, chatMaxRunes), System: true, At: s.clock.Now().UTC()}
	msg, err := s.chat.Add(s.bg, msg)
	if err != nil {
		s.log.Error("storing a notice failed", "channel", ch, "err", err)
		return
	}
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicChat, Channel: ch}}})
	s.announce(&Notice{Kind: NoticeChat, Chat: &msg})
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
	msgs, err := s.chat.Recent(ctx, ch, n)
	if err != nil {
		return nil, fmt.Errorf("lobby: chat: %w", err)
	}
	return s.withoutBlocked(viewer, msgs), nil // blocks.go
}

// ReceiveChat adds another node's chat message to the cached channel and
// tells the local sessions. The message takes a token from its author's
// bucket here too: the rate holds across the cluster.
func (s *Service) ReceiveChat(m ChatMessage) {
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
	s.chat.Receive(m, s.clock.Now())
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicChat, Channel: m.Channel}}, exclude: exclude})
	if !m.System {
		s.hub.publish(s.mentionBells(m)...)
	}
}
