package sshserver

import (
	"errors"
	"os"
	"time"

	"github.com/charmbracelet/ssh"
)

// Observer is told what the SSH server does, for an operator's metrics
// (cmd wires a Prometheus implementation). Methods are called from many
// sessions' goroutines at once: they must be safe for concurrent use,
// quick, and must not block. A nil Config.Observer costs one nil check
// per session, refusal and frame, and no clock reads.
type Observer interface {
	// SessionStarted and SessionEnded bracket every admitted session, of
	// a kind SessionPlayer, SessionGuest or SessionExec.
	SessionStarted(kind string)
	SessionEnded(kind string)
	// Refused reports a connection, session, channel or request refused
	// because it went past a limit, one of RefusalReasons.
	Refused(reason string)
	// Frame reports how long an interactive session took from a message
	// reaching its program (a key, a lobby update, a resize) to the frame
	// it produced being handed to the connection, or held back by the
	// frame rate, or found unchanged.
	Frame(took time.Duration)
}

// Kinds of session, for Observer.SessionStarted.
const (
	SessionPlayer = "player" // the terminal UI, with a key
	SessionGuest  = "guest"  // the terminal UI, without a key
	SessionExec   = "exec"   // a plain-text command (`ssh host COMMAND`), by player or guest
)

// Reasons of Observer.Refused: one per limit of the server (Config).
const (
	RefusedUnauthPerAddress = capUnauthPerIP       // MaxUnauthPerIP: the connection is closed at once
	RefusedUnauthTotal      = capUnauthTotal       // MaxUnauthTotal: the connection is closed at once
	RefusedChannels         = capChannels          // MaxChannelsPerConn: the channel is rejected
	RefusedEnv              = capEnv               // MaxEnvPerSession, MaxEnvBytes: the env request is refused
	RefusedCommandBytes     = capCommandBytes      // MaxCommandBytes: the command is refused unread
	RefusedSessionsPerKey   = "sessions-per-key"   // MaxSessionsPerKey: the session ends with a message
	RefusedGuestsPerAddress = "guests-per-address" // MaxGuestsPerIP: the session ends with a message
	RefusedHandshakeTimeout = "handshake-timeout"  // HandshakeTimeout: the client took too long to authenticate
)

// RefusalReasons lists every reason Observer.Refused is called with, so
// that a metric can show each of them at zero from the start.
func RefusalReasons() []string {
	return []string{RefusedUnauthPerAddress, RefusedUnauthTotal, RefusedChannels, RefusedEnv,
		RefusedCommandBytes, RefusedSessionsPerKey, RefusedGuestsPerAddress, RefusedHandshakeTimeout}
}

// SessionKinds lists every kind Observer.SessionStarted is called with.
func SessionKinds() []string { return []string{SessionPlayer, SessionGuest, SessionExec} }

// refuse logs (at most once per interval) and counts a refusal by one of
// the caps.
func (s *Server) refuse(cap, remote string) {
	s.caps.bit(cap, remote)
	if s.cfg.Observer != nil {
		s.cfg.Observer.Refused(cap)
	}
}

// connectionFailed runs for each connection whose ssh handshake failed.
func (s *Server) connectionFailed(remote string, err error) {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		s.refuse(RefusedHandshakeTimeout, remote)
		return
	}
	s.log.Debug("ssh handshake failed", "remote", remote, "err", err)
}

// observeSession reports the session's start and returns the function that
// reports its end.
func (s *Server) observeSession(sess ssh.Session, tui bool) func() {
	obs := s.cfg.Observer
	if obs == nil {
		return func() {}
	}
	kind := SessionExec
	switch {
	case tui && fingerprint(sess) == "":
		kind = SessionGuest
	case tui:
		kind = SessionPlayer
	}
	obs.SessionStarted(kind)
	return func() { obs.SessionEnded(kind) }
}
