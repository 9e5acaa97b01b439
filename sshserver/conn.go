package sshserver

import (
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// trackedConn is every accepted connection as the ssh library sees it. It
// bounds the handshake, remembers when the client last sent anything (for
// the idle limit, idle.go) and why the connection ended, so that every end
// of a session can be logged with its reason (ends.go).
//
// The handshake is bounded by a timer, not by a deadline. It used to be a
// deadline: the deadlines the ssh library sets before each read and write
// were clamped to it until a session was admitted. That raced twice with
// the admission of a session (issue 29, held sessions closed without a
// reason): the library's reader goroutine could compute a clamped deadline
// just before the clamp was lifted and apply it just after, and a deadline
// that expired while the session was being admitted failed the pending read
// after the session had started. Either way a session that had drawn its
// first screen ended seconds later, without a line in the log. Now one
// atomic state decides: a connection's session is admitted or its handshake
// timed out, never both.
type trackedConn struct {
	net.Conn
	now func() time.Time

	state   atomic.Int32 // connHandshake, connAdmitted or connExpired
	timer   stopper      // the handshake timer
	expire  func()       // logs and counts a handshake timeout
	onClose func()       // called once the connection is closed

	closeOnce sync.Once
	lastRead  atomic.Int64 // unix nanoseconds: the client's last bytes
	ioErr     atomic.Value // errBox: the first read or write error
	closedBy  atomic.Value // string: why the server closed the connection
	idleMu    sync.Mutex   // guards idle
	idle      *idleWatch   // started at the first admitted session
	deadlines atomic.Bool  // a deadline was ever set on the connection
}

const (
	connHandshake int32 = iota
	connAdmitted
	connExpired
)

// errBox lets an atomic.Value hold errors of different types.
type errBox struct{ err error }

func newTrackedConn(c net.Conn, now func() time.Time) *trackedConn {
	tc := &trackedConn{Conn: c, now: now}
	tc.lastRead.Store(now().UnixNano())
	return tc
}

// startHandshake arms the handshake timer: after d, a connection that has
// not had a session admitted is closed.
func (c *trackedConn) startHandshake(d time.Duration, after func(time.Duration, func()) stopper) {
	c.timer = after(d, c.handshakeExpired)
}

func (c *trackedConn) handshakeExpired() {
	if !c.state.CompareAndSwap(connHandshake, connExpired) {
		return // admitted first
	}
	c.closeFor(closeHandshakeTimeout)
	if c.expire != nil {
		c.expire()
	}
}

// admit marks the connection's session admitted and stops the handshake
// timer. It reports false when the handshake timed out first: the
// connection is being closed and the session must not start.
func (c *trackedConn) admit() bool {
	if c.state.CompareAndSwap(connHandshake, connAdmitted) {
		if c.timer != nil {
			c.timer.Stop()
		}
		return true
	}
	return c.state.Load() == connAdmitted
}

// expired reports whether the handshake timer closed the connection.
func (c *trackedConn) expired() bool { return c.state.Load() == connExpired }

// SetDeadline passes on a deadline, except "none" while none was ever set:
// the ssh library sets the connection's deadline before every read and
// write, to none when it has no idle timeout of its own (the server keeps
// its own idle limit, server.go), and each of those took the poller's lock
// and went through its timers (2% of the server's CPU at 6,000 players).
func (c *trackedConn) SetDeadline(t time.Time) error {
	if t.IsZero() && !c.deadlines.Load() {
		return nil
	}
	c.deadlines.Store(true)
	return c.Conn.SetDeadline(t)
}

// SetReadDeadline and SetWriteDeadline note that a deadline was set, so
// that SetDeadline clears it when asked.
func (c *trackedConn) SetReadDeadline(t time.Time) error {
	c.deadlines.Store(true)
	return c.Conn.SetReadDeadline(t)
}

func (c *trackedConn) SetWriteDeadline(t time.Time) error {
	c.deadlines.Store(true)
	return c.Conn.SetWriteDeadline(t)
}

func (c *trackedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.lastRead.Store(c.now().UnixNano())
	}
	if err != nil {
		c.noteErr(err)
	}
	return n, err
}

func (c *trackedConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if err != nil {
		c.noteErr(err)
	}
	return n, err
}

func (c *trackedConn) noteErr(err error) {
	c.ioErr.CompareAndSwap(nil, errBox{err})
}

// closeFor closes the connection on the server's decision, remembering why
// (one of the close* reasons); the first reason given is kept.
func (c *trackedConn) closeFor(reason string) {
	c.closedBy.CompareAndSwap(nil, reason)
	_ = c.Close()
}

func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.closeOnce.Do(func() {
		if c.timer != nil {
			c.timer.Stop()
		}
		if w := c.idleWatch(); w != nil {
			w.stop()
		}
		if c.onClose != nil {
			c.onClose()
		}
	})
	return err
}

// serverReason is why the server closed the connection, "" when it did not.
func (c *trackedConn) serverReason() string {
	r, _ := c.closedBy.Load().(string)
	return r
}

// firstErr is the first read or write error on the connection, or nil.
func (c *trackedConn) firstErr() error {
	b, _ := c.ioErr.Load().(errBox)
	return b.err
}

// idleFor is how long the client has sent nothing.
func (c *trackedConn) idleFor() time.Duration {
	return c.now().Sub(time.Unix(0, c.lastRead.Load()))
}

// Reasons the server closes a connection itself.
const (
	closeHandshakeTimeout = "handshake timeout"
	closeIdle             = "idle limit"
	closeShutdown         = "server shutdown"
	closeWriteStall       = "client stopped reading"
)

// connEnd names how a connection ended from its first I/O error, when the
// server did not close it itself: the client's side closed, reset, or the
// network failed.
func connEnd(err error) string {
	switch {
	case err == nil:
		return "connection closed"
	case errors.Is(err, io.EOF):
		return "client disconnected"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "connection reset by client"
	case errors.Is(err, os.ErrDeadlineExceeded), errors.Is(err, syscall.ETIMEDOUT):
		return "network timeout"
	case errors.Is(err, net.ErrClosed):
		return "connection closed"
	}
	return "network error"
}
