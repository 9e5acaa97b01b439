package sshserver_test

import (
	"bufio"
	"bytes"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/sshserver"
)

// logBuf collects a server's log lines.
type logBuf struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// withLog makes the server log to the returned buffer.
func withLog(cfg *sshserver.Config) *logBuf {
	lb := &logBuf{}
	cfg.Logger = slog.New(slog.NewTextHandler(lb, nil))
	return lb
}

// TestEnvFloodIsRefused: env requests beyond the cap, too long, or naming a
// variable the server does not read are refused; the session still works,
// and the flood is one log line.
func TestEnvFloodIsRefused(t *testing.T) {
	var lb *logBuf
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) { lb = withLog(c) })
	c := dial(t, ts.addr, guestAuth())
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()

	require.Error(t, s.Setenv("PATH", "/bin"), "a name the server does not read")
	require.Error(t, s.Setenv("LANG", strings.Repeat("x", 300)), "too long")
	require.NoError(t, s.Setenv("TERM", "xterm"))
	for i := 1; i < sshserver.DefaultMaxEnvPerSession; i++ {
		require.NoError(t, s.Setenv("LC_CTYPE", "C.UTF-8"), "variable %d", i+1)
	}
	for i := range 500 {
		require.Error(t, s.Setenv("LC_ALL", "C.UTF-8"), "variable %d beyond the cap", i+1)
	}
	var out bytes.Buffer
	s.Stdout = &out
	require.NoError(t, s.Run("whoami"))
	require.Contains(t, out.String(), "guest")
	require.Equal(t, 1, strings.Count(lb.String(), "cap=env-per-session"), lb.String())
}

// TestLongCommandIsRefusedUnparsed: a 100 KB command gets a clear message
// and exit status 2 at once; a command at the limit runs; the connection
// stays usable.
func TestLongCommandIsRefusedUnparsed(t *testing.T) {
	var lb *logBuf
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) { lb = withLog(c) })
	c := dial(t, ts.addr, guestAuth())

	r := run(t, c, "whoami "+strings.Repeat("a", 100_000))
	require.Equal(t, 2, r.code)
	require.Equal(t, "boardroom: command too long (at most 4096 bytes)\n", r.err)
	require.Empty(t, r.out)

	// Exactly at the limit: parsed and answered by the command itself.
	r = run(t, c, "nosuchcommand "+strings.Repeat("b", sshserver.DefaultMaxCommandBytes-len("nosuchcommand ")))
	require.NotEqual(t, 0, r.code)
	require.NotContains(t, r.err, "too long")
	require.Contains(t, mustRun(t, c, "whoami"), "guest")
	require.Equal(t, 1, strings.Count(lb.String(), "cap=command-bytes"), lb.String())
}

// TestChannelsPerConnectionAreCapped: channels beyond the cap are rejected
// with ResourceShortage; closing one makes room for the next.
func TestChannelsPerConnectionAreCapped(t *testing.T) {
	var lb *logBuf
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) {
		lb = withLog(c)
		c.MaxChannelsPerConn = 3
	})
	c := dial(t, ts.addr, guestAuth())
	var open []gossh.Channel
	for range 3 {
		ch, reqs, err := c.OpenChannel("session", nil)
		require.NoError(t, err)
		go gossh.DiscardRequests(reqs)
		open = append(open, ch)
	}
	for range 50 {
		_, _, err := c.OpenChannel("session", nil)
		var oce *gossh.OpenChannelError
		require.ErrorAs(t, err, &oce)
		require.Equal(t, gossh.ResourceShortage, oce.Reason)
	}
	require.Equal(t, 1, strings.Count(lb.String(), "cap=channels-per-connection"), lb.String())
	// Another connection has its own count.
	require.Contains(t, mustRun(t, dial(t, ts.addr, guestAuth()), "whoami"), "guest")

	require.NoError(t, open[0].Close())
	require.Eventually(t, func() bool { return channelOpens(c) }, 5*time.Second, 10*time.Millisecond)
}

// channelOpens reports whether a session channel opens on c (and closes it).
func channelOpens(c *gossh.Client) bool {
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		return false
	}
	go gossh.DiscardRequests(reqs)
	_ = ch.Close()
	return true
}

