package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// TestTournamentJoinAtTheStartOnAnotherNodeIsRefused (issue 31): a join
// whose node read the tournament open while another node started it (the
// hook moves it in the store between the reading and the write) is
// refused with a sentence, and the player is not entered into a
// tournament whose round 1 was seated without them.
func TestTournamentJoinAtTheStartOnAnotherNodeIsRefused(t *testing.T) {
	e := newEnv(t, lobby.Config{Cluster: elsewhereCluster{held: map[string]int{}}})
	host, team, ps := teamOf(t, e, 3, "race")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
		Format: tournament.Swiss, Rounds: 1, TableSize: 2}, false)
	require.NoError(t, err)
	joinAll(t, e.svc, tv.ID, ps[0], ps[1])

	lobby.SetJoinHook(func() {
		recs, err := e.store.Tournaments(e.ctx)
		require.NoError(t, err)
		started := recs[0]
		started.Status, started.StartedAt = tournament.Running, e.clock.Now()
		moved, err := e.store.MoveTournament(e.ctx, started, tournament.Open, 0)
		require.NoError(t, err)
		require.True(t, moved)
	})
	t.Cleanup(func() { lobby.SetJoinHook(nil) })
	err = e.svc.JoinTournament(e.ctx, ps[2], tv.ID)
	lobby.SetJoinHook(nil)
	require.ErrorIs(t, err, lobby.ErrBadTournament)
	require.Contains(t, err.Error(), "started a moment ago")

	entries, err := e.store.Entries(e.ctx, tv.ID)
	require.NoError(t, err)
	require.Len(t, entries, 2, "the late join is not stored")
	e.svc.WaitTournaments()
	got, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, tournament.Running, got.Status)
	require.Len(t, got.Standings, 2)
}
