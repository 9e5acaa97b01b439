package db

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

func TestImportedMark(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "b.db"), nil)
	require.NoError(t, err)
	defer s.Close()
	at := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	acc, err := s.CreateAccount(ctx, "SHA256:ada", "ada", at)
	require.NoError(t, err)
	mk := func() int64 {
		id, err := s.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: acc.ID,
			Status: lobby.TableAbandoned, Seats: []lobby.SeatRecord{{AccountID: acc.ID}, {}}, CreatedAt: at, UpdatedAt: at})
		require.NoError(t, err)
		return id
	}
	a, b := mk(), mk()
	require.NoError(t, s.MarkImported(ctx, b, 7, at))
	got, err := s.Imported(ctx, b)
	require.NoError(t, err)
	require.True(t, got)
	got, err = s.Imported(ctx, a)
	require.NoError(t, err)
	require.False(t, got)
	require.Error(t, s.MarkImported(ctx, b, 7, at), "a table is imported once")
	require.Error(t, s.MarkImported(ctx, 9999, 7, at), "only tables that exist")
}
