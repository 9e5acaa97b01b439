package sshserver

import (
	"fmt"
	"net"

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
	if x, ok := s.(identified); ok {
		fp, _ := x.identity()
		return fp
	}
	k := s.PublicKey()
	if k == nil {
		return ""
	}
	return gossh.FingerprintSHA256(k)
}

// identified is a session whose key fingerprint and remote address the
// outermost of the handlers that need them (limitSessions) computed, from
// the session itself, for the others: computed at each use, a session
// kept five copies of its address and three of its fingerprint.
type identified interface {
	identity() (fp, ip string)
}

// identityOf is the session's key fingerprint ("" for a guest) and remote
// address: fingerprint's and remoteIP's, computed once a session.
func identityOf(sess ssh.Session) (fp, ip string) {
	if x, ok := sess.(identified); ok {
		return x.identity()
	}
	return fingerprint(sess), connIP(sess.Context(), sess.RemoteAddr())
}

// wrapConn runs for each accepted connection before the ssh handshake. A
// connection beyond the caps of unauthenticated connections is closed at
// once (returning nil closes it); the others are tracked (conn.go) and get
// the handshake timer.
func (s *Server) wrapConn(ctx ssh.Context, conn net.Conn) net.Conn {
	ip := remoteIP(conn.RemoteAddr())
	release, full := s.unauth.acquire(ip)
	if full != "" {
		s.refuse(full, ip)
		return nil
	}
	tc := newTrackedConn(conn, s.now)
	tc.onClose = release
	tc.expire = func() { s.refuse(RefusedHandshakeTimeout, ip) }
	ctx.SetValue(connStateKey{}, &connState{hc: tc, unauthDone: release, ip: ip})
	tc.startHandshake(s.cfg.HandshakeTimeout, s.after)
	return tc
}

// releaseHandshake is the middleware that stops the handshake timer once a
// session has been admitted, and starts the connection's idle limit (idle.go).
// It runs inside limitSessions, so a refused session leaves the timer running
// and its connection is closed then. A session admitted just as the timer
// fired does not start: its connection is being closed, and the client is
// told why if the words still reach it.
func (s *Server) releaseHandshake(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if s.handshakeDone(sess) {
			next(sess)
		}
	}
}

// handshakeDone stops the connection's handshake limit and starts its idle
// watch, or refuses a session that came too late. Its own function, not
// inlined, so that its frame is not on the session's stack while the
// session runs (runTUI says why).
//
//go:noinline
func (s *Server) handshakeDone(sess ssh.Session) bool {
	cs := connStateOf(sess.Context())
	if cs == nil {
		return true
	}
	if !cs.hc.admit() {
		fmt.Fprintf(sess.Stderr(), "boardroom: the connection took longer than %s to open a session; try again\n",
			humanDuration(s.cfg.HandshakeTimeout))
		_ = sess.Exit(1)
		s.logEnd(sess, sessionEnd{reason: closeHandshakeTimeout, server: true}, 0)
		return false
	}
	cs.hc.watchIdle(func() *idleWatch {
		return newIdleWatch(cs.hc, s.cfg.IdleTimeout, s.cfg.IdleWarning, s.after, s.log, connIP(sess.Context(), sess.RemoteAddr()))
	})
	return true
}
