package sshserver

import (
	"context"
	"fmt"
	"net/netip"
	"sync"

	"github.com/charmbracelet/ssh"

	"boardroom/lobby/moderation"
)

// admit refuses, at the start of a session and before any screen, the keys
// and addresses the operators banned, and on a private server (--allow-keys)
// every key it does not know and every guest: the client reads why on
// standard error. An admitted session is known to the server until it
// ends, so that a ban made later ends it (kickBanned).
func (s *Server) admit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if s.cfg.Moderation == nil {
			next(sess)
			return
		}
		l := s.admitSession(sess)
		if l == nil {
			return
		}
		defer s.live.remove(l)
		next(admittedSession{Session: sess, live: l})
	}
}

// admitSession lists the session among the live ones, or refuses it (nil).
// Its own function, not inlined, so that its frame is not on the session's
// stack while the session runs (runTUI says why).
//
//go:noinline
func (s *Server) admitSession(sess ssh.Session) *liveSession {
	fp, ip := identityOf(sess)
	if why := s.cfg.Moderation.Refusal(fp, ip); why != "" {
		s.log.Info("session refused", "reason", "moderation", "remote", ip, "guest", fp == "")
		fmt.Fprintf(sess.Stderr(), "boardroom: %s%s", why, lineEnd(sess))
		_ = sess.Exit(1)
		return nil
	}
	l := &liveSession{fp: fp, ip: ip}
	s.live.add(l)
	return l
}

// lineEnd is CRLF on a terminal (its line discipline is off), LF otherwise.
func lineEnd(sess ssh.Session) string {
	if _, _, pty := sess.Pty(); pty {
		return "\r\n"
	}
	return "\n"
}

// admittedSession carries the session's entry in the server's list of
// live sessions down to the handlers.
type admittedSession struct {
	ssh.Session
	live *liveSession
}

func (a admittedSession) identity() (fp, ip string) { return a.live.fp, a.live.ip }

// liveOf returns the session's entry, or nil when nothing admitted it (no
// moderation configured).
func liveOf(sess ssh.Session) *liveSession {
	if a, ok := sess.(admittedSession); ok {
		return a.live
	}
	return nil
}

// liveSession is one admitted session: whom a ban reaches, and how the
// session ends when it does.
type liveSession struct {
	fp, ip string

	mu     sync.Mutex
	end    context.CancelFunc // ends the terminal UI; nil for a command
	reason string             // why the session was ended, as the player reads it
}

// onEnd sets how the session is ended by a ban.
func (l *liveSession) onEnd(cancel context.CancelFunc) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.end = cancel
	if l.reason != "" {
		cancel() // banned before the UI started
	}
}

// ended is why the session was ended by a ban, or "".
func (l *liveSession) ended() string {
	if l == nil {
		return ""
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.reason
}

func (l *liveSession) kick(reason string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.reason != "" {
		return
	}
	l.reason = reason
	if l.end != nil {
		l.end()
	}
}

// liveSessions are the sessions admitted and not ended yet.
type liveSessions struct {
	mu  sync.Mutex
	set map[*liveSession]struct{}
}

func (ls *liveSessions) add(l *liveSession) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.set == nil {
		ls.set = map[*liveSession]struct{}{}
	}
	ls.set[l] = struct{}{}
}

func (ls *liveSessions) remove(l *liveSession) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	delete(ls.set, l)
}

// kickBanned ends the live sessions a ban that just started to hold
// reaches, each with the sentence a new session of theirs would read.
func (s *Server) kickBanned(b moderation.Ban) {
	m := s.cfg.Moderation
	var prefix netip.Prefix
	if b.Kind == moderation.KindAddress {
		p, err := netip.ParsePrefix(b.Target)
		if err != nil {
			return
		}
		prefix = p
	}
	s.live.mu.Lock()
	var hit []*liveSession
	for l := range s.live.set {
		switch b.Kind {
		case moderation.KindKey:
			if l.fp != "" && l.fp == b.Target {
				hit = append(hit, l)
			}
		case moderation.KindAddress:
			if a, ok := moderation.ParseAddr(l.ip); ok && prefix.Contains(a) {
				hit = append(hit, l)
			}
		}
	}
	s.live.mu.Unlock()
	for _, l := range hit {
		if why := m.Refusal(l.fp, l.ip); why != "" {
			s.log.Info("session ended by a ban", "remote", l.ip, "guest", l.fp == "")
			l.kick(why)
		}
	}
}