// TestRefusedSessionKeepsHandshakeDeadline: a session the limiter refuses
// does not lift the handshake deadline, so its connection is closed then;
// an admitted session's connection stays.
func TestRefusedSessionKeepsHandshakeDeadline(t *testing.T) {
	// Long enough for a legitimate handshake and exec on a loaded machine
	// under -race; the refused connection must still be gone soon after.
	const timeout = 3 * time.Second
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) {
		c.MaxSessionsPerKey = 1
		c.HandshakeTimeout = timeout
	})
	k := newKey(t)
	admitted := dialKey(t, ts.addr, k)
	// The admitted session is the key's first and only one: a command run
	// before it would hold the key's single slot until the server had
	// released it, which a loaded machine may do after the client saw the
	// command's exit status. A new key sees the welcome screen.
	sc := openScreen(t, admitted, "xterm-256color", nil, "")
	sc.waitFor(0, "Welcome to boardroom", 10*time.Second)

	refused := dialKey(t, ts.addr, k)
	r := run(t, refused, "whoami")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "too many sessions with this key")
	closed := make(chan error, 1)
	go func() { closed <- refused.Wait() }()
	select {
	case <-closed:
	case <-time.After(timeout + 10*time.Second):
		t.Fatal("the connection of a refused session outlived the handshake deadline")
	}
	// The admitted connection is past its handshake deadline too, and alive.
	_, _, err := admitted.SendRequest("keepalive@boardroom.test", true, nil)
	require.NoError(t, err)
	select {
	case <-sc.done:
		t.Fatal("the admitted session ended")
	default:
	}
}

// dialFrom opens a TCP connection from a given loopback address and reads
// the server's version line. ok is false when the server hung up instead.
func dialFrom(t *testing.T, from, addr string) (conn net.Conn, ok bool) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	conn, err := d.Dial("tcp", addr)
	if err != nil && from != "127.0.0.1" {
		t.Skipf("cannot dial from %s: %v", from, err)
	}
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(5*time.Second)))
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		var ne net.Error
		require.False(t, errors.As(err, &ne) && ne.Timeout(), "the server neither answered nor hung up")
		return conn, false
	}
	require.True(t, strings.HasPrefix(line, "SSH-2.0-boardroom"), line)
	return conn, true
}

// TestUnauthenticatedConnectionsPerAddress: beyond the cap per address a
// new connection is closed at once; other addresses, and connections that
// authenticated, do not count; a closed connection frees its slot.
func TestUnauthenticatedConnectionsPerAddress(t *testing.T) {
	var lb *logBuf
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) {
		lb = withLog(c)
		c.MaxUnauthPerIP = 2
	})
	// Authenticated connections hold no slot.
	for range 3 {
		mustRun(t, dial(t, ts.addr, guestAuth()), "whoami")
	}
	first, ok := dialFrom(t, "127.0.0.1", ts.addr)
	require.True(t, ok)
	_, ok = dialFrom(t, "127.0.0.1", ts.addr)
	require.True(t, ok)
	for range 5 {
		_, ok = dialFrom(t, "127.0.0.1", ts.addr)
		require.False(t, ok, "beyond the cap")
	}
	_, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "x", Auth: []gossh.AuthMethod{guestAuth()},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
	require.Error(t, err, "a client from the same address is refused too")
	_, ok = dialFrom(t, "127.0.0.2", ts.addr)
	require.True(t, ok, "another address")

	require.NoError(t, first.Close())
	require.Eventually(t, func() bool {
		c, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "x", Auth: []gossh.AuthMethod{guestAuth()},
			HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
		if err != nil {
			return false
		}
		_ = c.Close()
		return true
	}, 5*time.Second, 10*time.Millisecond)
	require.Equal(t, 1, strings.Count(lb.String(), "cap=unauthenticated-per-address"), lb.String())
}

// TestUnauthenticatedConnectionsInTotal: beyond the total cap a connection
// from any address is closed at once.
func TestUnauthenticatedConnectionsInTotal(t *testing.T) {
	var lb *logBuf
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) {
		lb = withLog(c)
		c.MaxUnauthTotal = 3
	})
	for _, from := range []string{"127.0.0.1", "127.0.0.1", "127.0.0.2"} {
		_, ok := dialFrom(t, from, ts.addr)
		require.True(t, ok, from)
	}
	_, ok := dialFrom(t, "127.0.0.3", ts.addr)
	require.False(t, ok)
	require.Contains(t, lb.String(), "cap=unauthenticated-total")
}
