package sshserver_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/lobby"
)

// TestEndToEnd: two players with their own keys pick handles (one with the
// command, one in the TUI), one creates a private lobby, the other joins it
// by code, a table is opened there, both chat (the TUI shows the other's
// message live), and after a restart on the same data directory the lobby,
// the membership and the table are still there.
func TestEndToEnd(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	ts := startServer(t, dir, nil)
	aliceKey, bobKey := newKey(t), newKey(t)
	alice, bob := dialKey(t, ts.addr, aliceKey), dialKey(t, ts.addr, bobKey)

	// Handles: Alice by command, Bob in the TUI.
	mustRun(t, alice, "handle alice")
	bobScreen := openScreen(t, bob, "xterm-256color", nil, "")
	bobScreen.waitFor(0, "Welcome to boardroom", screenWait)
	m := bobScreen.mark()
	bobScreen.typeText("bob\r")
	bobScreen.waitFor(m, "Lobbies:", screenWait)
	require.Equal(t, "bob", field(t, mustRun(t, bob, "whoami"), "handle"))

	// Alice's private lobby; Bob cannot see it before joining.
	out := mustRun(t, alice, "lobby create Team Rocket")
	slug, code := field(t, out, "slug"), field(t, out, "invite code")
	require.NotEmpty(t, slug)
	require.NotEmpty(t, code)
	require.NotContains(t, mustRun(t, bob, "lobbies"), slug)
	r := run(t, bob, "tables --lobby "+slug)
	require.Equal(t, 1, r.code)

	out = mustRun(t, bob, "join "+code)
	require.Equal(t, slug, field(t, out, "slug"))
	require.Contains(t, mustRun(t, bob, "lobbies"), slug)
	require.Contains(t, mustRun(t, bob, "tables --lobby "+slug), "No tables")

	// A table in the private lobby, seen by both.
	id := field(t, mustRun(t, alice, "new testgame --lobby "+slug), "table")
	row := tableRow(t, mustRun(t, bob, "tables --lobby "+slug), id)
	require.Contains(t, row, "testgame")
	require.Contains(t, row, "alice")
	require.Contains(t, row, "forming")
	require.NotContains(t, mustRun(t, bob, "tables"), "alice", "the table is not in the public lobby")

	// Chat: Alice speaks in the public lobby, where Bob's TUI is; Bob
	// answers in the private lobby.
	aliceAcc := account(t, ts, aliceKey)
	bobAcc := account(t, ts, bobKey)
	m = bobScreen.mark()
	require.NoError(t, ts.svc.Say(ctx, aliceAcc, lobby.LobbyChannel(lobby.PublicLobbyID), "hello from alice"))
	bobScreen.waitFor(m, "hello from alice", screenWait)
	team, err := ts.svc.LobbyBySlug(ctx, bobAcc, slug)
	require.NoError(t, err)
	require.NoError(t, ts.svc.Say(ctx, bobAcc, lobby.LobbyChannel(team.ID), "hi team"))
	msgs, err := ts.svc.Chat(ctx, aliceAcc, lobby.LobbyChannel(team.ID), 10)
	require.NoError(t, err)
	require.NotEmpty(t, msgs)
	require.Equal(t, "hi team", msgs[len(msgs)-1].Text)
	require.Equal(t, "bob", msgs[len(msgs)-1].Handle)

	// Restart on the same data directory.
	ts.stop()
	ts = startServer(t, dir, nil)
	alice, bob = dialKey(t, ts.addr, aliceKey), dialKey(t, ts.addr, bobKey)
	require.Equal(t, "alice", field(t, mustRun(t, alice, "whoami"), "handle"))
	require.Equal(t, "bob", field(t, mustRun(t, bob, "whoami"), "handle"))
	lobbies := mustRun(t, bob, "lobbies")
	require.Contains(t, lobbies, slug)
	require.Contains(t, lobbies, "Team Rocket")
	row = tableRow(t, mustRun(t, bob, "tables --lobby "+slug), id)
	require.Contains(t, row, "testgame")
	require.Contains(t, row, "alice")
	// Membership survived: Bob still reads the team chat, a stranger cannot.
	msgs, err = ts.svc.Chat(ctx, account(t, ts, bobKey), lobby.LobbyChannel(team.ID), 10)
	require.NoError(t, err)
	require.NotEmpty(t, msgs)
	stranger := dialKey(t, ts.addr, newKey(t))
	mustRun(t, stranger, "handle stranger")
	require.NotContains(t, mustRun(t, stranger, "lobbies"), slug)
	require.Equal(t, 1, run(t, stranger, "tables --lobby "+slug).code)

	// The table goes on: Bob sits down through the API and Alice starts it.
	tid, err := strconv.ParseInt(id, 10, 64)
	require.NoError(t, err)
	_, err = ts.svc.Sit(ctx, account(t, ts, bobKey), tid, -1)
	require.NoError(t, err)
	require.NoError(t, ts.svc.SetReady(ctx, account(t, ts, bobKey), tid, true))
	require.NoError(t, ts.svc.Start(ctx, account(t, ts, aliceKey), tid))
	row = tableRow(t, mustRun(t, alice, "tables --lobby "+slug), id)
	require.True(t, strings.Contains(row, "playing"), row)
}

func account(t *testing.T, ts *testServer, k gossh.Signer) *lobby.Account {
	t.Helper()
	acc, err := ts.svc.AccountByFingerprint(context.Background(), fp(k))
	require.NoError(t, err)
	require.NotNil(t, acc)
	return acc
}
