package lobby_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// playTournament hands every human seat of the tournament's running games
// to a bot (the bots stand in for the players), round after round, until
// it ends; it returns the tournament as its creator sees it.
func playTournament(t testing.TB, svc *lobby.Service, viewer *lobby.Account, id int64, players map[int64]*lobby.Account) lobby.Tournament {
	t.Helper()
	ctx := context.Background()
	for step := 0; step < 200; step++ {
		svc.WaitTournaments()
		tv, err := svc.Tournament(ctx, viewer, id)
		require.NoError(t, err)
		if tv.Status == tournament.Finished {
			return tv
		}
		handed := 0
		for _, g := range tv.Games {
			if g.Finished {
				continue
			}
			tb, err := svc.Table(ctx, viewer, g.TableID)
			require.NoError(t, err)
			for _, st := range tb.Seats {
				if acc := players[st.AccountID]; acc != nil && !st.Bot {
					err := svc.HandOver(ctx, acc, g.TableID, true)
					if err != nil && !errors.Is(err, lobby.ErrNotPlaying) {
						require.NoError(t, err)
					}
					handed++
				}
			}
		}
		require.Positive(t, handed, "a running tournament with nothing to play: %+v", tv)
	}
	t.Fatalf("tournament %d did not finish", id)
	return lobby.Tournament{}
}

func joinAll(t testing.TB, svc *lobby.Service, id int64, players ...*lobby.Account) map[int64]*lobby.Account {
	t.Helper()
	out := map[int64]*lobby.Account{}
	for _, p := range players {
		require.NoError(t, svc.JoinTournament(context.Background(), p, id))
		out[p.ID] = p
	}
	return out
}

func TestTournamentSwissPlaysItsRoundsAndSurvivesARestart(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	host := e.player("host")
	team, err := e.svc.CreateLobby(e.ctx, host, "Team evening")
	require.NoError(t, err)
	var ps []*lobby.Account
	for i := 0; i < 5; i++ {
		p := e.player(fmt.Sprintf("player%d", i))
		_, err := e.svc.JoinLobby(e.ctx, p, team.InviteCode)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
		Format: tournament.Swiss, Rounds: 3, TableSize: 2}, false)
	require.NoError(t, err)
	require.Equal(t, tournament.Open, tv.Status)
	players := joinAll(t, e.svc, tv.ID, ps...)
	require.ErrorIs(t, e.svc.StartTournament(e.ctx, ps[0], tv.ID), lobby.ErrForbidden, "only the creator starts it")
	require.NoError(t, e.svc.StartTournament(e.ctx, host, tv.ID))
	e.svc.WaitTournaments()

	got, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, 1, got.Round)
	require.Len(t, got.Games, 3, "five players at twos: 2, 2 and 1 with a bot")
	bots := 0
	for _, g := range got.Games {
		for _, s := range g.Seats {
			if s.Bot {
				bots++
			}
		}
	}
	require.Equal(t, 1, bots)

	// Restart with round 1 running: the tournament and its tables come back.
	e.restart()
	got = playTournament(t, e.svc, host, tv.ID, players)
	require.Equal(t, 3, got.Round)
	require.Len(t, got.Games, 9)
	require.Len(t, got.Standings, 5)
	total := 0.0
	for _, l := range got.Standings {
		require.Equal(t, 3, l.Games, "%s played every round", l.Handle)
		var f float64
		_, err := fmt.Sscan(l.Points, &f)
		require.NoError(t, err)
		total += f
	}
	botPoints := 0.0
	for _, g := range got.Games {
		require.True(t, g.Finished)
		for _, s := range g.Seats {
			if s.Bot {
				var f float64
				_, err := fmt.Sscan(s.Points, &f)
				require.NoError(t, err)
				botPoints += f
			}
		}
	}
	require.InDelta(t, 9.0, total+botPoints, 0.001, "nine games of one point each, some to the bots")
	for i := 1; i < len(got.Standings); i++ {
		require.LessOrEqual(t, got.Standings[i-1].Rank, got.Standings[i].Rank)
	}

	// After a restart the finished tournament reads the same.
	e.restart()
	again, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, got.Standings, again.Standings)
	require.Equal(t, tournament.Finished, again.Status)
	mine, err := e.svc.TournamentsOf(e.ctx, host, ps[0].ID)
	require.NoError(t, err)
	require.Len(t, mine, 1, "a player's profile lists their tournaments")
}

