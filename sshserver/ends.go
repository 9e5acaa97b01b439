package sshserver

import (
	"context"
	"errors"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
)

// Every session's end is logged with its reason: at Info when the client
// or the player ended it (a quit, a closed terminal, a lost connection), at
// Warn when the server decided (the idle limit, a handshake that ran out of
// time, an error). A refused session is logged where it is refused
// (limits.go), a refused connection by the cap log (caps.go).

// sessionEnd is why a session ended.
type sessionEnd struct {
	reason string
	server bool // the server's own decision: logged at Warn
	err    error
}

// Causes of the end of an interactive session's context.
var (
	errInputClosed = errors.New("client closed the session")
	errIdleLimit   = errors.New(closeIdle)
	errBanned      = errors.New("banned by an operator") // access.go
)

// tuiEnd says why an interactive session's program ended; runErr is what
// the program's Run returned.
func (s *Server) tuiEnd(sess ssh.Session, ctx context.Context, runErr error) sessionEnd {
	var hc *trackedConn
	if cs := connStateOf(sess.Context()); cs != nil {
		hc = cs.hc
	}
	cause := context.Cause(ctx)
	switch {
	case errors.Is(cause, errIdleLimit):
		return sessionEnd{reason: closeIdle, server: true}
	case errors.Is(cause, errBanned):
		return sessionEnd{reason: errBanned.Error(), server: true}
	case hc != nil && hc.serverReason() != "":
		r := hc.serverReason()
		return sessionEnd{reason: r, server: r != closeShutdown}
	case s.closing():
		return sessionEnd{reason: closeShutdown}
	case runErr == nil:
		// The program ended itself: the player quit, or the model said why
		// on the screen (and logged it, when it was an error).
		return sessionEnd{reason: "quit"}
	case errors.Is(cause, errInputClosed):
		return sessionEnd{reason: errInputClosed.Error()}
	case sess.Context().Err() != nil:
		if hc != nil {
			return sessionEnd{reason: connEnd(hc.firstErr()), err: hc.firstErr()}
		}
		return sessionEnd{reason: "connection closed"}
	case !errors.Is(runErr, tea.ErrProgramKilled) && !errors.Is(runErr, context.Canceled):
		return sessionEnd{reason: "program error", server: true, err: runErr}
	}
	return sessionEnd{reason: "ended for no known reason", server: true, err: runErr}
}

// logEnd writes the line of a session's end.
func (s *Server) logEnd(sess ssh.Session, end sessionEnd, took time.Duration) {
	_, _, pty := sess.Pty()
	args := []any{"reason", end.reason, "remote", remoteIP(sess.RemoteAddr()), "guest", fingerprint(sess) == "",
		"pty", pty, "cmd", commandName(commandOf(sess)), "took", took.Round(time.Millisecond).String()}
	if end.err != nil {
		args = append(args, "err", end.err)
	}
	if end.server {
		s.log.Warn("session end", args...)
		return
	}
	s.log.Info("session end", args...)
}
