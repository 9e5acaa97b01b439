package sshserver_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestBellOnYourMoveInTheLobbyOverSSH: bob sits in the lobby screen of a
// real SSH session while a game he plays goes on. With `settings bell off`
// his move arrives without a bell; with the bell on, his next move rings
// it: one BEL byte in the raw stream, between frames. A chat line alice
// posts afterwards orders the check: updates reach the session in order,
// so once bob's screen shows it, a bell for the move before would have come.
func TestBellOnYourMoveInTheLobbyOverSSH(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	ctx := context.Background()
	aliceKey, bobKey := newKey(t), newKey(t)
	alice, bob := dialKey(t, ts.addr, aliceKey), dialKey(t, ts.addr, bobKey)
	mustRun(t, alice, "handle alice")
	mustRun(t, bob, "handle bob")
	require.Contains(t, mustRun(t, bob, "settings bell off"), "bell: off")
	aliceAcc, bobAcc := account(t, ts, aliceKey), account(t, ts, bobKey)

	tm := openTerm(t, bob, "bob", 80, 24, "")
	tm.waitShows("tab to chat", 10*time.Second)
	bells := func() int { return strings.Count(tm.raw(), "\a") }
	sync := func(word string) {
		require.NoError(t, ts.svc.Say(ctx, aliceAcc, lobby.LobbyChannel(lobby.PublicLobbyID), word))
		tm.waitShows(word, 10*time.Second)
	}
	require.Zero(t, bells())

	// The sealed bid opens for both: bob's bell is off.
	id := lobbytest.StartTestGame(t, ts.svc, lobby.PublicLobbyID, aliceAcc, []*lobby.Account{bobAcc}, 0, nil)
	sync("first-sync")
	require.Zero(t, bells(), "no bell with settings bell off")

	require.Contains(t, mustRun(t, bob, "settings bell on"), "bell: on")
	require.NoError(t, lobbytest.Act(ts.svc, aliceAcc, id, lobbytest.Move(lobbytest.State(t, ts.svc, aliceAcc, id), 1)))
	require.NoError(t, lobbytest.Act(ts.svc, bobAcc, id, lobbytest.Move(lobbytest.State(t, ts.svc, bobAcc, id), 1)))
	st := lobbytest.State(t, ts.svc, bobAcc, id)
	if st.Table.Seats[st.Prompt.Waiting[0].Seat].AccountID != bobAcc.ID {
		require.NoError(t, lobbytest.Act(ts.svc, aliceAcc, id, lobbytest.Move(lobbytest.State(t, ts.svc, aliceAcc, id), 1)))
	}
	sync("second-sync")
	require.Equal(t, 1, bells(), "bob's move rang once in the lobby\n%s", tm.dump())
}