func TestTournamentWithdrawnPlayerIsNotSeatedAgain(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	host := e.player("host")
	team, err := e.svc.CreateLobby(e.ctx, host, "Team")
	require.NoError(t, err)
	var ps []*lobby.Account
	for i := 0; i < 4; i++ {
		p := e.player(fmt.Sprintf("wplayer%d", i))
		_, err := e.svc.JoinLobby(e.ctx, p, team.InviteCode)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
		Format: tournament.Swiss, Rounds: 2, TableSize: 2}, false)
	require.NoError(t, err)
	players := joinAll(t, e.svc, tv.ID, ps...)
	require.NoError(t, e.svc.StartTournament(e.ctx, host, tv.ID))
	require.NoError(t, e.svc.LeaveTournament(e.ctx, ps[3], tv.ID))
	delete(players, ps[3].ID)
	// The withdrawn player's running seat plays on by the timeouts' defaults: here a bot stands in.
	got, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	for _, g := range got.Games {
		if !g.Finished {
			for _, s := range g.Seats {
				if s.Handle == ps[3].Handle {
					require.NoError(t, e.svc.HandOver(e.ctx, ps[3], g.TableID, true))
				}
			}
		}
	}
	got = playTournament(t, e.svc, host, tv.ID, players)
	for _, g := range got.Games {
		if g.Round == 2 {
			for _, s := range g.Seats {
				require.NotEqual(t, ps[3].Handle, s.Handle, "withdrawn, not seated in round 2")
			}
		}
	}
	for _, l := range got.Standings {
		if l.AccountID == ps[3].ID {
			require.True(t, l.Withdrawn)
			require.Equal(t, 1, l.Games)
		}
	}
}

func TestTournamentPrivateLobbyVisibleToMembersOnly(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	host, outsider := e.player("host"), e.player("outsider")
	team, err := e.svc.CreateLobby(e.ctx, host, "Team")
	require.NoError(t, err)
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame", TableSize: 2}, false)
	require.NoError(t, err)
	_, err = e.svc.Tournament(e.ctx, outsider, tv.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	require.ErrorIs(t, e.svc.JoinTournament(e.ctx, outsider, tv.ID), lobby.ErrNotFound)
	list, err := e.svc.Tournaments(e.ctx, outsider, 0)
	require.NoError(t, err)
	require.Empty(t, list)
	list, err = e.svc.Tournaments(e.ctx, host, 0)
	require.NoError(t, err)
	require.Len(t, list, 1)
}

func TestTournamentPublicLobbyNeedsAHost(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	p := e.player("someone")
	_, err := e.svc.CreateTournament(e.ctx, p, lobby.TournamentSettings{LobbyID: lobby.PublicLobbyID, Game: "testgame"}, false)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	_, err = e.svc.CreateTournament(e.ctx, p, lobby.TournamentSettings{LobbyID: lobby.PublicLobbyID, Game: "testgame"}, true)
	require.NoError(t, err)
	_, err = e.svc.CreateTournament(e.ctx, p, lobby.TournamentSettings{LobbyID: lobby.PublicLobbyID, Game: "testgame", TableSize: 7}, true)
	require.ErrorIs(t, err, lobby.ErrBadSeats, "the test game seats 2 to 4")
}

func teamOf(t testing.TB, e *env, n int, prefix string) (*lobby.Account, lobby.Lobby, []*lobby.Account) {
	t.Helper()
	host := e.player(prefix + "host")
	team, err := e.svc.CreateLobby(e.ctx, host, "Team "+prefix)
	require.NoError(t, err)
	var ps []*lobby.Account
	for i := 0; i < n; i++ {
		p := e.player(fmt.Sprintf("%s%d", prefix, i))
		_, err := e.svc.JoinLobby(e.ctx, p, team.InviteCode)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	return host, team, ps
}

// An absent player (gone until their seat took its defaults) is not
// seated in the next round; joining again says they are back.
func TestTournamentAbsentPlayerSkipsTheNextRound(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	host, team, ps := teamOf(t, e, 4, "abs")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
		Format: tournament.Swiss, Rounds: 2, TableSize: 2}, false)
	require.NoError(t, err)
	joinAll(t, e.svc, tv.ID, ps...)
	require.NoError(t, e.svc.StartTournament(e.ctx, host, tv.ID))
	e.svc.WaitTournaments()
	got, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Len(t, got.Games, 2)
	absent := got.Games[0].Seats[0].Handle
	byHandle := map[string]*lobby.Account{}
	for _, p := range ps {
		byHandle[p.Handle] = p
	}
	for gi, g := range got.Games {
		for si, s := range g.Seats {
			if gi == 0 && si == 0 {
				continue // this one never comes
			}
			require.NoError(t, e.svc.HandOver(e.ctx, byHandle[s.Handle], g.TableID, true))
		}
	}
	e.svc.WaitTournaments()
	// The absent seat goes idle after a minute and takes its defaults, and
	// round 1 ends. Not much longer: the fake clock fires the timers made
	// while it advances, and round 2's players (who never connect either)
	// would go idle a minute after their tables open, inside a longer
	// advance when the seating goroutine is quick: their games could then
	// end with them idle and mark them absent too.
	e.clock.Advance(90 * time.Second)
	e.svc.WaitTournaments()
	got, err = e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, 2, got.Round)
	for _, g := range got.Games[2:] {
		for _, s := range g.Seats {
			require.NotEqual(t, absent, s.Handle, "absent from round 2")
		}
	}
	for _, l := range got.Standings {
		require.Equal(t, l.Handle == absent, l.Absent, l.Handle)
	}
	require.NoError(t, e.svc.JoinTournament(e.ctx, byHandle[absent], tv.ID), "back for the next round")
	got, err = e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	for _, l := range got.Standings {
		require.False(t, l.Absent, l.Handle)
	}
}

