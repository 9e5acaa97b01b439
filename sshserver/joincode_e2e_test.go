package sshserver_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJoinWithATerminalAsksANewKeyForAHandleThenJoins (issue 25): a key
// without a handle that runs `ssh -t host join CODE` picks a handle on the
// welcome screen, then is in the lobby of the code.
func TestJoinWithATerminalAsksANewKeyForAHandleThenJoins(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	owner := dialKey(t, ts.addr, newKey(t))
	mustRun(t, owner, "handle owner")
	code := field(t, mustRun(t, owner, "lobby create Night Crew"), "invite code")

	newcomer := dialKey(t, ts.addr, newKey(t))
	sc := openScreen(t, newcomer, "xterm-256color", nil, "join "+code)
	sc.waitFor(0, "You came with the invite code", screenWait)
	m := sc.mark()
	sc.typeText("eve\r")
	sc.waitFor(m, "[Night Crew]", screenWait)
	sc.waitFor(m, "Welcome to Night Crew", screenWait)
	require.Contains(t, mustRun(t, newcomer, "lobbies"), "Night Crew", "eve is a member")
}
