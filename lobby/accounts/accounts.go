// Package accounts keeps the players' and bots' accounts of one node: the
// store's accounts, the handles it has seen (every screen names players by
// them), and account creation and renames, one at a time. It has its own
// locks, so naming a player never waits on the tables or the lobbies; the
// live lobby (package lobby, which re-exports its types) composes it.
// Desk (desk.go) is the sessions' side: it checks handles and asks the
// live lobby, through Host, to tell the sessions and the other nodes. Of the lobby it imports
// only its errors (lobby/errs).
package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"boardroom/lobby/errs"
)

// Account is a player (or a bot: Bot is true and Fingerprint empty).
type Account struct {
	ID          int64     `json:"id"`
	Fingerprint string    `json:"fingerprint,omitempty"`
	Handle      string    `json:"handle"`
	Bot         bool      `json:"bot,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

// Player checks that acc is a player with a handle: a guest (nil), an
// account without a handle yet and a bot are refused.
func Player(acc *Account) error {
	switch {
	case acc == nil:
		return errs.ErrGuest
	case acc.ID == 0:
		return errs.ErrNoHandle
	case acc.Bot:
		return errs.ErrForbidden
	}
	return nil
}

// ErrHandleTaken: another account has the handle (compared without regard
// to case). Stores return it wrapped.
var ErrHandleTaken = errors.New("that handle is taken")

// Store keeps accounts. Methods returning a single account return nil, nil
// when there is none. CreateAccount and RenameAccount return an error
// wrapping ErrHandleTaken when another account already has the handle
// (compared case-insensitively).
type Store interface {
	AccountByFingerprint(ctx context.Context, fp string) (*Account, error)
	AccountByHandle(ctx context.Context, handle string) (*Account, error)
	AccountByID(ctx context.Context, id int64) (*Account, error)
	CreateAccount(ctx context.Context, fp, handle string, at time.Time) (*Account, error)
	RenameAccount(ctx context.Context, id int64, handle string) error
	// EnsureBot returns the bot account with the handle, creating it.
	EnsureBot(ctx context.Context, handle string, at time.Time) (*Account, error)
}

// Book is the accounts of a node. Its methods are safe for concurrent use.
type Book struct {
	store Store

	writes sync.Mutex // serialises account creation and renames

	mu       sync.RWMutex // guards handles and byHandle
	handles  map[int64]string
	byHandle map[string]int64 // lower-cased handle -> account
}

// New returns the book over store.
func New(store Store) *Book {
	return &Book{store: store, handles: map[int64]string{}, byHandle: map[string]int64{}}
}

// Handle is the handle the node has seen for the account.
func (b *Book) Handle(id int64) (string, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	h, ok := b.handles[id]
	return h, ok
}

// Learn records the account's handle.
func (b *Book) Learn(id int64, handle string) {
	b.mu.Lock()
	if old, ok := b.handles[id]; ok && b.byHandle[strings.ToLower(old)] == id {
		delete(b.byHandle, strings.ToLower(old))
	}
	b.handles[id] = handle
	b.byHandle[strings.ToLower(handle)] = id
	b.mu.Unlock()
}

// ByFingerprint returns the account of a key, or nil, nil if the key has
// none yet.
func (b *Book) ByFingerprint(ctx context.Context, fp string) (*Account, error) {
	acc, err := b.store.AccountByFingerprint(ctx, fp)
	if err != nil {
		return nil, fmt.Errorf("lobby: account lookup: %w", err)
	}
	if acc != nil {
		b.Learn(acc.ID, acc.Handle)
	}
	return acc, nil
}

// ByHandle returns the account with the handle, or nil, nil.
func (b *Book) ByHandle(ctx context.Context, handle string) (*Account, error) {
	acc, err := b.store.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, fmt.Errorf("lobby: account lookup: %w", err)
	}
	if acc != nil {
		b.Learn(acc.ID, acc.Handle)
	}
	return acc, nil
}

// Change is what SetHandle did.
type Change int

// Changes.
const (
	Unchanged Change = iota // the account had the handle
	Created                 // a new account
	Renamed                 // the account's handle changed
)

// SetHandle creates the account of a key with the handle, or renames it,
// one account change at a time; done is called before the next may start,
// so that what the node tells of renames comes in their order. The handle
// was checked by the caller.
func (b *Book) SetHandle(ctx context.Context, fp, handle string, now time.Time, done func(acc *Account, change Change, was string)) (*Account, error) {
	b.writes.Lock()
	defer b.writes.Unlock()
	acc, err := b.store.AccountByFingerprint(ctx, fp)
	if err != nil {
		return nil, fmt.Errorf("lobby: account lookup: %w", err)
	}
	if acc == nil {
		acc, err = b.store.CreateAccount(ctx, fp, handle, now)
		if err != nil {
			if errors.Is(err, ErrHandleTaken) {
				return nil, ErrHandleTaken
			}
			return nil, fmt.Errorf("lobby: create account: %w", err)
		}
		b.Learn(acc.ID, acc.Handle)
		done(acc, Created, "")
		return acc, nil
	}
	if acc.Handle == handle {
		return acc, nil
	}
	if err := b.store.RenameAccount(ctx, acc.ID, handle); err != nil {
		if errors.Is(err, ErrHandleTaken) {
			return nil, ErrHandleTaken
		}
		return nil, fmt.Errorf("lobby: rename account: %w", err)
	}
	was := acc.Handle
	acc.Handle = handle
	b.Learn(acc.ID, handle)
	done(acc, Renamed, was)
	return acc, nil
}

// ID is the account the node has seen with the handle (compared without
// regard to case).
func (b *Book) ID(handle string) (int64, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	id, ok := b.byHandle[strings.ToLower(handle)]
	return id, ok
}
