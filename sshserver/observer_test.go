package sshserver_test

import (
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/sshserver"
)

// countingObserver counts what the server reported.
type countingObserver struct {
	mu      sync.Mutex
	started map[string]int
	ended   map[string]int
	refused map[string]int
	frames  int
}

func newCountingObserver() *countingObserver {
	return &countingObserver{started: map[string]int{}, ended: map[string]int{}, refused: map[string]int{}}
}

func (o *countingObserver) SessionStarted(kind string) { o.mu.Lock(); o.started[kind]++; o.mu.Unlock() }
func (o *countingObserver) SessionEnded(kind string)   { o.mu.Lock(); o.ended[kind]++; o.mu.Unlock() }
func (o *countingObserver) Refused(reason string)      { o.mu.Lock(); o.refused[reason]++; o.mu.Unlock() }
func (o *countingObserver) Frame(took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if took >= 0 {
		o.frames++
	}
}

// get reads one count under the lock.
func (o *countingObserver) get(f func() int) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return f()
}

// TestObserverSessionsRefusalsFrames: each admitted session is reported
// by kind at its start and end, each limit's refusal by its reason, and
// the frames of interactive sessions are timed.
func TestObserverSessionsRefusalsFrames(t *testing.T) {
	// Long enough for a legitimate dial on a loaded machine under -race.
	const timeout = 1500 * time.Millisecond
	obs := newCountingObserver()
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) {
		c.Observer = obs
		c.MaxSessionsPerKey = 1
		c.HandshakeTimeout = timeout
	})

	key := newKey(t)
	c := dialKey(t, ts.addr, key)
	mustRun(t, c, "whoami")
	require.Eventually(t, func() bool { return obs.get(func() int { return obs.ended[sshserver.SessionExec] }) == 1 },
		screenWait, 10*time.Millisecond, "the command's session ended")

	tui := openScreen(t, c, "xterm-256color", nil, "")
	tui.waitFor(0, "Welcome to boardroom", screenWait)
	require.Equal(t, 1, obs.get(func() int { return obs.started[sshserver.SessionPlayer] }))
	require.Positive(t, obs.get(func() int { return obs.frames }), "the first frame was timed")

	// The key's one session is taken: the next is refused.
	r := run(t, c, "whoami")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "too many sessions with this key")
	require.Equal(t, 1, obs.get(func() int { return obs.refused[sshserver.RefusedSessionsPerKey] }))

	guest := openScreen(t, dial(t, ts.addr, guestAuth()), "xterm-256color", nil, "")
	guest.waitFor(0, "Welcome, guest", screenWait)
	require.Equal(t, 1, obs.get(func() int { return obs.started[sshserver.SessionGuest] }))

	// A command too long is refused unread.
	long := run(t, dial(t, ts.addr, guestAuth()), "help "+strings.Repeat("x", sshserver.DefaultMaxCommandBytes))
	require.Equal(t, 2, long.code)
	require.Equal(t, 1, obs.get(func() int { return obs.refused[sshserver.RefusedCommandBytes] }))

	// A connection that never authenticates runs out of time.
	conn, err := net.Dial("tcp", ts.addr)
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(timeout+10*time.Second)))
	_, err = io.Copy(io.Discard, conn)
	require.NoError(t, err, "the server should close the silent connection itself")
	// So does the connection whose only command was refused unread: no
	// session was ever admitted on it (it used to be closed uncounted).
	require.Eventually(t, func() bool { return obs.get(func() int { return obs.refused[sshserver.RefusedHandshakeTimeout] }) == 2 },
		screenWait, 10*time.Millisecond)

	// Sessions that end are reported ended, each once.
	require.NoError(t, tui.sess.Close())
	require.NoError(t, guest.sess.Close())
	require.Eventually(t, func() bool {
		return obs.get(func() int { return obs.ended[sshserver.SessionPlayer] + obs.ended[sshserver.SessionGuest] }) == 2
	}, screenWait, 10*time.Millisecond)
	obs.mu.Lock()
	defer obs.mu.Unlock()
	require.Equal(t, obs.started, obs.ended)
	for reason := range obs.refused {
		require.Contains(t, sshserver.RefusalReasons(), reason)
	}
}
