package lobby_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// unipolyTeam is a team lobby of eight players with Unipoly registered
// (the seeds of every table are logged by lobbytest.Seeds on failure).
func unipolyTeam(t *testing.T, prefix string) (*env, *lobby.Account, lobby.Lobby, []*lobby.Account) {
	e := newEnvWith(t, lobby.Config{}, unipoly.Definition{})
	host, team, ps := teamOf(t, e, 8, prefix)
	return e, host, team, ps
}

// Issue 31: a Swiss of 8 players in 3 rounds of Unipoly at 4-player
// tables, the bots standing in for the players, to its final standings.
func TestTournamentE2ESwissEightPlayersThreeRoundsOfUnipoly(t *testing.T) {
	e, host, team, ps := unipolyTeam(t, "sw")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "unipoly",
		Format: tournament.Swiss, Rounds: 3, TableSize: 4, Options: map[string]string{"endMode": "rounds:10"}}, false)
	require.NoError(t, err)
	players := joinAll(t, e.svc, tv.ID, ps...)
	require.NoError(t, e.svc.StartTournament(e.ctx, host, tv.ID))
	got := playTournament(t, e.svc, host, tv.ID, players)

	require.Equal(t, tournament.Finished, got.Status)
	require.Equal(t, 3, got.Round)
	require.Len(t, got.Games, 6, "two tables of four in each of three rounds")
	met := map[[2]string]int{}
	for _, g := range got.Games {
		require.True(t, g.Finished)
		require.Len(t, g.Seats, 4)
		seen := map[int]int{}
		for _, s := range g.Seats {
			require.False(t, s.Bot, "eight players fill two tables of four")
			seen[s.Placing]++
		}
		for i := range g.Seats {
			for j := i + 1; j < len(g.Seats); j++ {
				a, b := g.Seats[i].Handle, g.Seats[j].Handle
				if a > b {
					a, b = b, a
				}
				met[[2]string{a, b}]++
			}
		}
		tb, err := e.svc.Table(e.ctx, host, g.TableID)
		require.NoError(t, err)
		require.Equal(t, "rounds:10", tb.Options["endMode"], "the creator's option")
		sum, err := e.res.Results(e.ctx, host, g.TableID)
		require.NoError(t, err)
		require.True(t, sum.Rated, "a tournament game is rated as usual")
		t.Logf("table %d: %d rounds, %s", g.TableID, sum.Rounds, sum.Reason)
	}
	// Round 2 cannot avoid every pair of round 1 (two tables of four
	// split into two): each pair meets at most twice in three rounds.
	for pair, n := range met {
		require.LessOrEqual(t, n, 2, "%v met %d times", pair, n)
	}
	require.Len(t, got.Standings, 8)
	total := 0.0
	for i, l := range got.Standings {
		require.Equal(t, 3, l.Games)
		var f float64
		_, err := fmt.Sscan(l.Points, &f)
		require.NoError(t, err)
		total += f
		if i > 0 {
			require.LessOrEqual(t, got.Standings[i-1].Rank, l.Rank)
		}
	}
	require.InDelta(t, 36.0, total, 0.001, "six games of 3+2+1+0 points")
	t.Logf("final standings: %+v", got.Standings)
}

// Issue 31: an arena of 8 players at Unipoly tables of four: who finishes
// is seated again with others waiting; the window closes, the running
// games finish, the standings are final.
func TestTournamentE2EArenaOfUnipoly(t *testing.T) {
	e, host, team, ps := unipolyTeam(t, "ar")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "unipoly",
		Format: tournament.Arena, Minutes: 60, TableSize: 4, Options: map[string]string{"endMode": "rounds:10"}}, false)
	require.NoError(t, err)
	players := joinAll(t, e.svc, tv.ID, ps...)
	require.NoError(t, e.svc.StartTournament(e.ctx, host, tv.ID))
	for i := 0; i < 2; i++ {
		handOverAll(t, e, host, tv.ID, players)
		e.svc.WaitTournaments()
	}
	mid, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, tournament.Running, mid.Status)
	require.Len(t, mid.Games, 6, "seated again twice")
	e.clock.Advance(time.Hour)
	e.svc.WaitTournaments()
	got := playTournament(t, e.svc, host, tv.ID, players)
	require.Equal(t, tournament.Finished, got.Status)
	require.Len(t, got.Games, 6, "nobody is seated after the window")
	games := 0
	for _, l := range got.Standings {
		games += l.Games
	}
	require.Equal(t, 24, games)
}

// C-12: a tournament's tables start with the evening limit of public
// tables whatever the lobby (here a private one, whose own tables keep
// the rules' default), so that a round ends in time; --pace makes them
// daily tables.
func TestTournamentTablesHaveTheEveningLimitC12AndThePace(t *testing.T) {
	e, host, team, ps := unipolyTeam(t, "c12")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "unipoly",
		Format: tournament.Swiss, Rounds: 1, TableSize: 4, TurnTimer: lobby.Pace24h}, false)
	require.NoError(t, err)
	joinAll(t, e.svc, tv.ID, ps[:4]...)
	require.NoError(t, e.svc.StartTournament(e.ctx, host, tv.ID))
	e.svc.WaitTournaments()
	got, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Len(t, got.Games, 1)
	tb, err := e.svc.Table(e.ctx, host, got.Games[0].TableID)
	require.NoError(t, err)
	require.Equal(t, "minutes:90", tb.Options["endMode"], "the public tables' evening limit")
	require.Equal(t, lobby.Pace24h, tb.TurnTimer, "a daily pace")
	own, err := e.svc.CreateTable(e.ctx, ps[5], team.ID, "unipoly", 4, nil)
	require.NoError(t, err)
	require.NotEqual(t, "minutes:90", own.Options["endMode"], "a private lobby's own table keeps the rules' default")
}
