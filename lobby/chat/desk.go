package chat

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
)

// The chat as sessions ask for it (package lobby's Chatter, which
// *lobby.Service implements by embedding a Desk): a line's text and rate
// are checked here, Rooms keeps it, and who may read and write a channel,
// and telling the sessions and the other nodes, are the live lobby's,
// asked through Host.

// MaxRunes is the longest chat line, in characters.
const MaxRunes = 300

// Host is what the chat's sessions' side asks the live lobby. Package
// lobby's Service implements it through a small adapter.
type Host interface {
	// Access says whether viewer may read and write the channel, and which
	// accounts must not even hear of new lines there.
	Access(viewer int64, ch Channel) (read, write bool, exclude map[int64]bool, err error)
	// Handle is an account's handle.
	Handle(accountID int64) string
	// Closing reports whether the server is shutting down.
	Closing() bool
	// Now is the lobby's clock.
	Now() time.Time
	// Said tells the sessions of a new line (not those in exclude), rings
	// the players a player's line names, and tells the other nodes.
	Said(m Message, exclude map[int64]bool)
	// StorageErr logs a store failure and words it for players.
	StorageErr(err error) error
	// Muted is the refusal of a line from acc while an operator's mute
	// holds (its sentence says why and until when); nil when acc may write.
	Muted(acc *accounts.Account) error
	// Visible is msgs without the lines viewer chose not to see (the
	// players viewer blocks).
	Visible(viewer *accounts.Account, msgs []Message) []Message
}

// Desk is the sessions' side of the chat.
type Desk struct {
	rooms    *Rooms
	host     Host
	sanitize func(s string, max int) string // makes typed text safe to show (lobby.Sanitize)
	bg       context.Context                // for the server's notices
	log      *slog.Logger
}

// NewDesk serves rooms.
func NewDesk(bg context.Context, rooms *Rooms, host Host, sanitize func(s string, max int) string, log *slog.Logger) *Desk {
	return &Desk{rooms: rooms, host: host, sanitize: sanitize, bg: bg, log: log}
}

// Say posts a message to a chat channel. The text is sanitised and cut to
// 300 characters; each account may post ChatPerMinute messages a minute
// (bursts of five).
func (s *Desk) Say(ctx context.Context, acc *accounts.Account, ch Channel, text string) error {
	if err := accounts.Player(acc); err != nil {
		return err
	}
	text = s.sanitize(text, MaxRunes)
	if text == "" {
		return errs.ErrEmptyMessage
	}
	_, write, exclude, err := s.host.Access(acc.ID, ch)
	if err != nil {
		return err
	}
	if !write {
		if ch.Spectators {
			return errs.User(errs.ErrForbidden, "players cannot use the spectators' chat during the game")
		}
		return errs.User(errs.ErrForbidden, "only the players can talk at the table during the game; use the spectators' chat")
	}
	if err := s.host.Muted(acc); err != nil {
		return err
	}
	if s.host.Closing() {
		return errs.ErrShuttingDown
	}
	if !s.rooms.Allow(acc.ID, s.host.Now()) {
		return errs.ErrRateLimited
	}
	msg := Message{Channel: ch, AuthorID: acc.ID, Handle: s.host.Handle(acc.ID), Text: text, At: s.host.Now().UTC()}
	msg, err = s.rooms.Add(context.WithoutCancel(ctx), msg)
	if err != nil {
		return s.host.StorageErr(err)
	}
	s.host.Said(msg, exclude)
	return nil
}

// Notice posts a notice of the server to a channel: stored like any
// line, so that someone who comes back later reads it. A failure is logged.
func (s *Desk) Notice(ch Channel, text string) {
	msg := Message{Channel: ch, Text: s.sanitize(text, MaxRunes), System: true, At: s.host.Now().UTC()}
	msg, err := s.rooms.Add(s.bg, msg)
	if err != nil {
		s.log.Error("storing a notice failed", "channel", ch, "err", err)
		return
	}
	s.host.Said(msg, nil)
}

// Chat returns the last n messages of a channel (n <= 0: all kept), oldest
// first.
func (s *Desk) Chat(ctx context.Context, viewer *accounts.Account, ch Channel, n int) ([]Message, error) {
	viewerID := int64(0)
	if viewer != nil {
		viewerID = viewer.ID
	}
	read, _, _, err := s.host.Access(viewerID, ch)
	if err != nil {
		return nil, err
	}
	if !read {
		return nil, errs.User(errs.ErrForbidden, "the spectators' chat opens to the players when the game is over")
	}
	msgs, err := s.rooms.Recent(ctx, ch, n)
	if err != nil {
		return nil, fmt.Errorf("lobby: chat: %w", err)
	}
	return s.host.Visible(viewer, msgs), nil
}
