package chat

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func (m *memStore) DeleteChat(_ context.Context, id int64) (Message, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, msg := range m.msgs {
		if msg.ID == id {
			m.msgs = append(m.msgs[:i:i], m.msgs[i+1:]...)
			return msg, true, nil
		}
	}
	return Message{}, false, nil
}

// TestDeleteMessageLeavesTheStoreAndTheTailAndAnotherNodesTail: an
// operator's delete-message removes the line from the store and from the
// channel's lines in memory; another node that hears of it (a Message
// marked Deleted) drops it from its own tail without charging anyone.
func TestDeleteMessageLeavesTheStoreAndTheTailAndAnotherNodesTail(t *testing.T) {
	ctx := context.Background()
	st := &memStore{}
	here, there := New(st, 60), New(st, 60)
	ch := Channel{Lobby: 1}
	var ids []int64
	for _, text := range []string{"hello", "something rude", "bye"} {
		m, err := here.Add(ctx, Message{Channel: ch, AuthorID: 7, Handle: "ann", Text: text, At: time.Unix(0, 0)})
		require.NoError(t, err)
		ids = append(ids, m.ID)
	}
	_, err := there.Recent(ctx, ch, 0) // the other node has the channel loaded
	require.NoError(t, err)

	gone, ok, err := here.Delete(ctx, ids[1])
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, "something rude", gone.Text)
	require.Equal(t, ch, gone.Channel)
	there.Receive(Message{ID: gone.ID, Channel: gone.Channel, Deleted: true}, time.Unix(0, 0))

	for name, r := range map[string]*Rooms{"here": here, "there": there} {
		msgs, err := r.Recent(ctx, ch, 0)
		require.NoError(t, err)
		var texts []string
		for _, m := range msgs {
			texts = append(texts, m.Text)
		}
		require.Equal(t, []string{"hello", "bye"}, texts, name)
	}
	fresh := New(st, 60) // a node that loads the channel after the delete
	msgs, err := fresh.Recent(ctx, ch, 0)
	require.NoError(t, err)
	require.Len(t, msgs, 2)

	_, ok, err = here.Delete(ctx, ids[1])
	require.NoError(t, err)
	require.False(t, ok, "a line deleted twice")
}
