package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/internal/pgtest"
)

// TestClusterE2EBanReachesTheOtherNodeWithinASecond: two real nodes (serve,
// real PostgreSQL and NATS) with the same operators file. An operator on
// node-1 bans a player whose terminal session runs on node-2: within a
// second node-2 ends it with the reason and refuses the key's new
// sessions; lifting the ban on node-1 admits the key on node-2 again.
func TestClusterE2EBanReachesTheOtherNodeWithinASecond(t *testing.T) {
	dsn := pgtest.DB(t)
	urls := natsCluster(t, 2)
	root, mallory := testSigner(t), testSigner(t)
	ops := filepath.Join(t.TempDir(), "operators")
	writeKeyFile(t, ops, root)
	node1 := startServeNode(t, "--store", dsn, "--cluster", urls[0], "--node", "node-1", "--operators", ops)
	node2 := startServeNode(t, "--store", dsn, "--cluster", urls[1], "--node", "node-2", "--operators", ops)

	m2 := dialSigner(t, node2, mallory)
	runOK(t, m2, "handle mallory")
	sc := openTestScreen(t, m2, "")
	sc.waitFor(t, "Lobbies:")

	banned := time.Now()
	out := runOK(t, dialSigner(t, node1, root), "op ban mallory 12h spam in chat")
	require.Contains(t, out, "banned mallory")
	waitFor(t, time.Second, func() bool {
		return strings.Contains(ansi.Strip(sc.buf.String()), "boardroom: this key is banned from this server until")
	}, "node-2 did not end the banned session within a second of the ban: %s", ansi.Strip(sc.buf.String()))
	t.Logf("node-2 ended the session %v after the ban", time.Since(banned).Round(time.Millisecond))
	require.Contains(t, ansi.Strip(sc.buf.String()), "(in 12 hours): spam in chat")
	require.NoError(t, waitSession(sc, 5*time.Second), "the banned session ended")

	code, stderr := runStatus(t, dialSigner(t, node2, mallory), "whoami")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "this key is banned from this server until")

	runOK(t, dialSigner(t, node1, root), "op unban mallory")
	waitFor(t, time.Second, func() bool {
		code, _ := runStatus(t, dialSigner(t, node2, mallory), "whoami")
		return code == 0
	}, "node-2 still refuses mallory a second after the ban was lifted")
	out = runOK(t, dialSigner(t, node2, root), "op log")
	require.Contains(t, out, "ban mallory")
	require.Contains(t, out, "unban mallory", "node-2 reads the audit node-1 wrote")
}

// waitSession waits until the session ends.
func waitSession(sc *testScreen, within time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- sc.sess.Wait() }()
	select {
	case <-done:
		return nil
	case <-time.After(within):
		return errSessionRuns
	}
}

var errSessionRuns = errors.New("the session still runs")
