package storetest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// testDeleteChat: an operator's delete-message removes one line of any
// channel by its id and returns it with its channel; the other lines stay;
// deleting it again finds nothing.
func testDeleteChat(t *testing.T, s Store) {
	ctx := context.Background()
	acc, err := s.CreateAccount(ctx, "SHA256:ann", "ann", T0)
	require.NoError(t, err)
	var ids []int64
	for i, ch := range []lobby.Channel{{Lobby: 1}, {Table: 3, Spectators: true}, {Lobby: 1}} {
		id, err := s.AddChat(ctx, lobby.ChatMessage{Channel: ch, AuthorID: acc.ID, Handle: "ann", Text: []string{"hi", "rude", "bye"}[i], At: T0}, 200)
		require.NoError(t, err)
		ids = append(ids, id)
	}
	m, ok, err := s.DeleteChat(ctx, ids[1])
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, lobby.ChatMessage{ID: ids[1], Channel: lobby.Channel{Table: 3, Spectators: true}, AuthorID: acc.ID, Handle: "ann", Text: "rude", At: T0}, m)
	_, ok, err = s.DeleteChat(ctx, ids[1])
	require.NoError(t, err)
	require.False(t, ok)
	left, err := s.RecentChat(ctx, lobby.Channel{Table: 3, Spectators: true}, 10)
	require.NoError(t, err)
	require.Empty(t, left)
	m, ok, err = s.DeleteChat(ctx, ids[0])
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, lobby.Channel{Lobby: 1}, m.Channel)
	left, err = s.RecentChat(ctx, lobby.Channel{Lobby: 1}, 10)
	require.NoError(t, err)
	require.Len(t, left, 1)
	require.Equal(t, "bye", left[0].Text)
}
