package loadgen

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/crypto/ssh"
)

// classify names the cause of a session error in a few words, so that
// failures can be counted by reason.
func classify(err error) string {
	var exit *ssh.ExitError
	var netErr net.Error
	switch {
	case err == nil:
		return "unknown"
	case errors.Is(err, context.Canceled):
		return "cancelled"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded):
		return "timeout"
	case errors.Is(err, ErrHostKeyMismatch):
		return "host key changed"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "connection reset"
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return "too many open files"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "no free local port"
	case errors.As(err, &exit):
		return "exit status " + strconv.Itoa(exit.ExitStatus())
	case errors.Is(err, net.ErrClosed):
		// "use of closed network connection": this side closed it (a
		// stage's timeout, the end of the run), never the server.
		return "closed by the load tool"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "closed by server"
	case errors.As(err, &netErr) && netErr.Timeout():
		return "timeout"
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "unable to authenticate"):
		return "auth failed"
	case strings.Contains(msg, "pty"):
		return "pty refused"
	case strings.Contains(msg, "EOF"):
		return "closed by server"
	}
	return "other"
}
