package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"boardroom/lobby/errs"
)

// The accounts as sessions ask for them (package lobby's Accounts, which
// *lobby.Service implements by embedding a Desk): handles are checked here,
// the Book makes the change, and the live lobby tells the sessions and the
// other nodes through Host.

// Host is what the accounts' sessions' side asks the live lobby. Package
// lobby's Service implements it through a small adapter.
type Host interface {
	// Now is the lobby's clock.
	Now() time.Time
	// Closing reports whether the server is shutting down.
	Closing() bool
	// Renamed tells the account's sessions that it was renamed.
	Renamed(accountID int64)
	// Changed tells the other nodes of the account's new handle.
	Changed(acc *Account)
}

// Desk is the sessions' side of the accounts.
type Desk struct {
	book *Book
	host Host
	log  *slog.Logger
}

// NewDesk serves book.
func NewDesk(book *Book, host Host, log *slog.Logger) *Desk {
	return &Desk{book: book, host: host, log: log}
}

// AccountByFingerprint returns the account of a key, or nil, nil if the key
// has none yet.
func (s *Desk) AccountByFingerprint(ctx context.Context, fp string) (*Account, error) {
	if fp == "" {
		return nil, nil
	}
	return s.book.ByFingerprint(ctx, fp)
}

// AccountByHandle returns the account with the handle (compared without
// regard to case), or ErrNotFound.
func (s *Desk) AccountByHandle(ctx context.Context, handle string) (*Account, error) {
	if !ValidHandle(handle) {
		return nil, errs.User(errs.ErrNotFound, "nobody has that handle")
	}
	acc, err := s.book.ByHandle(ctx, handle)
	if err != nil {
		return nil, err
	}
	if acc == nil {
		return nil, errs.User(errs.ErrNotFound, "nobody has that handle")
	}
	return acc, nil
}

// RenamedPrefix begins the handle an operator's rename gives an account
// until its player picks a new one (package lobby's moderation): nobody
// may choose such a handle.
const RenamedPrefix = "renamed-"

// reservedNames are handles nobody may take: the server's notices, the
// names players read as the server's staff, and the server's own name.
var reservedNames = map[string]bool{"server": true, "system": true, "guest": true, "admin": true, "administrator": true,
	"mod": true, "moderator": true, "operator": true, "root": true, "staff": true, "support": true, "official": true,
	"boardroom": true}

// reservedHandle reports handles players may not take: bots' (beginning
// with "bot") and reservedNames.
func reservedHandle(h string) bool {
	l := strings.ToLower(h)
	return strings.HasPrefix(l, "bot") || strings.HasPrefix(l, RenamedPrefix) || reservedNames[l]
}

// SetHandle creates the account of a key with the handle on first call, and
// renames it afterwards. Handles are unique regardless of case.
func (s *Desk) SetHandle(ctx context.Context, fp, handle string) (*Account, error) {
	if fp == "" {
		return nil, errs.ErrGuest
	}
	if !ValidHandle(handle) {
		return nil, errs.ErrBadHandle
	}
	if reservedHandle(handle) {
		return nil, reservedHandleError{}
	}
	if s.host.Closing() {
		return nil, errs.ErrShuttingDown
	}
	return s.book.SetHandle(ctx, fp, handle, s.host.Now().UTC(), func(acc *Account, change Change, was string) {
		switch change {
		case Created:
			s.log.Info("account created", "id", acc.ID, "handle", acc.Handle)
		case Renamed:
			s.log.Info("account renamed", "id", acc.ID, "from", was, "to", acc.Handle)
			s.host.Renamed(acc.ID)
		}
		s.host.Changed(acc)
	})
}

// ValidHandle reports whether h is a valid handle: 3-16 characters of
// ASCII letters, digits, '-' and '_'.
func ValidHandle(h string) bool {
	if len(h) < 3 || len(h) > 16 {
		return false
	}
	for _, r := range h {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// reservedHandle is refused by SetHandle: bots and server notices use these.
type reservedHandleError struct{}

func (reservedHandleError) Error() string {
	return `handles beginning with "bot" or "renamed-" are reserved, and so are "server", "system", "guest", "admin", "administrator", "mod", "moderator", "operator", "root", "staff", "support", "official" and "boardroom"`
}

func (reservedHandleError) Is(target error) bool { return target == errs.ErrBadHandle }

// RenamePending reports whether the account's handle was taken away by an
// operator and its player has not picked a new one yet.
func RenamePending(acc *Account) bool {
	return acc != nil && strings.HasPrefix(strings.ToLower(acc.Handle), RenamedPrefix)
}

// FreeHandle takes an account's handle away on an operator's word: the
// account (its games, ratings and lobbies stay its own) is called
// RenamedPrefix and its id until its player picks a new handle, and the
// old handle is free at once. It returns the old handle.
func (s *Desk) FreeHandle(ctx context.Context, acc *Account) (string, error) {
	if acc == nil || acc.Fingerprint == "" {
		return "", errs.User(errs.ErrNotFound, "bots keep their names")
	}
	if RenamePending(acc) {
		return "", errs.User(errs.ErrBadHandle, acc.Handle+" already has to choose a new handle")
	}
	was := acc.Handle
	_, err := s.book.SetHandle(ctx, acc.Fingerprint, fmt.Sprintf("%s%d", RenamedPrefix, acc.ID), s.host.Now().UTC(),
		func(a *Account, _ Change, from string) {
			s.log.Info("handle taken away by an operator", "id", a.ID, "from", from, "to", a.Handle)
			s.host.Renamed(a.ID)
			s.host.Changed(a)
		})
	if err != nil {
		if errors.Is(err, ErrHandleTaken) {
			return "", fmt.Errorf("lobby: the placeholder handle of account %d is taken: %w", acc.ID, err)
		}
		return "", err
	}
	return was, nil
}
