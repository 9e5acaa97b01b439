package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby/tournament"
)

// testTournaments: a tournament reads back as created and as saved; its
// entries keep their joining order and their withdrawn and absent marks;
// a player who left before the start is gone; its games link their tables
// to it, in round and table order, and read back their seats and placings.
func testTournaments(t *testing.T, s Store) {
	ctx := context.Background()
	none, err := s.Tournaments(ctx)
	require.NoError(t, err)
	require.Empty(t, none)

	swiss := tournament.Record{LobbyID: 1, Game: "unipoly", Format: tournament.Swiss, Rounds: 3, TableSize: 4,
		Options: map[string]string{"endMode": "minutes:90"}, CreatedBy: 7, CreatedAt: T0, Status: tournament.Open,
		StartsAt: T0.Add(time.Hour), Seed: 42}
	id, err := s.CreateTournament(ctx, swiss)
	require.NoError(t, err)
	require.Positive(t, id)
	swiss.ID = id
	arena := tournament.Record{LobbyID: 2, Game: "aitg", Format: tournament.Arena, Minutes: 60, TableSize: 3,
		Options: map[string]string{}, Pace: "", CreatedBy: 8, CreatedAt: T0.Add(time.Minute), Status: tournament.Open}
	aid, err := s.CreateTournament(ctx, arena)
	require.NoError(t, err)
	require.Greater(t, aid, id)
	arena.ID = aid

	got, err := s.Tournaments(ctx)
	require.NoError(t, err)
	require.Equal(t, []tournament.Record{swiss, arena}, got)

	swiss.Status, swiss.Round, swiss.StartedAt = tournament.Running, 2, T0.Add(time.Hour)
	arena.Status, arena.StartedAt, arena.EndsAt, arena.EndedAt = tournament.Finished, T0, T0.Add(time.Hour), T0.Add(70*time.Minute)
	require.NoError(t, s.SaveTournament(ctx, swiss))
	require.NoError(t, s.SaveTournament(ctx, arena))
	got, err = s.Tournaments(ctx)
	require.NoError(t, err)
	require.Equal(t, []tournament.Record{swiss, arena}, got)

	// MoveTournament is a compare-and-set on the status and round: the
	// first of two nodes that saw round 2 seats round 3, the second is told.
	next := swiss
	next.Round = 3
	ok, err := s.MoveTournament(ctx, next, tournament.Running, 2)
	require.NoError(t, err)
	require.True(t, ok)
	late := swiss
	late.Round, late.Status = 3, tournament.Finished
	ok, err = s.MoveTournament(ctx, late, tournament.Running, 2)
	require.NoError(t, err)
	require.False(t, ok, "round 2 was moved on already")
	swiss = next
	got, err = s.Tournaments(ctx)
	require.NoError(t, err)
	require.Equal(t, []tournament.Record{swiss, arena}, got)

	for i, p := range []tournament.PlayerID{7, 3, 9} {
		require.NoError(t, s.SaveEntry(ctx, id, tournament.EntryRecord{Player: p, JoinedAt: T0.Add(time.Duration(i) * time.Second)}))
	}
	require.NoError(t, s.SaveEntry(ctx, aid, tournament.EntryRecord{Player: 3, JoinedAt: T0}))
	require.NoError(t, s.DeleteEntry(ctx, id, 9))
	require.NoError(t, s.SaveEntry(ctx, id, tournament.EntryRecord{Player: 3, JoinedAt: T0.Add(time.Hour), Withdrawn: true}))
	require.NoError(t, s.SaveEntry(ctx, id, tournament.EntryRecord{Player: 7, JoinedAt: T0, Absent: true}))
	entries, err := s.Entries(ctx, id)
	require.NoError(t, err)
	require.Equal(t, []tournament.EntryRecord{
		{Player: 7, JoinedAt: T0, Absent: true},
		{Player: 3, JoinedAt: T0.Add(time.Second), Withdrawn: true}, // joining keeps its first time
	}, entries)

	g2 := tournament.GameRecord{TableID: 31, Game: tournament.Game{Round: 2, Table: 1,
		Seats: []tournament.Seat{{Player: 3}, {Player: 7}, {Bot: true}}}}
	g1 := tournament.GameRecord{TableID: 40, Game: tournament.Game{Round: 1, Table: 2,
		Seats: []tournament.Seat{{Player: 7, Placing: 2}, {Bot: true, Placing: 1}}, Finished: true}}
	require.NoError(t, s.SaveTournamentGame(ctx, id, g2))
	require.NoError(t, s.SaveTournamentGame(ctx, id, g1))
	g2.Seats[0].Placing, g2.Seats[1].Placing, g2.Seats[2].Placing, g2.Finished = 1, 1, 3, true
	require.NoError(t, s.SaveTournamentGame(ctx, id, g2))
	games, err := s.TournamentGames(ctx, id)
	require.NoError(t, err)
	require.Equal(t, []tournament.GameRecord{g1, g2}, games)
	games, err = s.TournamentGames(ctx, aid)
	require.NoError(t, err)
	require.Empty(t, games)

	of, err := s.TournamentOfTable(ctx, 31)
	require.NoError(t, err)
	require.Equal(t, id, of)
	of, err = s.TournamentOfTable(ctx, 32)
	require.NoError(t, err)
	require.Zero(t, of, "a table of no tournament")
}
