package sshserver

import (
	"log/slog"
	"net"
	"testing"

	"github.com/charmbracelet/ssh"
	"github.com/stretchr/testify/require"
)

// exitingSession is a guest session whose Exit asks the limiter for
// another slot, as a client would when it opens its next session the
// moment it sees the exit status.
type exitingSession struct {
	ssh.Session
	onExit func()
}

func (s exitingSession) PublicKey() ssh.PublicKey { return nil }
func (s exitingSession) RemoteAddr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1}
}
func (s exitingSession) Exit(int) error { s.onExit(); return nil }

// TestSlotIsFreeWhenTheExitStatusLeaves: the session's slot is released
// before its exit status is sent, so the client's next session is never
// refused for the one that just ended.
func TestSlotIsFreeWhenTheExitStatusLeaves(t *testing.T) {
	s := &Server{limits: newLimiter(1, 1), log: slog.New(slog.DiscardHandler)}
	var nextErr error
	sess := exitingSession{onExit: func() {
		release, err := s.limits.acquire("", "127.0.0.1")
		nextErr = err
		if err == nil {
			release()
		}
	}}
	exited := false
	s.limitSessions(func(sess ssh.Session) {
		exited = true
		_ = sess.Exit(0)
	})(sess)
	require.True(t, exited, "the session was admitted")
	require.NoError(t, nextErr, "the slot was still held when the exit status left")

	// And released once only: the limiter is back to one free slot.
	release, err := s.limits.acquire("", "127.0.0.1")
	require.NoError(t, err)
	_, err = s.limits.acquire("", "127.0.0.1")
	require.Error(t, err)
	release()
}
