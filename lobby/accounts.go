package lobby

import (
	"context"
	"strings"

	"boardroom/lobby/accounts"
)

// The accounts, the handles cache and account changes are lobby/accounts'
// (s.accounts); this file checks handles and tells the sessions and the
// other nodes.

// AccountByFingerprint returns the account of a key, or nil, nil if the key
// has none yet.
func (s *Service) AccountByFingerprint(ctx context.Context, fp string) (*Account, error) {
	if fp == "" {
		return nil, nil
	}
	return s.accounts.ByFingerprint(ctx, fp)
}

// AccountByHandle returns the account with the handle (compared without
// regard to case), or ErrNotFound.
func (s *Service) AccountByHandle(ctx context.Context, handle string) (*Account, error) {
	if !ValidHandle(handle) {
		return nil, userErr(ErrNotFound, "nobody has that handle")
	}
	acc, err := s.accounts.ByHandle(ctx, handle)
	if err != nil {
		return nil, err
	}
	if acc == nil {
		return nil, userErr(ErrNotFound, "nobody has that handle")
	}
	return acc, nil
}

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
func (s *Service) SetHandle(ctx context.Context, fp, handle string) (*Account, error) {
	if fp == "" {
		return nil, ErrGuest
	}
	if !ValidHandle(handle) {
		return nil, ErrBadHandle
	}
	if reservedHandle(handle) {
		return nil, reservedHandleError{}
	}
	if s.shuttingDown() {
		return nil, ErrShuttingDown
	}
	return s.accounts.SetHandle(ctx, fp, handle, s.clock.Now().UTC(), func(acc *Account, change accounts.Change, was string) {
		switch change {
		case accounts.Created:
			s.log.Info("account created", "id", acc.ID, "handle", acc.Handle)
		case accounts.Renamed:
			s.log.Info("account renamed", "id", acc.ID, "from", was, "to", acc.Handle)
			s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: acc.ID})
		}
		s.announce(&Notice{Kind: NoticeHandle, AccountID: acc.ID, Handle: acc.Handle})
	})
}
