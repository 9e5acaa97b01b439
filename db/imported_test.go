package db

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
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

	// DealTable finds a table by game and exact seed.
	c := mk()
	for i, seed := range []uint64{12, 123, 1<<64 - 1} {
		rec := lobby.TableRecord{ID: []int64{a, b, c}[i], HostID: acc.ID, Status: lobby.TablePlaying,
			Seats: []lobby.SeatRecord{{AccountID: acc.ID}}, Setup: &engine.Setup{Seats: 1, Seed: seed,
				Options: map[string]string{"note": `"seed":99`}}, UpdatedAt: at}
		require.NoError(t, s.SaveTable(ctx, rec))
	}
	for seed, want := range map[uint64]int64{12: a, 123: b, 1<<64 - 1: c, 1: 0, 99: 0, 1<<64 - 2: 0} {
		id, lobbyID, err := s.DealTable(ctx, "testgame", seed)
		require.NoError(t, err)
		require.Equal(t, want, id, "seed %d", seed)
		if want != 0 {
			require.Equal(t, lobby.PublicLobbyID, lobbyID)
		}
	}
	id, _, err := s.DealTable(ctx, "unipoly", 12)
	require.NoError(t, err)
	require.Zero(t, id, "another game with the same seed is another deal")
}
