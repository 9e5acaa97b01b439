package sshserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// player gives a fresh key a handle and returns its client and account.
func (ts *testServer) player(handle string) (*gossh.Client, *lobby.Account) {
	ts.t.Helper()
	k := newKey(ts.t)
	c := dialKey(ts.t, ts.addr, k)
	mustRun(ts.t, c, "handle "+handle)
	acc, err := ts.svc.AccountByFingerprint(context.Background(), fp(k))
	require.NoError(ts.t, err)
	require.NotNil(ts.t, acc)
	return c, acc
}

// game plays a two-player test game in a lobby that winner wins.
func (ts *testServer) game(lobbyID int64, winner, loser *lobby.Account) int64 {
	t := ts.t
	t.Helper()
	ctx := context.Background()
	tb, err := ts.svc.CreateTable(ctx, winner, lobbyID, testgame.ID, 2, nil)
	require.NoError(t, err)
	_, err = ts.svc.Sit(ctx, loser, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, ts.svc.SetReady(ctx, loser, tb.ID, true))
	require.NoError(t, ts.svc.Start(ctx, winner, tb.ID))
	require.NoError(t, ts.act(ctx, winner, tb.ID, testgame.Bid{Amount: 3}))
	require.NoError(t, ts.act(ctx, loser, tb.ID, testgame.Bid{Amount: 0}))
	for range 20 {
		st, err := ts.svc.GameState(ctx, winner, tb.ID)
		require.NoError(t, err)
		if st.Outcome.Finished {
			return tb.ID
		}
		if v := st.View.(testgame.View); v.Turn == st.Seat {
			require.NoError(t, ts.act(ctx, winner, tb.ID, testgame.Add{N: min(3, v.Target-v.Total)}))
		} else {
			require.NoError(t, ts.act(ctx, loser, tb.ID, testgame.Add{N: 1}))
		}
	}
	t.Fatalf("table %d did not finish", tb.ID)
	return 0
}

func TestLeaderboardCommand(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	adaC, ada := ts.player("ada")
	bobC, bob := ts.player("bob")
	guest := dial(t, ts.addr, guestAuth())

	out := mustRun(t, guest, "leaderboard")
	require.Contains(t, out, "Test Game leaderboard (global), by rating")
	require.Contains(t, out, "Nobody is listed yet: it takes a rated game in the last 30 days, and 10 to be ranked")
	require.Equal(t, "[]\n", mustRun(t, guest, "leaderboard --json"))

	for range 9 {
		ts.game(lobby.PublicLobbyID, ada, bob)
	}
	// Nine rated games each: listed below the line, not ranked.
	out = mustRun(t, guest, "leaderboard")
	lines := strings.Split(out, "\n")
	require.Contains(t, lines[3], "(nobody ranked yet: it takes 10 rated games)", out)
	require.Contains(t, lines[4], "-- not yet ranked: fewer than 10 rated games --", out)
	require.Regexp(t, `^-\s+ada\s+\d+\*?\s+9\s+9\s+100%`, lines[5])
	require.Regexp(t, `^-\s+bob\s+\d+\*?\s+9\s+0\s+0%`, lines[6])
	require.Contains(t, out, "\n0 ranked; 2 not yet ranked (fewer than 10 rated games).\n")
	require.NotContains(t, out, "0 of 0 ranked")
	var unranked []lobby.LeaderboardRow
	require.NoError(t, json.Unmarshal([]byte(mustRun(t, guest, "leaderboard --json")), &unranked))
	require.Len(t, unranked, 2)
	for _, r := range unranked {
		require.True(t, r.Unranked, "%s is marked as not yet ranked", r.Handle)
		require.Zero(t, r.Rank)
	}
	require.Contains(t, mustRun(t, guest, "leaderboard --json"), `"unranked": true`)
	ts.game(lobby.PublicLobbyID, bob, ada)

	out = mustRun(t, adaC, "leaderboard testgame")
	lines = strings.Split(out, "\n")
	require.Contains(t, out, "RANK")
	require.Regexp(t, `^1\s+ada \(you\)\s+\d+\*?\s+10\s+9\s+90%`, lines[3])
	require.Regexp(t, `^2\s+bob\s+`, lines[4])
	require.Contains(t, out, "\n2 ranked.\n")
	require.NotContains(t, out, "not yet ranked")

	var rows []lobby.LeaderboardRow
	require.NoError(t, json.Unmarshal([]byte(mustRun(t, guest, "leaderboard --json")), &rows))
	require.Len(t, rows, 2)
	require.Equal(t, "ada", rows[0].Handle)
	require.Equal(t, ada.ID, rows[0].AccountID)
	require.Equal(t, 10, rows[0].Games)
	require.False(t, rows[0].You, "a guest is nobody on the board")
	require.NoError(t, json.Unmarshal([]byte(mustRun(t, bobC, "leaderboard --sort wins --top 1 --json")), &rows))
	require.Len(t, rows, 1)
	require.Equal(t, 9, rows[0].Wins)

	for _, tc := range []struct {
		cmd, want string
		code      int
	}{
		{"leaderboard --sort luck", "--sort must be rating, wins", 2},
		{"leaderboard --top 0", "--top must be 1-100", 2},
		{"leaderboard chess", `no game "chess"`, 1},
		{"leaderboard a b", "at most one game", 2},
		{"leaderboard --lobby secret", `no lobby "secret"`, 1},
	} {
		r := run(t, guest, tc.cmd)
		require.Equal(t, tc.code, r.code, "%s: %s", tc.cmd, r.err)
		require.Contains(t, r.err, tc.want, tc.cmd)
	}
	require.Contains(t, mustRun(t, guest, "help"), "leaderboard [GAME] [--lobby SLUG] [--top N] [--sort KEY] [--json]")
}

