package lobby_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// roundsOf counts a tournament's games by round, as its creator sees them.
func roundsOf(t *testing.T, e *env, viewer *lobby.Account, id int64) (tournament.Status, int, map[int]int) {
	t.Helper()
	e.svc.WaitTournaments()
	tv, err := e.svc.Tournament(e.ctx, viewer, id)
	require.NoError(t, err)
	out := map[int]int{}
	for _, g := range tv.Games {
		out[g.Round]++
	}
	return tv.Status, tv.Round, out
}

// startDying starts a 4-player Swiss of tables of 2 whose seater "dies"
// (the hook stops it) after it moved round 1 on, before any table opened,
// and stops the process there.
func startDying(t *testing.T, e *env) (*lobby.Account, int64, map[int64]*lobby.Account) {
	t.Helper()
	host, team, ps := teamOf(t, e, 4, "lease")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
		Format: tournament.Swiss, Rounds: 2, TableSize: 2}, false)
	require.NoError(t, err)
	players := joinAll(t, e.svc, tv.ID, ps...)
	died := errors.New("the node died")
	lobby.SetSeatingHook(func() error { return died })
	t.Cleanup(func() { lobby.SetSeatingHook(nil) })
	require.ErrorIs(t, e.svc.StartTournament(e.ctx, host, tv.ID), died)
	lobby.SetSeatingHook(nil)
	status, round, games := roundsOf(t, e, host, tv.ID)
	require.Equal(t, tournament.Running, status)
	require.Equal(t, 1, round)
	require.Empty(t, games, "the round was moved on and no table opened")
	e.close()
	return host, tv.ID, players
}

// TestTournamentSeatingLeaseAnotherNodeSeatsAStalledRound (issue 31: the
// seating gap): the node that moved round 1 on died before opening its
// tables; another node (the store's next process, clustered) leaves the
// round to the lease until it expires, then seats it once, and the
// tournament plays on to its end.
func TestTournamentSeatingLeaseAnotherNodeSeatsAStalledRound(t *testing.T) {
	e := newEnv(t, lobby.Config{Cluster: elsewhereCluster{held: map[string]int{}}})
	host, id, players := startDying(t, e)

	e.open() // another node
	_, _, games := roundsOf(t, e, host, id)
	require.Empty(t, games, "the lease has not expired: its node may still seat it")
	e.clock.Advance(29 * time.Second)
	_, _, games = roundsOf(t, e, host, id)
	require.Empty(t, games, "the lease has not expired yet")
	e.clock.Advance(2 * time.Second) // the lease's timer
	status, round, games := roundsOf(t, e, host, id)
	require.Equal(t, tournament.Running, status)
	require.Equal(t, 1, round)
	require.Equal(t, map[int]int{1: 2}, games, "round 1 seated once, by the other node")

	done := playTournament(t, e.svc, host, id, players)
	require.Equal(t, tournament.Finished, done.Status)
	_, _, games = roundsOf(t, e, host, id)
	require.Equal(t, map[int]int{1: 2, 2: 2}, games, "both rounds played, each once")
}

// TestTournamentSeatingLeaseRestartSeatsTheStalledRound (issue 31): a
// lone server that stopped between moving round 1 on and opening its
// tables seats round 1 when it starts again (not round 2 over an empty
// round 1).
func TestTournamentSeatingLeaseRestartSeatsTheStalledRound(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	host, id, players := startDying(t, e)

	e.open()
	status, round, games := roundsOf(t, e, host, id)
	require.Equal(t, tournament.Running, status)
	require.Equal(t, 1, round)
	require.Equal(t, map[int]int{1: 2}, games, "round 1 seated at the restart")

	done := playTournament(t, e.svc, host, id, players)
	require.Equal(t, tournament.Finished, done.Status)
	_, _, games = roundsOf(t, e, host, id)
	require.Equal(t, map[int]int{1: 2, 2: 2}, games)
}
