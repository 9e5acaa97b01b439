package sshserver

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// sessionChannel handles each "session" channel before the ssh library
// does: it caps the channels open at once on a connection, and it filters
// the channel's requests so that the library's session loop never stores an
// unbounded environment nor parses an unbounded command (its shell-word
// parser is quadratic in the length of a word).
//
// The library's loop of the channel's requests (this goroutine) ends once
// the session has started: the filter answers the rest itself (a window
// change, or a refusal), so a session keeps one goroutine fewer, some 4 KiB
// of stack (issue 32). The channel's slot is then freed by the filter, when
// the channel closes.
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	remote := connIP(ctx, conn.RemoteAddr())
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in ssh channel handler", "remote", remote, "panic", r, "stack", string(debug.Stack()))
		}
	}()
	cs := connStateOf(ctx)
	if cs != nil && !cs.openChannel(s.cfg.MaxChannelsPerConn) {
		s.refuse(capChannels, remote)
		_ = nc.Reject(gossh.ResourceShortage, fmt.Sprintf("too many channels on this connection (at most %d at once)", s.cfg.MaxChannelsPerConn))
		return
	}
	g := guardedChannel{NewChannel: nc, s: s, remote: remote, cs: cs, accepted: new(bool)}
	ssh.DefaultSessionHandler(srv, conn, g, ctx)
	if cs != nil && !*g.accepted {
		cs.closeChannel() // no filter took the slot
	}
}

// guardedChannel is a new session channel whose Accept hands the ssh
// library a filtered request stream instead of the client's.
type guardedChannel struct {
	gossh.NewChannel
	s        *Server
	remote   string
	cs       *connState // nil: none (tests)
	accepted *bool      // Accept started a filter, which frees the channel's slot
}

func (g guardedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, in, err := g.NewChannel.Accept()
	if err != nil {
		return nil, nil, err
	}
	out := make(chan *gossh.Request)
	f := &requestFilter{s: g.s, ch: ch, remote: g.remote, cs: g.cs}
	if g.cs != nil {
		g.cs.filters.Store(ch, f)
	}
	*g.accepted = true
	go f.run(in, out)
	return ch, out, nil
}

// requestFilter passes a session's requests on to the ssh library, and
// answers those beyond the limits itself, without storing them.
type requestFilter struct {
	s      *Server
	ch     gossh.Channel
	remote string

	cs      *connState
	sizes   windowSizes // the window changes, kept here (winsize.go)
	envs    int         // env requests passed on
	pty     bool        // a pty was requested: messages end in CRLF
	started bool        // a shell, command or subsystem was passed on
	refused bool        // the command was refused and the channel closed
}

func (f *requestFilter) run(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer func() {
		if out != nil {
			close(out)
		}
	}()
	if f.cs != nil {
		defer f.cs.closeChannel()
		defer f.cs.filters.Delete(f.ch)
	}
	defer func() {
		if r := recover(); r != nil {
			f.s.log.Error("panic in ssh request filter", "remote", f.remote, "panic", r, "stack", string(debug.Stack()))
			_ = f.ch.Close()
			for req := range in { // the channel is closed: this ends soon
				_ = req.Reply(false, nil)
			}
		}
	}()
	for req := range in {
		if f.refused {
			_ = req.Reply(false, nil)
			continue
		}
		if !f.pass(req) {
			continue
		}
		if out == nil {
			// The session runs: what the library's loop would still
			// take (a second shell or command, a pty or environment
			// too late, signals and breaks the server does not read)
			// it would refuse.
			_ = req.Reply(false, nil)
			continue
		}
		out <- req
		if f.started {
			// The library has the request that starts the session and
			// runs its handler on a goroutine of its own: its loop of
			// requests ends here (sessionChannel says why).
			close(out)
			out = nil
		}
	}
}

// pass reports whether req goes on to the ssh library; when it does not,
// pass has answered it.
func (f *requestFilter) pass(req *gossh.Request) bool {
	cfg := &f.s.cfg
	switch req.Type {
	case "env":
		return f.passEnv(req)
	case "pty-req":
		f.pty = true
	case "window-change":
		if f.pty {
			f.windowChange(req)
			return false
		}
	case "shell":
		f.started = true
	case "exec", "subsystem":
		// The payload is a string: 4 bytes of length, then the text.
		if len(req.Payload) > cfg.MaxCommandBytes+4 {
			f.s.refuse(capCommandBytes, f.remote)
			if req.Type == "exec" && !f.started {
				f.refuseCommand(req)
				return false
			}
			_ = req.Reply(false, nil)
			return false
		}
		f.started = true
	}
	return true
}

// passEnv keeps at most MaxEnvPerSession variables of at most MaxEnvBytes
// each, and only those the server reads; the others are refused.
func (f *requestFilter) passEnv(req *gossh.Request) bool {
	cfg := &f.s.cfg
	// Two strings: 4 bytes of length each, then name and value.
	if len(req.Payload) > cfg.MaxEnvBytes+8 || f.envs >= cfg.MaxEnvPerSession {
		f.s.refuse(capEnv, f.remote)
		_ = req.Reply(false, nil)
		return false
	}
	var kv struct{ Key, Value string }
	if err := gossh.Unmarshal(req.Payload, &kv); err != nil || !usedEnv(kv.Key) {
		_ = req.Reply(false, nil)
		return false
	}
	f.envs++
	return true
}

// usedEnv reports whether the server reads the variable name (render.go).
func usedEnv(name string) bool {
	switch name {
	case "TERM", "COLORTERM", "NO_COLOR", "LANG":
		return true
	}
	return strings.HasPrefix(name, "LC_")
}

// refuseCommand answers a command too long to be parsed with a message on
// standard error and exit status 2, then closes the channel; the command
// itself is never read.
func (f *requestFilter) refuseCommand(req *gossh.Request) {
	f.refused = true
	nl := "\n"
	if f.pty {
		nl = "\r\n"
	}
	_ = req.Reply(true, nil)
	fmt.Fprintf(f.ch.Stderr(), "boardroom: command too long (at most %d bytes)%s", f.s.cfg.MaxCommandBytes, nl)
	status := struct{ Status uint32 }{2}
	_, _ = f.ch.SendRequest("exit-status", false, gossh.Marshal(&status))
	_ = f.ch.Close()
}
