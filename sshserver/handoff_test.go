package sshserver_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/sshserver"
)

// libraryRequestLoops counts goroutines in the ssh library's loop of a
// session channel's requests (not the handler it starts, whose frames are
// its .func1).
func libraryRequestLoops() int {
	buf := make([]byte, 1<<22)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "charmbracelet/ssh.(*session).handleRequests(") {
			n++
		}
	}
	return n
}

// TestRunningSessionHoldsNoLibraryRequestLoop: once a session has started,
// the ssh library's loop of its requests has ended (the request filter
// answers the rest: one goroutine and its stack fewer a session, issue 32);
// the session still runs, and its channel's slot is freed when it closes.
func TestRunningSessionHoldsNoLibraryRequestLoop(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) { c.MaxChannelsPerConn = 1 })
	c := dialKey(t, ts.addr, newKey(t))
	sc := openScreen(t, c, "xterm-256color", nil, "")
	sc.waitFor(0, "Welcome to boardroom", screenWait)
	require.Eventually(t, func() bool { return libraryRequestLoops() == 0 }, 5*time.Second, 10*time.Millisecond,
		"the library's request loop ended once the shell started")

	// The session answers keys after the hand-off, and requests the
	// library would have taken are refused, not left unanswered.
	m := sc.mark()
	sc.typeText("carol\r")
	sc.waitFor(m, "Lobbies:", screenWait)
	ok, err := sc.sess.SendRequest("shell", true, nil)
	require.NoError(t, err)
	require.False(t, ok, "a second shell is refused")
	ok, err = sc.sess.SendRequest("env", true, gossh.Marshal(struct{ K, V string }{"TERM", "dumb"}))
	require.NoError(t, err)
	require.False(t, ok, "an environment after the start is refused")

	// The one channel of this connection is taken while the session runs,
	// and free again once it closed.
	_, _, err = c.OpenChannel("session", nil)
	var oce *gossh.OpenChannelError
	require.ErrorAs(t, err, &oce)
	require.NoError(t, sc.sess.Close())
	require.Eventually(t, func() bool { return channelOpens(c) }, 5*time.Second, 10*time.Millisecond,
		"the channel's slot is freed when the session closes")
}
