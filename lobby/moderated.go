package lobby

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"

	"boardroom/lobby/accounts"
)

// The lobby's part of the operators' actions of issue 30 (lobby/moderation
// decides and records; this file carries them out): a muted player cannot
// write chat, a chat line is deleted everywhere, a table is closed, a
// handle is taken away.

// ErrMuted refuses a muted player's chat line (Say); its sentence says why
// and until when. It is also an ErrForbidden.
var ErrMuted = fmt.Errorf("muted: %w", ErrForbidden)

// moderated is the Service's hold on the moderation.
type moderated struct {
	// muted says why the key's account may not write chat, "" when it may
	// (moderation.Moderator.MutedText); nil: nobody is muted.
	muted atomic.Pointer[func(fp string) string]
}

// SetMuted sets how Say learns that a key is muted (cmd: the moderator).
func (s *Service) SetMuted(f func(fp string) string) { s.mod.muted.Store(&f) }

// mutedText is why acc may not write chat, or "".
func (s *Service) mutedText(acc *Account) string {
	f := s.mod.muted.Load()
	if f == nil || acc == nil || acc.Fingerprint == "" {
		return ""
	}
	if why := (*f)(acc.Fingerprint); why != "" {
		return strings.ToUpper(why[:1]) + why[1:]
	}
	return ""
}

// DeleteChatLine removes a chat line from the store and from every
// screen: the sessions of its channel here reload it, and the other nodes
// drop it too (a NoticeChat marked Deleted). It returns the line, or
// ErrNotFound.
func (s *Service) DeleteChatLine(ctx context.Context, id int64) (ChatMessage, error) {
	msg, ok, err := s.chat.Delete(context.WithoutCancel(ctx), id)
	if err != nil {
		return ChatMessage{}, s.storageErr(err)
	}
	if !ok {
		return ChatMessage{}, userErr(ErrNotFound, fmt.Sprintf("there is no chat line %d (it may have been deleted or be too old)", id))
	}
	s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicChat, Channel: msg.Channel}}})
	gone := ChatMessage{ID: msg.ID, Channel: msg.Channel, Deleted: true, At: msg.At}
	s.announce(&Notice{Kind: NoticeChat, Chat: &gone})
	return msg, nil
}

// ChatLines is a channel's last n lines as an operator reads them: every
// channel, whoever may see it (an operator must see what they delete).
func (s *Service) ChatLines(ctx context.Context, ch Channel, n int) ([]ChatMessage, error) {
	if _, _, _, err := s.chatAccess(0, ch); err != nil && ch.Lobby == 0 {
		// A table's channel: the table must exist (a private lobby's
		// tables are not visible to a guest's id 0, so look it up directly).
		if s.floor.Get(ch.Table) == nil {
			return nil, userErr(ErrNotFound, "there is no such table")
		}
	}
	return s.chat.Recent(ctx, ch, n)
}

// BanishKey is the lobby's part of a ban (lobby/moderation; cmd calls it
// for every ban of a key that starts to hold on this node): the seats of
// the key's account at the running tables this node owns take only their
// default actions from now on (floor.Banish).
func (s *Service) BanishKey(ctx context.Context, fp string) error {
	acct, err := s.AccountByFingerprint(ctx, fp)
	if err != nil || acct == nil {
		return err
	}
	s.floor.Banish(acct)
	return nil
}

// RenamedPrefix begins the handle an operator's rename gives an account
// until its player picks a new one: nobody may take such a handle.
const RenamedPrefix = accounts.RenamedPrefix

// RenamePending reports whether the account's handle was taken away by an
// operator and its player has not picked a new one yet.
func RenamePending(acc *Account) bool { return accounts.RenamePending(acc) }

// FreeHandle takes an account's handle away on an operator's word
// (accounts.Desk.FreeHandle): it is RenamedPrefix and the account's id
// until its player picks a new one. It returns the old handle.
func (s *Service) FreeHandle(ctx context.Context, acc *Account) (string, error) {
	return s.accountsDesk.FreeHandle(ctx, acc)
}

// Moderated is what the operators' commands ask of the lobby (*Service
// implements it; sshserver finds it on its lobby.API).
type Moderated interface {
	SetMuted(f func(fp string) string)
	DeleteChatLine(ctx context.Context, id int64) (ChatMessage, error)
	ChatLines(ctx context.Context, ch Channel, n int) ([]ChatMessage, error)
	CloseTable(ctx context.Context, tableID int64, reason string) error
	FreeHandle(ctx context.Context, acc *Account) (string, error)
	Reports(ctx context.Context, limit int) ([]Report, error)
}

var _ Moderated = (*Service)(nil)
