package db

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/db/storetest"
	"boardroom/lobby"
)

func count(t *testing.T, s *Store, q string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, s.r.QueryRowContext(context.Background(), q, args...).Scan(&n))
	return n
}

// TestFailedEndRollsBackResultsAndRatings: the table's end, its results and
// its ratings are one transaction, whichever stage fails (the store suite
// checks failures every store can be made to have).
func TestFailedEndRollsBackResultsAndRatings(t *testing.T) {
	s, _ := openTest(t)
	f := storetest.NewRated(t, s, 2)
	team, err := f.S.CreateLobby(f.Ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: f.IDs[0], InviteCode: "ABCD2345", CreatedAt: t0})
	require.NoError(t, err)
	id := f.Playing(team, f.IDs...)
	errBoom := errors.New("boom")
	for _, stage := range []string{"results", "ratings"} {
		s.failFinish = func(at string) error {
			if at == stage {
				return errBoom
			}
			return nil
		}
		require.ErrorIs(t, f.S.FinishGame(f.Ctx, f.End(id, team, f.IDs, []int{1, 2})), errBoom, stage)
		require.Zero(t, count(t, s, `SELECT COUNT(*) FROM results`), stage)
		require.Zero(t, count(t, s, `SELECT COUNT(*) FROM ratings`), stage)
		require.Zero(t, count(t, s, `SELECT COUNT(*) FROM rating_history`), stage)
		require.Equal(t, 1, count(t, s, `SELECT COUNT(*) FROM games WHERE id = ? AND status = 'playing' AND rated = 0`, id), stage)
	}
	// A rating the model refuses fails the whole end too.
	s.failFinish = nil
	bad := f.End(id, team, f.IDs, []int{1, 5})
	require.Error(t, f.S.FinishGame(f.Ctx, bad))
	require.Zero(t, count(t, s, `SELECT COUNT(*) FROM results`))

	require.NoError(t, f.S.FinishGame(f.Ctx, f.End(id, team, f.IDs, []int{1, 2})))
	require.Equal(t, 2, count(t, s, `SELECT COUNT(*) FROM results`))
	require.Equal(t, 2, count(t, s, `SELECT COUNT(*) FROM ratings`), "the lobby's ladder only")
	require.Equal(t, 1, count(t, s, `SELECT COUNT(*) FROM games WHERE id = ? AND status = 'finished' AND rated = 1`, id))
}
