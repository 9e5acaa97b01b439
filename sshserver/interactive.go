package sshserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"

	"boardroom/lobby"
)

// recoverAndLog is the outermost middleware: it logs each session's start
// and end and turns a panic in a handler into a logged error and exit 1.
func (s *Server) recoverAndLog(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		s.active.add()
		defer s.active.done()
		defer s.recoverSession(sess)
		s.logStart(sess)
		next(sess) // dispatch logs the session's end and why
	}
}

// sessionLog is the logger of one session's start and panic.
func (s *Server) sessionLog(sess ssh.Session) *slog.Logger {
	_, _, pty := sess.Pty()
	return s.log.With("remote", remoteIP(sess.RemoteAddr()), "guest", fingerprint(sess) == "",
		"pty", pty, "cmd", commandName(commandOf(sess)))
}

// logStart is its own function, not inlined, so that its frame is not on
// the session's stack while the session runs (runTUI says why).
//
//go:noinline
func (s *Server) logStart(sess ssh.Session) {
	if s.log.Enabled(context.Background(), slog.LevelDebug) {
		s.sessionLog(sess).Debug("session start")
	}
}

// recoverSession turns a panic in a handler into a logged error and exit 1.
func (s *Server) recoverSession(sess ssh.Session) {
	if r := recover(); r != nil {
		s.sessionLog(sess).Error("panic in ssh session", "panic", r, "stack", string(debug.Stack()))
		fmt.Fprintln(sess.Stderr(), "boardroom: internal error")
		_ = sess.Exit(1)
	}
}

// commandOf is sess's command in words. The ssh library splits the raw
// command with a shell-word lexer that makes a 4 KiB reader on every call,
// for the empty command of a terminal session too: 4 KiB of garbage for
// every session that comes to the lobby, each time it is asked (issue 32).
// A session without a command skips the lexer.
func commandOf(sess ssh.Session) []string {
	if sess.RawCommand() == "" {
		return nil
	}
	return sess.Command()
}

// commandName is the first word of a command, for logs (arguments may hold
// chat text or handles and are not logged).
func commandName(cmd []string) string {
	if len(cmd) == 0 {
		return ""
	}
	return cmd[0]
}

// dispatch runs the TUI for a terminal session without a command (or with
// `play ID`, or `join CODE` from a key), and the plain-text command
// otherwise.
func (s *Server) dispatch(_ ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		r := s.route(sess)
		defer r.observed()
		if r.tui {
			r.end = s.runTUI(sess, r.openTable, r.code)
		}
		s.routed(sess, r)
	}
}

// sessionRoute is where dispatch sends a session and, once it ended, why.
type sessionRoute struct {
	tui       bool // runTUI with openTable or code
	openTable int64
	code      string
	end       sessionEnd
	start     time.Time
	observed  func() // tells the observer of the end
}

// route decides where a session goes, and runs what is not the TUI (a
// command, or the refusal of a session without a terminal) itself. Its
// own function, not inlined, so that its frame is not on the session's
// stack while the TUI runs (runTUI says why).
//
//go:noinline
func (s *Server) route(sess ssh.Session) *sessionRoute {
	cmd := commandOf(sess)
	_, _, pty := sess.Pty()
	code, joinTUI := tuiJoin(cmd, pty, fingerprint(sess))
	r := &sessionRoute{start: s.now()}
	r.observed = s.observeSession(sess, pty && (len(cmd) == 0 || cmd[0] == "play" || joinTUI))
	switch {
	case len(cmd) == 0 && pty:
		r.tui = true
	case joinTUI:
		r.tui, r.code = true, code
	case len(cmd) == 0:
		fmt.Fprintf(sess.Stderr(), "boardroom: the lobby needs a terminal: connect with %s\n"+
			"(or run a command: %s help)\n", strings.Replace(s.SSHCommand(), "ssh ", "ssh -t ", 1), s.SSHCommand())
		_ = sess.Exit(1)
		r.end = sessionEnd{reason: "no terminal for the lobby (exit status 1)"}
	case cmd[0] == "play" && pty:
		id, err := parsePlayArgs(cmd[1:])
		if err != nil {
			fmt.Fprintf(sess.Stderr(), "boardroom: %v\n", err)
			_ = sess.Exit(2)
			r.end = sessionEnd{reason: "bad play arguments (exit status 2)"}
			break
		}
		r.tui, r.openTable = true, id
	default:
		status := s.runCommand(sess, cmd)
		_ = sess.Exit(status)
		r.end = sessionEnd{reason: fmt.Sprintf("command done (exit status %d)", status)}
	}
	return r
}

