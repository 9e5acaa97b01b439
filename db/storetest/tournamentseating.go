package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby/tournament"
)

// testTournamentSeatingLease: the seating lease moves with the round and
// reads back; while it has not expired no other node claims it; once it
// has, one claimant of two wins; only its holder releases it; a round
// that moved on is not claimed.
func testTournamentSeatingLease(t *testing.T, s Store) {
	ctx := context.Background()
	rec := tournament.Record{LobbyID: 1, Game: "unipoly", Format: tournament.Swiss, Rounds: 3, TableSize: 4,
		Options: map[string]string{}, CreatedBy: 7, CreatedAt: T0, Status: tournament.Running, Round: 0, StartedAt: T0}
	id, err := s.CreateTournament(ctx, rec)
	require.NoError(t, err)
	rec.ID = id

	// The move to round 1 takes the lease (the seater then dies).
	next := rec
	next.Round, next.SeatingNode, next.SeatingUntil = 1, "dead", T0.Add(30*time.Second)
	ok, err := s.MoveTournament(ctx, next, tournament.Running, 0)
	require.NoError(t, err)
	require.True(t, ok)
	got, err := s.Tournaments(ctx)
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, next, got[0], "the lease reads back with the round")

	ok, err = s.ClaimSeating(ctx, id, 1, "b", T0.Add(60*time.Second), T0.Add(29*time.Second))
	require.NoError(t, err)
	require.False(t, ok, "the lease has not expired")
	ok, err = s.ClaimSeating(ctx, id, 1, "b", T0.Add(61*time.Second), T0.Add(31*time.Second))
	require.NoError(t, err)
	require.True(t, ok, "the lease expired")
	ok, err = s.ClaimSeating(ctx, id, 1, "c", T0.Add(61*time.Second), T0.Add(31*time.Second))
	require.NoError(t, err)
	require.False(t, ok, "b claimed it first")
	ok, err = s.ClaimSeating(ctx, id, 2, "c", T0.Add(200*time.Second), T0.Add(100*time.Second))
	require.NoError(t, err)
	require.False(t, ok, "not the current round")

	require.NoError(t, s.ReleaseSeating(ctx, id, 1, "dead"))
	got, err = s.Tournaments(ctx)
	require.NoError(t, err)
	require.Equal(t, "b", got[0].SeatingNode, "only the holder releases")
	require.Equal(t, T0.Add(61*time.Second), got[0].SeatingUntil)
	require.NoError(t, s.ReleaseSeating(ctx, id, 1, "b"))
	got, err = s.Tournaments(ctx)
	require.NoError(t, err)
	next.SeatingNode, next.SeatingUntil = "", time.Time{}
	require.Equal(t, next, got[0], "released once the round's tables are linked")
}

// testTournamentJoinOpen: a join is written only while the tournament is
// open; once it started (on another node) the join is refused and
// nothing is written; a second join of the same player writes nothing.
func testTournamentJoinOpen(t *testing.T, s Store) {
	ctx := context.Background()
	rec := tournament.Record{LobbyID: 1, Game: "unipoly", Format: tournament.Swiss, Rounds: 3, TableSize: 4,
		Options: map[string]string{}, CreatedBy: 7, CreatedAt: T0, Status: tournament.Open}
	id, err := s.CreateTournament(ctx, rec)
	require.NoError(t, err)
	rec.ID = id

	ok, err := s.JoinOpen(ctx, id, tournament.EntryRecord{Player: 7, JoinedAt: T0})
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = s.JoinOpen(ctx, id, tournament.EntryRecord{Player: 7, JoinedAt: T0.Add(time.Second)})
	require.NoError(t, err)
	require.False(t, ok, "joined already")

	started := rec
	started.Status, started.Round, started.StartedAt = tournament.Running, 1, T0.Add(time.Minute)
	moved, err := s.MoveTournament(ctx, started, tournament.Open, 0)
	require.NoError(t, err)
	require.True(t, moved)
	ok, err = s.JoinOpen(ctx, id, tournament.EntryRecord{Player: 8, JoinedAt: T0.Add(2 * time.Minute)})
	require.NoError(t, err)
	require.False(t, ok, "it started first")
	entries, err := s.Entries(ctx, id)
	require.NoError(t, err)
	require.Equal(t, []tournament.EntryRecord{{Player: 7, JoinedAt: T0}}, entries)
}
