package chat

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// memStore keeps chat in memory and counts the loads.
type memStore struct {
	mu    sync.Mutex
	msgs  []Message
	loads int
	fail  error
	next  int64
}

func (m *memStore) AddChat(_ context.Context, msg Message, keep int) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return 0, m.fail
	}
	m.next++
	msg.ID = m.next
	m.msgs = append(m.msgs, msg)
	return msg.ID, nil
}

func (m *memStore) RecentChat(_ context.Context, ch Channel, n int) ([]Message, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.loads++
	var out []Message
	for _, msg := range m.msgs {
		if msg.Channel == ch {
			out = append(out, msg)
		}
	}
	return out[max(0, len(out)-n):], nil
}

func TestRoomsLoadAChannelOnceAndKeepItsLastLines(t *testing.T) {
	st := &memStore{}
	r := New(st, 20)
	ctx := context.Background()
	ch := Channel{Lobby: 1}
	_, err := r.Add(ctx, Message{Channel: ch, Text: "before the load"})
	require.NoError(t, err)
	got, err := r.Recent(ctx, ch, 0)
	require.NoError(t, err)
	require.Len(t, got, 1)
	for i := range Keep + 3 {
		_, err := r.Add(ctx, Message{Channel: ch, Text: "line", AuthorID: int64(i)})
		require.NoError(t, err)
	}
	got, err = r.Recent(ctx, ch, 0)
	require.NoError(t, err)
	require.Len(t, got, Keep, "memory keeps the last Keep lines")
	require.Equal(t, int64(Keep+4), got[len(got)-1].ID, "in the order of their ids")
	require.Equal(t, 1, st.loads, "a loaded channel is read from memory")
	got, err = r.Recent(ctx, ch, 2)
	require.NoError(t, err)
	require.Len(t, got, 2)

	r.Forget(ch)
	_, err = r.Recent(ctx, ch, 1)
	require.NoError(t, err)
	require.Equal(t, 2, st.loads, "a forgotten channel is loaded again")
}

func TestRoomsStoreFailureKeepsNothing(t *testing.T) {
	st := &memStore{}
	r := New(st, 20)
	ctx := context.Background()
	ch := Channel{Table: 7}
	_, err := r.Recent(ctx, ch, 0)
	require.NoError(t, err)
	st.fail = errors.New("disk full")
	_, err = r.Add(ctx, Message{Channel: ch, Text: "lost"})
	require.ErrorIs(t, err, st.fail)
	got, err := r.Recent(ctx, ch, 0)
	require.NoError(t, err)
	require.Empty(t, got)
}

func TestRoomsChargeFromAnotherNodeCountsAgainstTheRate(t *testing.T) {
	r := New(&memStore{}, 60) // one a second, bursts of Burst
	now := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	for range Burst {
		r.Receive(Message{Channel: Channel{Lobby: 1}, AuthorID: 9}, now)
	}
	require.False(t, r.Allow(9, now), "what the account said on other nodes used its burst here")
	require.True(t, r.Allow(8, now), "another account's bucket is its own")
	require.True(t, r.Allow(9, now.Add(time.Second)), "the bucket refills at the rate")
}
