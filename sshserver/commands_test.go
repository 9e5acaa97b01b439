package sshserver_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestUnknownCommandPrintsHelpAndFails(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	r := run(t, c, "frobnicate --now")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, `unknown command "frobnicate"`)
	for _, cmd := range []string{"help", "whoami", "handle NAME", "games", "lobbies", "lobby create NAME",
		"join CODE [--handle NAME]", "tables [--lobby SLUG] [--finished]", "new GAME [--lobby SLUG] [--seats N] [--bots B] [--strong-bots M] [--option KEY=VALUE]... [--timer standard|off|SECONDS | --pace live|12h|24h|72h] [--start]", "play TABLEID"} {
		require.Contains(t, r.err, cmd)
	}
	require.Empty(t, r.out)

	help := mustRun(t, c, "help")
	require.Contains(t, help, "new GAME [--lobby SLUG] [--seats N] [--bots B] [--strong-bots M] [--option KEY=VALUE]... [--timer standard|off|SECONDS | --pace live|12h|24h|72h] [--start]")
	_, port, _ := strings.Cut(ts.addr, ":")
	require.Contains(t, help, "ssh -p "+port+" boardroom.test")
}

func TestHandleCommand(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	a, b := dialKey(t, ts.addr, newKey(t)), dialKey(t, ts.addr, newKey(t))

	r := run(t, a, "handle x")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "a handle is 3-16 characters")

	require.Contains(t, mustRun(t, a, "handle Alice"), "Alice")
	r = run(t, b, "handle alice")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "that handle is taken")

	require.Contains(t, mustRun(t, a, "handle alice_2"), "now alice_2 (was Alice)")
	require.Equal(t, "alice_2", field(t, mustRun(t, a, "whoami"), "handle"))

	r = run(t, a, "handle")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.err, "usage: handle NAME")
}

func TestCommandsNeedAHandle(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	for _, cmd := range []string{"lobby create Team", "join ABCDEFGH", "new testgame"} {
		r := run(t, c, cmd)
		require.Equal(t, 1, r.code, cmd)
		require.Contains(t, r.err, "pick a handle first", cmd)
		require.Contains(t, r.err, "handle NAME", cmd)
	}
}

func TestGamesAndBadArguments(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	mustRun(t, c, "handle player1")
	games := mustRun(t, c, "games")
	require.Contains(t, games, "testgame")
	require.Contains(t, games, "2-4")

	cases := []struct {
		cmd, want string
		code      int
	}{
		{"new nosuchgame", `no game "nosuchgame"`, 1},
		{"new", "name exactly one game", 2},
		{"new testgame --bots 9", "--bots must be 0-3", 2},
		{"new testgame --start", "needs at least 2 players", 2},
		{"new testgame --frob", "flag provided but not defined", 2},
		{"tables --lobby nosuch", `no lobby "nosuch"`, 1},
		{"join NOSUCHCODE", "no lobby has that invite code", 1},
		{"lobby delete x", "usage: lobby create NAME", 2},
		{"play 12", "play needs a terminal", 1},
		{"play abc", "is not a table id", 2},
		{"whoami extra", "usage: whoami", 2},
	}
	for _, tc := range cases {
		r := run(t, c, tc.cmd)
		require.Equal(t, tc.code, r.code, "%s: %s", tc.cmd, r.err)
		require.Contains(t, r.err, tc.want, tc.cmd)
	}
	r := run(t, c, "play 12")
	_, port, _ := strings.Cut(ts.addr, ":")
	require.Contains(t, r.err, fmt.Sprintf("ssh -t -p %s boardroom.test play 12", port))
}

// TestNewWithBotsStarts: `new GAME --bots N --start` seats the caller and N
// bots and starts the game at once.
func TestNewWithBotsStarts(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	mustRun(t, c, "handle starter")
	out := mustRun(t, c, "new testgame --bots 2 --start")
	id := field(t, out, "table")
	require.Contains(t, out, "3 seats (2 bots), started")
	_, port, _ := strings.Cut(ts.addr, ":")
	require.Contains(t, out, fmt.Sprintf("ssh -t -p %s boardroom.test play %s", port, id))

	tables := mustRun(t, c, "tables")
	row := tableRow(t, tables, id)
	require.Contains(t, row, "testgame")
	require.Contains(t, row, "3/3")
	require.Contains(t, row, "starter")
	require.NotContains(t, row, "forming")

	// Without --start a table that the bots fill waits for its host to
	// start it, not for players.
	out = mustRun(t, c, "new testgame --bots 1")
	require.Contains(t, out, "2 seats (1 bot), every seat is filled; start it at the table", "one bot, not '1 bots'")
	row = tableRow(t, mustRun(t, c, "tables"), field(t, out, "table"))
	require.Contains(t, row, "forming")
	require.Contains(t, row, "2/2")
}

