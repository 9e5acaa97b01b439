package loadgen

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/stretchr/testify/require"
)

// startIdleServer is the echo server with an idle timeout on each
// connection: it draws one screen, then closes a connection whose client
// sends nothing for idle.
func startIdleServer(t *testing.T, idle time.Duration) *testServer {
	t.Helper()
	ts := &testServer{hnd: map[string]string{}}
	srv, err := wish.NewServer(
		wish.WithHostKeyPath(filepath.Join(t.TempDir(), "host_ed25519")),
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		wish.WithIdleTimeout(idle),
		wish.WithMiddleware(teaMiddleware(ts.model(modeEcho))),
	)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ts.addr = ln.Addr().String()
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ts
}

// TestRunKeepaliveHoldsPastServerIdleLimit: a hold longer than the
// server's idle limit ends at it (the server closes the sessions) unless
// the load tool sends keepalives, as a real client with
// ServerAliveInterval does (issue 29: held sessions).
func TestRunKeepaliveHoldsPastServerIdleLimit(t *testing.T) {
	ts := startIdleServer(t, 600*time.Millisecond)
	cfg := testConfig(ts.addr, 4)
	cfg.WaitFor = "hello   from test"
	cfg.Hold, cfg.Settle = 2*time.Second, 0

	rep, err := Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 4, rep.Failed, "without keepalives the server's idle limit ends the hold")
	require.Equal(t, "hold: closed by server", rep.Failures[0].Reason)

	cfg.Keepalive = 100 * time.Millisecond
	rep, err = Run(context.Background(), cfg, quietLog())
	require.NoError(t, err)
	require.Equal(t, 4, rep.OK, "failures: %+v", rep.Failures)
}
