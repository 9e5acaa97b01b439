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
		{wrap(net.ErrClosed), "closed by server"},
		{wrap(ErrHostKeyMismatch), "host key changed"},
		{errors.New("ssh: handshake failed: ssh: unable to authenticate, attempted methods [none publickey]"), "auth failed"},
		{errors.New("something else"), "other"},
		{nil, "unknown"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, classify(c.err), "%v", c.err)
	}
}
