package sshserver

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net"
	"testing"

	"github.com/charmbracelet/ssh"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
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
func (s exitingSession) Exit(int) error       { s.onExit(); return nil }
func (s exitingSession) Context() ssh.Context { return nil } // no connection

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

// otherNodes is a ClusterSessions whose other nodes hold what the test
// says; it records what this node told them.
type otherNodes struct {
	elsewhere map[string]int
	told      []string
}

func (o *otherNodes) SessionsElsewhere(key string) int { return o.elsewhere[key] }
func (o *otherNodes) SetSessions(key string, n int) {
	o.told = append(o.told, fmt.Sprintf("%s=%d", key, n))
}

// TestLimiterCountsTheKeysSessionsOnOtherNodes: a key's sessions on other
// nodes take its slots here, this node tells its own counts as they
// change, and guests are counted per node only.
func TestLimiterCountsTheKeysSessionsOnOtherNodes(t *testing.T) {
	others := &otherNodes{elsewhere: map[string]int{"SHA256:a": 2, "SHA256:b": 3}}
	l := newLimiter(3, 1)
	l.cluster = others
	r1, err := l.acquire("SHA256:a", "10.0.0.1")
	require.NoError(t, err, "two elsewhere, one here: three")
	_, err = l.acquire("SHA256:a", "10.0.0.1")
	require.ErrorContains(t, err, "too many sessions with this key (at most 3")
	_, err = l.acquire("SHA256:b", "10.0.0.1")
	require.ErrorContains(t, err, "too many sessions with this key", "all of b's slots are taken on other nodes")
	r1()
	r1()
	others.elsewhere["SHA256:a"] = 1
	r2, err := l.acquire("SHA256:a", "10.0.0.1")
	require.NoError(t, err)
	r3, err := l.acquire("SHA256:a", "10.0.0.1")
	require.NoError(t, err)
	_, err = l.acquire("SHA256:a", "10.0.0.1")
	require.Error(t, err)
	r3()
	r2()
	require.Equal(t, []string{"SHA256:a=1", "SHA256:a=0", "SHA256:a=1", "SHA256:a=2", "SHA256:a=1", "SHA256:a=0"}, others.told,
		"each change told once, in order; refusals tell nothing")

	others.elsewhere[""] = 5 // guests never ask the other nodes
	g, err := l.acquire("", "10.0.0.1")
	require.NoError(t, err)
	g()
	require.Len(t, others.told, 6, "guests are not told")
}

// keyedSession is an exitingSession with a key, counting how often its
// key is asked for.
type keyedSession struct {
	exitingSession
	key  ssh.PublicKey
	asks *int
}

func (s keyedSession) PublicKey() ssh.PublicKey { *s.asks++; return s.key }

// TestSessionIdentityMadeOnce: the handlers inside limitSessions read the
// fingerprint and address it computed from the session itself, through
// every wrapper, and the session's key is read once.
func TestSessionIdentityMadeOnce(t *testing.T) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	signer, err := gossh.NewSignerFromKey(priv)
	require.NoError(t, err)
	asks := 0
	sess := keyedSession{exitingSession: exitingSession{onExit: func() {}}, key: signer.PublicKey(), asks: &asks}
	s := &Server{limits: newLimiter(4, 4), log: slog.New(slog.DiscardHandler)}
	want := gossh.FingerprintSHA256(signer.PublicKey())
	var got [3]string
	s.limitSessions(func(inner ssh.Session) {
		adm := admittedSession{Session: inner, live: &liveSession{fp: fingerprint(inner), ip: "127.0.0.1"}}
		fp, ip := identityOf(adm)
		got = [3]string{fp, ip, fingerprint(adm)}
	})(sess)
	require.Equal(t, [3]string{want, "127.0.0.1", want}, got)
	require.Equal(t, 1, asks, "the key is read once a session")
}
