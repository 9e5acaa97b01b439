package sshserver

import (
	"net"
	"testing"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// TestRawWriterIsTheSessionsChannel: frames go to the session's channel
// itself, past the library's newline translation, with the ssh library
// this server is built with (a library whose session has another shape
// would make rawWriter fall back to the session, and frames would be
// copied twice again).
func TestRawWriterIsTheSessionsChannel(t *testing.T) {
	got := make(chan any, 1)
	srv := &ssh.Server{Handler: func(sess ssh.Session) {
		w := rawWriter(admittedSession{Session: releasingSession{Session: sess, free: func() {}}}) // as the handlers see it
		_, isSession := w.(ssh.Session)
		_, isChannel := w.(gossh.Channel)
		got <- [2]bool{isSession, isChannel}
		_, _ = w.Write([]byte("a\nb"))
	}}
	c := dialBare(t, serveBare(t, srv), "x")
	s, err := c.NewSession()
	require.NoError(t, err)
	require.NoError(t, s.RequestPty("xterm", 24, 80, gossh.TerminalModes{}))
	out, _ := s.CombinedOutput("")
	select {
	case v := <-got:
		require.Equal(t, [2]bool{false, true}, v, "the channel, not the session")
	case <-time.After(5 * time.Second):
		t.Fatal("no session")
	}
	require.Equal(t, "a\nb", string(out), "no CR added: the library's translation is bypassed")
}

// serveBare serves srv (the ssh library's server alone, without this
// package's) on a loopback port until the test ends, and returns its
// address.
func serveBare(t *testing.T, srv *ssh.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
}

// dialBare connects to addr as user with the auth methods given (none: no
// key), closed when the test ends.
func dialBare(t *testing.T, addr, user string, auth ...gossh.AuthMethod) *gossh.Client {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: user, Auth: auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}
