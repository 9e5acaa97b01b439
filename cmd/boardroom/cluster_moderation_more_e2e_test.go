package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/pgtest"
	"boardroom/internal/vtscreen"
)

// screenShows replays a session's output into an 80x24 virtual terminal
// and reports whether its current screen shows s (a line deleted from the
// chat is gone from the screen, though still in the byte stream).
func screenShows(sc *testScreen, s string) bool {
	v := vtscreen.New(80, 24)
	_, _ = v.Write([]byte(sc.buf.String()))
	for _, l := range v.Lines() {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// screenWords is the current screen's words in reading order, without
// panel borders: a sentence wrapped in a panel reads as one again.
func screenWords(sc *testScreen) string {
	v := vtscreen.New(80, 24)
	_, _ = v.Write([]byte(sc.buf.String()))
	return strings.Join(strings.Fields(strings.ReplaceAll(strings.Join(v.Lines(), " "), "│", " ")), " ")
}

// TestClusterE2EMuteAndDeleteReachTheOtherNodeWithinASecond: two real
// nodes (serve, real PostgreSQL and NATS). Mallory says a line on node-1;
// ada reads it on node-2. An operator on node-1 deletes it: within a
// second it is gone from ada's screen on node-2. The operator mutes
// mallory on node-1: within a second node-2 holds the mute, and mallory,
// on node-2 now, reads why when trying to write.
func TestClusterE2EMuteAndDeleteReachTheOtherNodeWithinASecond(t *testing.T) {
	dsn := pgtest.DB(t)
	urls := natsCluster(t, 2)
	root, mallory, ada := testSigner(t), testSigner(t), testSigner(t)
	ops := filepath.Join(t.TempDir(), "operators")
	writeKeyFile(t, ops, root)
	node1 := startServeNode(t, "--store", dsn, "--cluster", urls[0], "--node", "node-1", "--operators", ops)
	node2 := startServeNode(t, "--store", dsn, "--cluster", urls[1], "--node", "node-2", "--operators", ops)

	runOK(t, dialSigner(t, node1, mallory), "handle mallory")
	runOK(t, dialSigner(t, node2, ada), "handle ada")
	adaSc := openTestScreen(t, dialSigner(t, node2, ada), "")
	adaSc.waitFor(t, "Lobbies:")
	m1 := openTestScreen(t, dialSigner(t, node1, mallory), "")
	m1.waitFor(t, "Lobbies:")
	m1.typeText(t, "\t")
	m1.typeText(t, "buy cheap gold here\r")
	adaSc.waitFor(t, "buy cheap gold here")

	op1 := dialSigner(t, node1, root)
	id := regexp.MustCompile(`#(\d+) .* mallory: buy cheap gold here`).FindStringSubmatch(runOK(t, op1, "op chat"))
	require.NotNil(t, id)
	deleted := time.Now()
	runOK(t, op1, "op delete-message "+id[1]+" advertising")
	waitFor(t, time.Second, func() bool { return !screenShows(adaSc, "buy cheap gold here") },
		"the deleted line is still on ada's screen on node-2 a second later")
	t.Logf("node-2 drew ada's chat without the line %v after the delete", time.Since(deleted).Round(time.Millisecond))
	require.NotContains(t, runOK(t, dialSigner(t, node2, root), "op chat"), "buy cheap gold", "gone from history")

	muted := time.Now()
	runOK(t, op1, "op mute mallory 3h spam in chat")
	op2 := dialSigner(t, node2, root)
	waitFor(t, time.Second, func() bool { return strings.Contains(runOK(t, op2, "op mutes"), "mallory") },
		"node-2 does not hold the mute a second after it was made on node-1")
	t.Logf("node-2 held the mute %v after it was made", time.Since(muted).Round(time.Millisecond))
	m2 := openTestScreen(t, dialSigner(t, node2, mallory), "")
	m2.waitFor(t, "Lobbies:")
	m2.typeText(t, "\t")
	m2.typeText(t, "more gold\r")
	m2.waitFor(t, "An operator muted you until")
	require.Regexp(t, `An operator muted you until .* \(in 3 hours\): spam in chat\. You can still read the chat\.`, screenWords(m2))
	require.NotContains(t, runOK(t, op2, "op chat"), "more gold")
}
