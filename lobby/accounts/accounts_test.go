package accounts

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// memStore keeps accounts in memory; handles are unique regardless of case.
type memStore struct {
	mu   sync.Mutex
	accs []*Account
}

func (m *memStore) find(f func(*Account) bool) *Account {
	for _, a := range m.accs {
		if f(a) {
			c := *a
			return &c
		}
	}
	return nil
}

func (m *memStore) AccountByFingerprint(_ context.Context, fp string) (*Account, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.find(func(a *Account) bool { return a.Fingerprint == fp }), nil
}

func (m *memStore) AccountByHandle(_ context.Context, h string) (*Account, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.find(func(a *Account) bool { return strings.EqualFold(a.Handle, h) }), nil
}

func (m *memStore) AccountByID(_ context.Context, id int64) (*Account, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.find(func(a *Account) bool { return a.ID == id }), nil
}

func (m *memStore) CreateAccount(_ context.Context, fp, h string, at time.Time) (*Account, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.find(func(a *Account) bool { return strings.EqualFold(a.Handle, h) }) != nil {
		return nil, fmt.Errorf("mem: %w", ErrHandleTaken)
	}
	a := &Account{ID: int64(len(m.accs) + 1), Fingerprint: fp, Handle: h, CreatedAt: at}
	m.accs = append(m.accs, a)
	c := *a
	return &c, nil
}

func (m *memStore) RenameAccount(_ context.Context, id int64, h string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if o := m.find(func(a *Account) bool { return strings.EqualFold(a.Handle, h) }); o != nil && o.ID != id {
		return fmt.Errorf("mem: %w", ErrHandleTaken)
	}
	for _, a := range m.accs {
		if a.ID == id {
			a.Handle = h
		}
	}
	return nil
}

func (m *memStore) EnsureBot(context.Context, string, time.Time) (*Account, error) { return nil, nil }

func TestBookCreatesRenamesAndNamesAccounts(t *testing.T) {
	b := New(&memStore{})
	ctx := context.Background()
	now := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	var changes []Change
	done := func(_ *Account, c Change, _ string) { changes = append(changes, c) }

	acc, err := b.SetHandle(ctx, "fp-a", "ada", now, done)
	require.NoError(t, err)
	h, ok := b.Handle(acc.ID)
	require.True(t, ok)
	require.Equal(t, "ada", h)

	_, err = b.SetHandle(ctx, "fp-a", "ada", now, done)
	require.NoError(t, err)
	_, err = b.SetHandle(ctx, "fp-a", "grace", now, done)
	require.NoError(t, err)
	h, _ = b.Handle(acc.ID)
	require.Equal(t, "grace", h)
	require.Equal(t, []Change{Created, Renamed}, changes, "an unchanged handle tells nobody")

	_, err = b.SetHandle(ctx, "fp-b", "GRACE", now, done)
	require.Equal(t, ErrHandleTaken, err, "the sentinel itself, not the store's wrapping")

	got, err := b.ByHandle(ctx, "Grace")
	require.NoError(t, err)
	require.Equal(t, acc.ID, got.ID)
	none, err := b.ByFingerprint(ctx, "fp-unknown")
	require.NoError(t, err)
	require.Nil(t, none)
}
