package lobby

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// AccountByFingerprint returns the account of a key, or nil, nil if the key
// has none yet.
func (s *Service) AccountByFingerprint(ctx context.Context, fp string) (*Account, error) {
	if fp == "" {
		return nil, nil
	}
	acc, err := s.store.AccountByFingerprint(ctx, fp)
	if err != nil {
		return nil, fmt.Errorf("lobby: account lookup: %w", err)
	}
	if acc != nil {
		s.setHandle(acc.ID, acc.Handle)
	}
	return acc, nil
}

// AccountByHandle returns the account with the handle (compared without
// regard to case), or ErrNotFound.
func (s *Service) AccountByHandle(ctx context.Context, handle string) (*Account, error) {
	if !ValidHandle(handle) {
		return nil, userErr(ErrNotFound, "nobody has that handle")
	}
	acc, err := s.store.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, fmt.Errorf("lobby: account lookup: %w", err)
	}
	if acc == nil {
		return nil, userErr(ErrNotFound, "nobody has that handle")
	}
	s.setHandle(acc.ID, acc.Handle)
	return acc, nil
}

// reservedHandle reports handles players may not take.
func reservedHandle(h string) bool {
	l := strings.ToLower(h)
	return strings.HasPrefix(l, "bot") || l == "server" || l == "system" || l == "guest"
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
	s.accMu.Lock()
	defer s.accMu.Unlock()
	acc, err := s.store.AccountByFingerprint(ctx, fp)
	if err != nil {
		return nil, fmt.Errorf("lobby: account lookup: %w", err)
	}
	if acc == nil {
		acc, err = s.store.CreateAccount(ctx, fp, handle, s.clock.Now().UTC())
		if err != nil {
			if errors.Is(err, ErrHandleTaken) {
				return nil, ErrHandleTaken
			}
			return nil, fmt.Errorf("lobby: create account: %w", err)
		}
		s.setHandle(acc.ID, acc.Handle)
		s.log.Info("account created", "id", acc.ID, "handle", acc.Handle)
		s.announce(&Notice{Kind: NoticeHandle, AccountID: acc.ID, Handle: acc.Handle})
		return acc, nil
	}
	if acc.Handle == handle {
		return acc, nil
	}
	if err := s.store.RenameAccount(ctx, acc.ID, handle); err != nil {
		if errors.Is(err, ErrHandleTaken) {
			return nil, ErrHandleTaken
		}
		return nil, fmt.Errorf("lobby: rename account: %w", err)
	}
	s.log.Info("account renamed", "id", acc.ID, "from", acc.Handle, "to", handle)
	acc.Handle = handle
	s.setHandle(acc.ID, handle)
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: acc.ID})
	s.announce(&Notice{Kind: NoticeHandle, AccountID: acc.ID, Handle: handle})
	return acc, nil
}
