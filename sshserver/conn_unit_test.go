package sshserver

import (
	"bytes"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// deadlineConn records the deadlines set on it and whether it was closed;
// during stall it runs a hook inside SetDeadline, between the caller's
// choice of deadline and its taking effect.
type deadlineConn struct {
	net.Conn
	mu       sync.Mutex
	deadline time.Time
	sets     int // SetDeadline calls
	closed   bool
	during   func()
}

func (d *deadlineConn) SetDeadline(t time.Time) error {
	if f := d.during; f != nil {
		d.during = nil
		f()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.deadline = t
	d.sets++
	return nil
}

func (d *deadlineConn) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	return nil
}

func (d *deadlineConn) state() (time.Time, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.deadline, d.closed
}

// TestHandshakeAdmittedDuringLibraryDeadlineKeepsSession is the cause of
// issue 29's held sessions closed without a reason: the ssh library's reader
// sets a deadline before each read; when the session was admitted between
// its choice of deadline and the deadline taking effect, the clamped
// handshake deadline won and the connection died seconds later, silently.
// Now the library's deadline passes through unchanged, and once admitted the
// handshake timer can no longer close the connection.
func TestHandshakeAdmittedDuringLibraryDeadlineKeepsSession(t *testing.T) {
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	dc := &deadlineConn{}
	tc := newTrackedConn(dc, clk.now)
	expired := 0
	tc.expire = func() { expired++ }
	tc.startHandshake(10*time.Second, clk.after)

	// The reader's deadline (an hour: a library idle timeout). The
	// session is admitted in the middle of setting it.
	want := clk.now().Add(time.Hour)
	dc.during = func() { require.True(t, tc.admit()) }
	require.NoError(t, tc.SetDeadline(want))

	clk.advance(time.Minute)
	deadline, closed := dc.state()
	require.True(t, deadline.Equal(want), "the library's deadline was replaced by %v", deadline)
	require.False(t, closed, "an admitted session's connection was closed by the handshake timer")
	require.Zero(t, expired)
	require.Empty(t, tc.serverReason())
}

// TestNoDeadlineIsNotSetAgain: the ssh library sets "no deadline" before
// every read and write; while no deadline was ever set that reaches the
// connection not at all, and after one was set it clears it.
func TestNoDeadlineIsNotSetAgain(t *testing.T) {
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	dc := &deadlineConn{}
	tc := newTrackedConn(dc, clk.now)
	for range 3 {
		require.NoError(t, tc.SetDeadline(time.Time{}))
	}
	require.Zero(t, dc.sets, "none was set: nothing to clear")
	require.NoError(t, tc.SetDeadline(clk.now().Add(time.Second)))
	require.NoError(t, tc.SetDeadline(time.Time{}))
	deadline, _ := dc.state()
	require.Equal(t, 2, dc.sets)
	require.True(t, deadline.IsZero(), "a deadline set is cleared when asked")
}

// TestHandshakeTimerClosesUnadmittedConnection: a connection without an
// admitted session is closed at the handshake timeout, counted once, and a
// session that arrives after that does not start.
func TestHandshakeTimerClosesUnadmittedConnection(t *testing.T) {
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	dc := &deadlineConn{}
	tc := newTrackedConn(dc, clk.now)
	expired := 0
	tc.expire = func() { expired++ }
	tc.startHandshake(10*time.Second, clk.after)
	clk.advance(9 * time.Second)
	_, closed := dc.state()
	require.False(t, closed)
	clk.advance(time.Second)
	_, closed = dc.state()
	require.True(t, closed)
	require.Equal(t, 1, expired)
	require.Equal(t, closeHandshakeTimeout, tc.serverReason())
	require.False(t, tc.admit(), "a session admitted after the timeout must not start")
	require.True(t, tc.expired())
}

// TestIdleWatchWarnsThenEndsSessions: the idle limit counts only what the
// client sends; its sessions are warned before and ended at the limit, and
// the connection is closed after they had time to say why.
func TestIdleWatchWarnsThenEndsSessions(t *testing.T) {
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	dc := &deadlineConn{}
	tc := newTrackedConn(dc, clk.now)
	var buf bytes.Buffer
	w := newIdleWatch(tc, 30*time.Minute, time.Minute, clk.after, slog.New(slog.NewTextHandler(&buf, nil)), "192.0.2.1")
	tc.idle = w
	var warned []string
	ended := 0
	remove := w.add(&idleHooks{warn: func(s string) { warned = append(warned, s) }, end: func() { ended++ }})
	defer remove()

	clk.advance(28 * time.Minute)
	require.Empty(t, warned)
	// The client sends a key: the limit counts from there.
	tc.lastRead.Store(clk.now().UnixNano())
	clk.advance(2 * time.Minute) // 30 minutes since the start, 2 since the key
	require.Empty(t, warned)
	require.Zero(t, ended)
	clk.advance(27 * time.Minute)
	require.Equal(t, []string{"boardroom: no input for 29 minutes; press a key within 1 minute to stay connected"}, warned)
	require.Zero(t, ended)
	clk.advance(time.Minute)
	require.Equal(t, 1, ended)
	require.Equal(t, closeIdle, tc.serverReason())
	_, closed := dc.state()
	require.False(t, closed, "the sessions have a moment to say why")
	clk.advance(idleGrace)
	_, closed = dc.state()
	require.True(t, closed)
	require.Len(t, warned, 1, "warned once")
	require.Empty(t, buf.String(), "the sessions log their own end")
}

// TestIdleWatchClosesConnectionWithoutSessionAndLogs: a connection with no
// interactive session is closed at the limit with a line in the log.
func TestIdleWatchClosesConnectionWithoutSessionAndLogs(t *testing.T) {
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	dc := &deadlineConn{}
	tc := newTrackedConn(dc, clk.now)
	var buf bytes.Buffer
	tc.idle = newIdleWatch(tc, 30*time.Minute, time.Minute, clk.after, slog.New(slog.NewTextHandler(&buf, nil)), "192.0.2.1")
	clk.advance(30 * time.Minute)
	_, closed := dc.state()
	require.True(t, closed)
	require.Contains(t, buf.String(), "level=WARN")
	require.Contains(t, buf.String(), `reason="idle limit"`)
	require.Contains(t, buf.String(), "remote=192.0.2.1")
	require.Zero(t, clk.armed(), "no timer left behind")
}

// TestCapLogFlushesHeldBackEvents: events held back within an interval are
// logged when it is over, even when no event follows (issue 29: a ramp's
// last refused connections were never reported).
func TestCapLogFlushesHeldBackEvents(t *testing.T) {
	var buf bytes.Buffer
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	cl := newCapLog(slog.New(slog.NewTextHandler(&buf, nil)), 10*time.Second, clk.now)
	cl.after = clk.after
	for range 100 {
		cl.bit(capUnauthPerIP, "192.0.2.1")
	}
	require.Equal(t, 1, strings.Count(buf.String(), "\n"))
	clk.advance(10 * time.Second)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	require.Len(t, lines, 2, buf.String())
	require.Contains(t, lines[1], "dropped=99 ")
	clk.advance(time.Hour)
	require.Len(t, strings.Split(strings.TrimSpace(buf.String()), "\n"), 2, "nothing more to report")
}

// TestScreenNoticeOverLastLine: the idle warning is written over the last
// line with a bell, and the next frame, even the same view, redraws it.
func TestScreenNoticeOverLastLine(t *testing.T) {
	var out bytes.Buffer
	scr := newScreen(&out, 20, 40, 3)
	scr.frame("one\ntwo\nthree")
	out.Reset()
	scr.notice("boardroom: no input for 29 minutes")
	require.Contains(t, out.String(), "\x1b[3;1H\aboardroom: no input for 29 minutes")
	out.Reset()
	scr.frame("one\ntwo\nthree")
	require.Contains(t, out.String(), "three", "the warned line is drawn again")
	require.NotContains(t, out.String(), "one", "the other lines are unchanged")
}

// stuckWriter blocks every write until it is closed, as a channel whose
// client stopped reading does; entered is told of each write that blocks.
type stuckWriter struct {
	entered chan struct{}
	closed  chan struct{}
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	w.entered <- struct{}{}
	<-w.closed
	return 0, net.ErrClosed
}

// TestScreenWriteStallFiresAndFrees: a frame the client never takes fires
// the stall timer, whose close ends the write; a write that completes
// stops its timer.
func TestScreenWriteStallFiresAndFrees(t *testing.T) {
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	var ok bytes.Buffer
	scr := newScreen(&ok, 20, 40, 3)
	fired := 0
	scr.stall = func() stopper { return clk.after(30*time.Minute, func() { fired++ }) }
	scr.frame("one")
	clk.advance(time.Hour)
	require.Zero(t, fired, "a completed write stops its timer")

	w := &stuckWriter{entered: make(chan struct{}), closed: make(chan struct{})}
	stuck := newScreen(w, 20, 40, 3)
	stuck.stall = func() stopper { return clk.after(30*time.Minute, func() { fired++; close(w.closed) }) }
	done := make(chan struct{})
	go func() { defer close(done); stuck.frame("one") }()
	<-w.entered
	clk.advance(30 * time.Minute)
	<-done
	require.Equal(t, 1, fired)
	stuck.frame("two") // stopped after the failed write: nothing is written
	select {
	case <-w.entered:
		t.Fatal("a screen whose write failed wrote again")
	default:
	}
}
