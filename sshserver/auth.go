package sshserver

import (
	"net"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// acceptAnyKey accepts every public key. Who the player is gets decided in
// the session handler from the key the connection actually authenticated
// with; nothing is remembered here (CVE-2024-45337).
func acceptAnyKey(ssh.Context, ssh.PublicKey) bool { return true }

// acceptGuest lets clients that offer no usable key in as guests, without
// asking anything.
func acceptGuest(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }

// fingerprint is the identity of a session: the SHA256 fingerprint of the key
// that authenticated it, or "" for a guest.
func fingerprint(s ssh.Session) string {
	k := s.PublicKey()
	if k == nil {
		return ""
	}
	return gossh.FingerprintSHA256(k)
}

// handshakeConn bounds the time a client may take from TCP connect to its
// first session request. The ssh library sets a deadline before each read
// and write (from its idle timeout); until released, handshakeConn never
// lets that deadline pass the handshake deadline.
type handshakeConn struct {
	net.Conn
	deadline time.Time
	idle     time.Duration

	onClose func() // called once the connection is closed

	mu       sync.Mutex
	released bool
}

func (c *handshakeConn) Close() error {
	err := c.Conn.Close()
	if c.onClose != nil {
		c.onClose()
	}
	return err
}

func (c *handshakeConn) clamp(t time.Time) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.released {
		return t
	}
	if t.IsZero() || t.After(c.deadline) {
		return c.deadline
	}
	return t
}

func (c *handshakeConn) SetDeadline(t time.Time) error { return c.Conn.SetDeadline(c.clamp(t)) }

func (c *handshakeConn) SetReadDeadline(t time.Time) error {
	return c.Conn.SetReadDeadline(c.clamp(t))
}

func (c *handshakeConn) SetWriteDeadline(t time.Time) error {
	return c.Conn.SetWriteDeadline(c.clamp(t))
}

// release lifts the handshake deadline; from now on only the idle timeout
// applies. The read in progress was started with the handshake deadline, so
// it is extended here too.
func (c *handshakeConn) release() {
	c.mu.Lock()
	if c.released {
		c.mu.Unlock()
		return
	}
	c.released = true
	c.mu.Unlock()
	var t time.Time
	if c.idle > 0 {
		t = time.Now().Add(c.idle)
	}
	_ = c.Conn.SetDeadline(t)
}

// wrapConn runs for each accepted connection before the ssh handshake. A
// connection beyond the caps of unauthenticated connections is closed at
// once (returning nil closes it); the others get the handshake deadline.
func (s *Server) wrapConn(ctx ssh.Context, conn net.Conn) net.Conn {
	ip := remoteIP(conn.RemoteAddr())
	release, full := s.unauth.acquire(ip)
	if full != "" {
		s.refuse(full, ip)
		return nil
	}
	hc := &handshakeConn{
		Conn:     conn,
		deadline: time.Now().Add(s.cfg.HandshakeTimeout),
		idle:     s.cfg.IdleTimeout,
		onClose:  release,
	}
	_ = conn.SetDeadline(hc.deadline)
	ctx.SetValue(connStateKey{}, &connState{hc: hc, unauthDone: release})
	return hc
}

// releaseHandshake is the middleware that lifts the handshake deadline once
// a session has been admitted: it runs inside limitSessions, so a refused
// session leaves the deadline in place and its connection is closed then.
func (s *Server) releaseHandshake(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if cs := connStateOf(sess.Context()); cs != nil {
			cs.hc.release()
		}
		next(sess)
	}
}
