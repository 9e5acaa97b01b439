package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestClassify(t *testing.T) {
	wrap := func(err error) error { return fmt.Errorf("dial tcp: %w", err) }
	cases := []struct {
		err  error
		want string
	}{
		{wrap(syscall.ECONNREFUSED), "connection refused"},
		{wrap(syscall.ECONNRESET), "connection reset"},
		{wrap(syscall.EMFILE), "too many open files"},
		{wrap(syscall.EADDRNOTAVAIL), "no free local port"},
		{wrap(context.DeadlineExceeded), "timeout"},
		{wrap(os.ErrDeadlineExceeded), "timeout"},
		{wrap(context.Canceled), "cancelled"},
		{wrap(io.EOF), "closed by server"},
		{wrap(net.ErrClosed), "closed by the load tool"},
		{wrap(ErrHostKeyMismatch), "host key changed"},
		{errors.New("ssh: handshake failed: ssh: unable to authenticate, attempted methods [none publickey]"), "auth failed"},
		{errors.New("something else"), "other"},
		{nil, "unknown"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, classify(c.err), "%v", c.err)
	}
}

// TestClassifyOwnCloseIsNotBlamedOnServer: a connection this tool closed
// itself (a stage's timeout, the end of a run) reads "use of closed network
// connection"; it used to be counted as closed by the server (issue 29).
func TestClassifyOwnCloseIsNotBlamedOnServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	c1, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	c2, err := ln.Accept()
	require.NoError(t, err)
	defer c2.Close()
	require.NoError(t, c1.Close())
	_, err = c1.Read(make([]byte, 1))
	require.Error(t, err)
	require.Equal(t, "closed by the load tool", classify(fmt.Errorf("hold: %w", err)))
	// The server's own close is an EOF.
	_, err = c2.Read(make([]byte, 1))
	require.Equal(t, "closed by server", classify(err))
}