// A tournament with a start time starts at it; an arena seats players
// again as they finish and ends when its window has closed and its last
// game has finished.
func TestTournamentArenaStartsAtItsTimeAndClosesItsWindow(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	host, team, ps := teamOf(t, e, 4, "arena")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
		Format: tournament.Arena, Minutes: 30, TableSize: 2, StartsAt: start.Add(10 * time.Minute)}, false)
	require.NoError(t, err)
	players := joinAll(t, e.svc, tv.ID, ps...)
	e.clock.Advance(10 * time.Minute)
	e.svc.WaitTournaments()
	got, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, tournament.Running, got.Status, "started at its time")
	require.Len(t, got.Games, 2)

	// Three times over, every running game is played: the players are
	// seated again at once.
	for i := 0; i < 3; i++ {
		handOverAll(t, e, host, tv.ID, players)
		e.svc.WaitTournaments()
	}
	got, err = e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, tournament.Running, got.Status)
	require.GreaterOrEqual(t, len(got.Games), 6)
	e.clock.Advance(30 * time.Minute) // the window closes; running games finish
	e.svc.WaitTournaments()
	got, err = e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	if got.Status == tournament.Running {
		n := len(got.Games)
		handOverAll(t, e, host, tv.ID, players)
		e.svc.WaitTournaments()
		got, err = e.svc.Tournament(e.ctx, host, tv.ID)
		require.NoError(t, err)
		require.Len(t, got.Games, n, "nobody is seated after the window")
	}
	require.Equal(t, tournament.Finished, got.Status)
	games := 0
	for _, l := range got.Standings {
		games += l.Games
	}
	require.Equal(t, 2*len(got.Games), games, "every seat a player's")
}

func handOverAll(t testing.TB, e *env, viewer *lobby.Account, id int64, players map[int64]*lobby.Account) {
	t.Helper()
	got, err := e.svc.Tournament(e.ctx, viewer, id)
	require.NoError(t, err)
	for _, g := range got.Games {
		if g.Finished {
			continue
		}
		tb, err := e.svc.Table(e.ctx, viewer, g.TableID)
		require.NoError(t, err)
		for _, st := range tb.Seats {
			if acc := players[st.AccountID]; acc != nil && !st.Bot {
				if err := e.svc.HandOver(e.ctx, acc, g.TableID, true); err != nil && !errors.Is(err, lobby.ErrNotPlaying) {
					require.NoError(t, err)
				}
			}
		}
	}
}

// A game that ended while its tournament did not hear it (the server
// stopped between the game's end and the tournament's record of it) is
// caught up from the stored results at the next start, and the
// tournament goes on.
func TestTournamentCatchesUpAGameThatEndedBeforeARestart(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	host, team, ps := teamOf(t, e, 2, "crash")
	tv, err := e.svc.CreateTournament(e.ctx, host, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
		Format: tournament.Swiss, Rounds: 1, TableSize: 2}, false)
	require.NoError(t, err)
	players := joinAll(t, e.svc, tv.ID, ps...)
	require.NoError(t, e.svc.StartTournament(e.ctx, host, tv.ID))
	done := playTournament(t, e.svc, host, tv.ID, players)
	require.Len(t, done.Games, 1)

	// The window: the table's end is stored, the tournament's record of it is not.
	e.close()
	dbh, err := sql.Open("sqlite", "file:"+e.path)
	require.NoError(t, err)
	var seats []string
	for _, st := range done.Games[0].Seats {
		for _, p := range ps {
			if p.Handle == st.Handle {
				seats = append(seats, fmt.Sprintf(`{"player":%d}`, p.ID))
			}
		}
	}
	_, err = dbh.Exec(`UPDATE tournament_games SET finished = 0, seats = ?`, "["+strings.Join(seats, ",")+"]")
	require.NoError(t, err)
	_, err = dbh.Exec(`UPDATE tournaments SET status = 'running', ended_at = ''`)
	require.NoError(t, err)
	require.NoError(t, dbh.Close())
	e.open()
	e.svc.WaitTournaments()

	got, err := e.svc.Tournament(e.ctx, host, tv.ID)
	require.NoError(t, err)
	require.Equal(t, tournament.Finished, got.Status)
	require.Equal(t, done.Standings, got.Standings, "the placings read back from the results")
}