// routed logs the session's end and why.
//
//go:noinline
func (s *Server) routed(sess ssh.Session, r *sessionRoute) {
	s.logEnd(sess, r.end, s.now().Sub(r.start))
}

// tuiJoin reports a terminal session of a key that asked to join a lobby
// with its invite code alone (`ssh -t host join CODE`): the TUI opens with
// the code in mind, asks a key without a handle for one on its welcome
// screen, joins and lands in the lobby. Guests, sessions without a
// terminal and `join CODE --handle NAME` run the plain command.
func tuiJoin(cmd []string, pty bool, fp string) (string, bool) {
	if !pty || fp == "" || len(cmd) != 2 || cmd[0] != "join" || strings.HasPrefix(cmd[1], "-") {
		return "", false
	}
	return cmd[1], true
}

func parsePlayArgs(args []string) (int64, error) {
	if len(args) != 1 {
		return 0, errors.New("usage: play TABLEID")
	}
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%q is not a table id", args[0])
	}
	return id, nil
}

// runTUI runs one Bubble Tea program for the session until the player quits
// or the connection ends; it opens at a table (openTable) or joins a lobby
// (joinCode) when asked to.
//
// It waits for the program with as little as it can on its goroutine's
// stack: the session's goroutine holds the whole middleware chain while the
// player plays, and the collector shrinks a stack only to about four times
// what it uses (a goroutine waiting with more than about 3 KiB in use keeps
// 16 KiB for the session's life, under it 8 KiB). So the setting up and the
// ending are functions of their own, not inlined, whose frames are gone
// while the program runs, as are the middlewares' own (their frames went
// from 2.8 KiB to 0.9 KiB; `go build -gcflags=-S` shows each function's
// frame size).
func (s *Server) runTUI(sess ssh.Session, openTable int64, joinCode string) sessionEnd {
	t := s.startTUI(sess, openTable, joinCode)
	defer t.close()
	final, err := t.p.Run()
	return s.endTUI(sess, t, final, err)
}

// tuiRun is one session's program and what its end needs.
type tuiRun struct {
	p       *tea.Program
	ctx     context.Context
	cancel  context.CancelCauseFunc
	live    *liveSession
	scr     *screen
	cleanup func() // the idle watch's hooks removed; nil: none
}

func (t *tuiRun) close() {
	if t.cleanup != nil {
		t.cleanup()
	}
	t.cancel(nil)
}