func TestProfileAndHistoryCommands(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	adaC, ada := ts.player("ada")
	bobC, bob := ts.player("bob")
	eveC, _ := ts.player("eve")
	guest := dial(t, ts.addr, guestAuth())
	ctx := context.Background()
	team, err := ts.svc.CreateLobby(ctx, ada, "Team")
	require.NoError(t, err)
	_, err = ts.svc.JoinLobby(ctx, bob, team.InviteCode)
	require.NoError(t, err)
	pub := ts.game(lobby.PublicLobbyID, ada, bob)
	priv := ts.game(team.ID, bob, ada)

	out := mustRun(t, adaC, "profile")
	require.Contains(t, out, "ada\nsince ")
	require.Contains(t, out, "2 games, 1 win, plays Test Game most")
	require.Contains(t, out, "RATINGS")
	require.Regexp(t, `Test Game\s+global\s+\d+\*\s+1\s+1\s+100%`, out, "the private game counts on the lobby's ladder only")
	require.Regexp(t, `Test Game\s+Team\s+\d+\*\s+1\s+0\s+0%`, out)
	require.Contains(t, out, "RECENT GAMES")
	require.Regexp(t, `\n`+itoa(priv)+`\s+Test Game\s+\S+ \S+\s+2/2\s+\d+\s+\d+>\d+\s+bob 1, ada 2`, out)

	var p lobby.Profile
	require.NoError(t, json.Unmarshal([]byte(mustRun(t, bobC, "profile ada --json")), &p))
	require.Equal(t, "ada", p.Account.Handle)
	require.Empty(t, p.Account.Fingerprint)
	require.Len(t, p.Ratings, 2)
	require.Len(t, p.Recent, 2)

	// Strangers and guests do not see the private lobby's game.
	for _, c := range []*gossh.Client{eveC, guest} {
		var p lobby.Profile
		require.NoError(t, json.Unmarshal([]byte(mustRun(t, c, "profile ada --json")), &p))
		require.Len(t, p.Ratings, 1)
		require.Equal(t, 1, p.Games)
		require.Len(t, p.Recent, 1)
		require.Equal(t, pub, p.Recent[0].TableID)
		for _, pt := range p.Ratings[0].History {
			require.NotEqual(t, priv, pt.TableID, "no rating point of the private game")
		}
		var hist []lobby.GameSummary
		require.NoError(t, json.Unmarshal([]byte(mustRun(t, c, "history bob --json")), &hist))
		require.Len(t, hist, 1)
		require.Equal(t, pub, hist[0].TableID)
		require.NotContains(t, mustRun(t, c, "history ada"), "\n"+itoa(priv)+" ")
	}
	var hist []lobby.GameSummary
	require.NoError(t, json.Unmarshal([]byte(mustRun(t, bobC, "history --json")), &hist))
	require.Len(t, hist, 2)
	require.Equal(t, []int64{priv, pub}, []int64{hist[0].TableID, hist[1].TableID})
	require.True(t, hist[0].Rated)

	out = mustRun(t, bobC, "history")
	require.Contains(t, out, "Recent games of bob")
	require.Regexp(t, `\n`+itoa(pub)+`\s+Test Game\s+\S+ \S+\s+2/2\s`, out)
	require.Contains(t, mustRun(t, eveC, "history"), "eve has no finished games you can see yet.")
	require.Equal(t, "[]\n", mustRun(t, eveC, "history --json"))

	for _, tc := range []struct {
		cmd, want string
		code      int
	}{
		{"profile", "name a player: you have no handle yet", 2},
		{"history", "name a player", 2},
		{"profile nobody", "nobody has that handle", 1},
		{"history nobody", "nobody has that handle", 1},
		{"profile a b", "at most one player", 2},
	} {
		r := run(t, guest, tc.cmd)
		require.Equal(t, tc.code, r.code, "%s: %s", tc.cmd, r.err)
		require.Contains(t, r.err, tc.want, tc.cmd)
	}
}

func itoa(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}