// TestNewWithOptionsAndTimer: `new` takes the game's options (repeatable
// --option key=value, validated by the game) and the turn timer.
func TestNewWithOptionsAndTimer(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	mustRun(t, c, "handle starter")
	out := mustRun(t, c, "new testgame --bots 1 --option target=21 --timer 60 --start")
	require.Contains(t, out, "options: Target: 21")
	require.Contains(t, out, "turn timer: 60 s a move")
	id, err := strconv.ParseInt(field(t, out, "table"), 10, 64)
	require.NoError(t, err)
	tb, err := ts.svc.Table(context.Background(), nil, id)
	require.NoError(t, err)
	require.Equal(t, "21", tb.Options["target"])
	require.Equal(t, 60, tb.TurnTimer)
	require.Equal(t, lobby.TablePlaying, tb.Status)

	require.Contains(t, mustRun(t, c, "new testgame --bots 1 --timer rules"), "turn timer: standard timer: 60 s a move")
	require.Contains(t, mustRun(t, c, "new testgame --bots 1 --timer standard"), "turn timer: standard timer: 60 s a move")
	out = mustRun(t, c, "new testgame --bots 1 --timer off")
	require.Contains(t, out, "options: Target: 15", "defaults are shown")
	require.Contains(t, out, "turn timer: no timer")

	before := mustRun(t, c, "tables")
	for _, tc := range []struct {
		cmd, want string
		code      int
	}{
		{"new testgame --option target=99", `Option target (Target) cannot be "99"`, 1},
		{"new testgame --option colour=red", "colour", 1},
		{"new testgame --option target", "--option wants key=value", 2},
		{"new testgame --timer 45", "--timer must be standard (60 s a move), off, or one of 30, 60 or 120 seconds a move; default: no timer; public tables: the standard timer", 2},
		{"new testgame --timer soon", "--timer must be standard", 2},
	} {
		r := run(t, c, tc.cmd)
		require.Equal(t, tc.code, r.code, "%s: %s", tc.cmd, r.err)
		require.Contains(t, r.err, tc.want, tc.cmd)
	}
	require.Equal(t, before, mustRun(t, c, "tables"), "a refused new opens no table")
}

// tableRow returns the line of `tables` output for a table id.
func tableRow(t *testing.T, out, id string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == id {
			return line
		}
	}
	t.Fatalf("no table %s in:\n%s", id, out)
	return ""
}

// TestNewWithStrongBots: `new unipoly --bots 3 --strong-bots 1` makes the
// first bot strong, `--bot-level strong` all of them; a game with one
// level of bot refuses strong ones, and bad counts are usage errors.
func TestNewWithStrongBots(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), serverSetup{games: []engine.Definition{testgame.Definition{}, unipoly.Definition{}}})
	c := dialKey(t, ts.addr, newKey(t))
	mustRun(t, c, "handle starter")

	levels := func(out string) []string {
		id, err := strconv.ParseInt(field(t, out, "table"), 10, 64)
		require.NoError(t, err)
		tb, err := ts.svc.Table(context.Background(), nil, id)
		require.NoError(t, err)
		var got []string
		for _, s := range tb.Seats {
			if s.Bot {
				got = append(got, s.Level)
			}
		}
		return got
	}
	out := mustRun(t, c, "new unipoly --bots 3 --strong-bots 1")
	require.Equal(t, []string{"strong", "standard", "standard"}, levels(out))
	require.Contains(t, out, "bots: Bot 2 strong, Bot 3 standard, Bot 4 standard")

	out = mustRun(t, c, "new unipoly --bots 2 --bot-level strong")
	require.Equal(t, []string{"strong", "strong"}, levels(out))

	for _, tc := range []struct {
		cmd, want string
		code      int
	}{
		{"new unipoly --bots 1 --strong-bots 2", "--strong-bots must be 0-1", 2},
		{"new unipoly --bots 2 --strong-bots 1 --bot-level strong", "not given with --bot-level", 2},
		{"new testgame --bots 1 --strong-bots 1", "has no strong bot", 1},
		{"new unipoly --bots 1 --bot-level genius", "has no genius bot", 1},
	} {
		r := run(t, c, tc.cmd)
		require.Equal(t, tc.code, r.code, "%s: %s", tc.cmd, r.err)
		require.Contains(t, r.err, tc.want, tc.cmd)
	}
	// A refused command leaves no table behind (issue 29: nine refused
	// `--bot-level insane` left eleven abandoned rows, outside the cap).
	for range 9 {
		require.Equal(t, 1, run(t, c, "new unipoly --bots 1 --bot-level insane").code)
	}
	all, err := ts.svc.Tables(context.Background(), nil, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Len(t, all, 2, "the two tables made above, nothing of the refused commands")
}