//go:noinline
func (s *Server) startTUI(sess ssh.Session, openTable int64, joinCode string) *tuiRun {
	ptyReq, winCh, _ := sess.Pty()
	env := environ(sess.Environ())
	ti := inspectTerm(env)
	w, h := clampSize(ptyReq.Window.Width, ptyReq.Window.Height)
	fp, ip := identityOf(sess)
	log := sessionLogger(s.log, ip, fp == "")

	// The lobby limits some things per address (wrong invite codes).
	// The cause of the context's end says why the session ended (ends.go).
	ctx, cancel := context.WithCancelCause(lobby.WithClientAddr(sess.Context(), ip))
	live := liveOf(sess)
	live.onEnd(func() { cancel(errBanned) }) // a ban ends the session (access.go)
	scr := newScreen(rawWriter(sess), s.cfg.FPS, w, h)
	t := &tuiRun{ctx: ctx, cancel: cancel, live: live, scr: scr}
	if cs := connStateOf(sess.Context()); cs != nil {
		// A client that takes none of a frame for the idle limit has
		// stopped reading: its connection is closed, which ends the write.
		hc := cs.hc
		st := &rearm{after: s.after, d: s.cfg.IdleTimeout, f: func() { hc.closeFor(closeWriteStall) }}
		scr.stall = st.arm
		if iw := cs.hc.idleWatch(); iw != nil {
			t.cleanup = iw.add(&idleHooks{warn: scr.notice, end: func() { cancel(errIdleLimit) }})
		}
	}
	// The program is made after the model it runs: Post finds it here.
	var prog atomic.Pointer[tea.Program]
	// send hands msg to the program, waiting until it takes it or has
	// ended; it runs on a goroutine of its own (post's, or a timer's).
	send := func(msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic posting to a session", "panic", r)
			}
		}()
		if p := prog.Load(); p != nil {
			p.Send(msg) // returns when the program has ended
		}
	}
	post := func(msg tea.Msg) { go send(msg) }
	// The model asks for delayed messages from its Update, one call at a
	// time (framed hands each to a worker and waits): the poster is made
	// at the first, so that a session in the lobby keeps none.
	var after *afterPoster
	postAfter := func(d time.Duration, msg tea.Msg) {
		if after == nil {
			after = &afterPoster{send: send}
		}
		after.post(d, msg)
	}
	model := s.cfg.NewModel(Session{
		Bell:        scr.ring,
		Post:        post,
		PostAfter:   postAfter,
		Context:     ctx,
		Fingerprint: fp,
		Renderer:    s.rends.get(ti),
		Width:       w,
		Height:      h,
		NoColor:     ti.NoColor,
		ASCII:       ti.ASCII,
		OpenTable:   openTable,
		JoinCode:    joinCode,
		SSHCommand:  s.SSHCommand(),
		Logger:      log,
		Operator:    s.console(fp), // op_console.go
		Renamed:     s.renameNote(ctx, fp),
	})
	in := newThrottledReader(ctx, sess, s.cfg.InputBytesPerSec, s.cfg.InputBurst)
	// Bubble Tea ignores the end of its input; a session whose client
	// closed the channel must end, not linger until the connection goes.
	in.onErr = func() { cancel(errInputClosed) }
	// The program runs without Bubble Tea's renderer, whose ticker would
	// wake every idle session at the frame rate; the screen draws each
	// frame when the model produced it (frame.go).
	fr := newFramed(model, scr, s.workers())
	fr.obs = s.cfg.Observer
	p := tea.NewProgram(fr,
		tea.WithInput(in),
		tea.WithOutput(sess),
		tea.WithContext(ctx),
		tea.WithoutSignalHandler(),
		tea.WithoutRenderer(),
		tea.WithEnvironment(env), // else each program copies the server's own environment
		tea.WithFilter(clampWindowMsgs),
	)
	prog.Store(p)
	// Window changes: the request filter keeps them (winsize.go); a
	// session it does not know reads the library's channel of sizes, which
	// queues the initial size first.
	if ws := windowSizesOf(sess); ws != nil {
		ws.listen(func(w, h int) { p.Send(tea.WindowSizeMsg{Width: w, Height: h}) }, log.Error)
	} else {
		go watchWindow(ctx, log, winCh, p)
	}
	t.p = p
	return t
}

//go:noinline
func (s *Server) endTUI(sess ssh.Session, t *tuiRun, final tea.Model, err error) sessionEnd {
	ctx, live, scr := t.ctx, t.live, t.scr
	t.p.Kill()
	goodbye := ""
	if f, ok := final.(*framed); ok && err == nil {
		goodbye = f.finalView() // the program quit: its last words
	}
	end := s.tuiEnd(sess, ctx, err)
	if why := live.ended(); why != "" {
		goodbye = "boardroom: " + why
	} else if end.reason == closeIdle {
		goodbye = fmt.Sprintf("boardroom: closed after %s without input from your terminal. Connect again with %s.",
			humanDuration(s.cfg.IdleTimeout), s.SSHCommand())
	}
	scr.close(goodbye)
	return end
}

// clampWindowMsgs keeps absurd window sizes away from the model.
func clampWindowMsgs(_ tea.Model, msg tea.Msg) tea.Msg {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		ws.Width, ws.Height = clampSize(ws.Width, ws.Height)
		return ws
	}
	return msg
}

// watchWindow hands the library's window sizes to the program.
func watchWindow(ctx context.Context, log *slog.Logger, winCh <-chan ssh.Window, p *tea.Program) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("panic in window watcher", "panic", r)
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case win, ok := <-winCh:
			if !ok {
				return
			}
			p.Send(tea.WindowSizeMsg{Width: win.Width, Height: win.Height})
		}
	}
}
