// Package sshserver is boardroom's SSH front door: the wish server with its
// host key, authentication (any public key, or a guest without one), the
// identity of each session, per-key and per-address session limits, the
// interactive Bubble Tea sessions and the plain-text commands run with
// `ssh host COMMAND`.
//
// Identity is always the SHA256 fingerprint of the key read from the session
// itself (s.PublicKey()), never s.User() and never anything remembered in an
// authentication callback.
package sshserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// Defaults for the zero values of Config.
const (
	DefaultMaxSessionsPerKey = 3
	DefaultMaxGuestsPerIP    = 3
	DefaultIdleTimeout       = 30 * time.Minute
	DefaultIdleWarning       = time.Minute
	DefaultHandshakeTimeout  = 10 * time.Second
	DefaultPublicHost        = "localhost"

	// What one client can make the server hold.
	DefaultMaxEnvPerSession   = 32
	DefaultMaxEnvBytes        = 256
	DefaultMaxCommandBytes    = 4096
	DefaultMaxChannelsPerConn = 8
	DefaultMaxUnauthPerIP     = 16
	DefaultMaxUnauthTotal     = 512
	DefaultLimitLogInterval   = 10 * time.Second
)

// Session describes one interactive session to the model factory.
type Session struct {
	Fingerprint   string             // SHA256 fingerprint of the session's key; "" for guests
	Renderer      *lipgloss.Renderer // never queries the client; shared by sessions of the same terminal kind
	Width, Height int                // initial terminal size, clamped
	NoColor       bool               // NO_COLOR sent, or TERM=dumb
	ASCII         bool               // TERM=dumb or a non-UTF-8 locale
	OpenTable     int64              // `ssh -t host play ID`; 0 otherwise
	JoinCode      string             // `ssh -t host join CODE` from a key; "" otherwise
	SSHCommand    string             // how players reach this server, e.g. "ssh -p 2222 host"
	Logger        *slog.Logger
	Context       context.Context // ends when the session ends
	// Bell rings the session's terminal bell once (at most one per few
	// seconds); safe from any goroutine, never blocks on the client.
	Bell func()
	// Post delivers a message to the session's program without blocking
	// the caller (a goroutine waits for the program to take it, or for the
	// session to end); safe from any goroutine, at any time.
	Post func(tea.Msg)
	// PostAfter delivers msg to the session's program after d. The timer's
	// goroutine itself waits for the program to take it: a countdown that
	// ticks every second for every session at a table with a turn timer
	// starts one short goroutine a tick, which allocates nothing (Post
	// from a timer starts two, and the first allocates: during a
	// collection a goroutine's first allocation makes it help mark at
	// least 64 KB, and thousands of them a second swamped the marking).
	PostAfter func(d time.Duration, msg tea.Msg)
	// Operator is the moderation an operator's session may use (the
	// operator screen); nil for everyone else.
	Operator moderation.Console
	// Renamed is why an operator took the player's handle away, when they
	// have to choose a new one ("" otherwise): the handle screen says it.
	Renamed string
}

// ModelFunc builds the Bubble Tea model of one interactive session.
type ModelFunc func(Session) tea.Model

// Config configures a Server. Zero values take the defaults above.
type Config struct {
	HostKeyPath       string        // ed25519 host key; created on first start
	PublicHost        string        // host name printed in commands ("localhost")
	PublicPort        int           // port printed in commands; 0: the listener's port
	MaxSessionsPerKey int           // concurrent sessions per key fingerprint
	MaxGuestsPerIP    int           // concurrent guest sessions per remote address
	IdleTimeout       time.Duration // connection closed after this long without input from the client (idle.go)
	IdleWarning       time.Duration // interactive sessions are warned this long before the idle limit
	HandshakeTimeout  time.Duration // time to authenticate and have a session admitted
	InputBytesPerSec  int           // raw input rate of an interactive session (default 2048)
	InputBurst        int           // bytes of input allowed at once (default 8192)
	FPS               int           // frames per second a session draws after a short burst (default 20)
	NewModel          ModelFunc     // the interactive UI; required
	Logger            *slog.Logger

	// Caps on what a client makes the server hold, checked before it is
	// held. Requests beyond them are refused and logged at most once per
	// LimitLogInterval per cap.
	MaxEnvPerSession   int           // env requests kept per session (only TERM, COLORTERM, NO_COLOR, LANG, LC_*)
	MaxEnvBytes        int           // name and value of one env request
	MaxCommandBytes    int           // a command (exec request) longer than this is refused unparsed
	MaxChannelsPerConn int           // session channels open at once on one connection
	MaxUnauthPerIP     int           // connections not authenticated yet, per source address
	MaxUnauthTotal     int           // connections not authenticated yet, in total
	LimitLogInterval   time.Duration // one "limit reached" line per cap per interval

	// Observer is told of sessions, refusals and frames, for metrics
	// (observer.go); nil: nobody is told.
	Observer Observer

	// ClusterSessions, on a node of a cluster, shares the sessions per key
	// with the other nodes so that MaxSessionsPerKey holds across the
	// cluster (limits.go); nil: the limit is this server's alone.
	ClusterSessions ClusterSessions

	// Moderation admits sessions (operators, --allow-keys, bans: access.go)
	// and runs the operators' commands (cmd_op.go); nil: everyone may
	// connect and nobody is an operator.
	Moderation *moderation.Moderator
}

// Server is a running (or ready to run) boardroom SSH server.
type Server struct {
	cfg    Config
	sshCmd atomic.Pointer[sshCommand] // SSHCommand's, made once
	api    lobby.API
	res    lobby.Results // finished games: leaderboard, profile, history, recent results
	log    *slog.Logger
	srv    *ssh.Server
	limits *limiter
	unauth *unauthCounter
	caps   *capLog
	rends  renderers // one per terminal kind, shared by sessions

	poolOnce sync.Once
	pool     *workers // run the sessions' model calls; started with the first session

	mu     sync.Mutex
	ln     net.Listener
	closed bool
	active sessionTracker
	live   liveSessions // admitted sessions a ban may end (access.go)

	// The clock of the handshake timer, the idle limit and the cap log;
	// tests inject their own.
	now   func() time.Time
	after func(time.Duration, func()) stopper
}

// New builds a server. The host key is read from cfg.HostKeyPath, or
// created there (ed25519) when the file does not exist.
func New(cfg Config, api lobby.API, res lobby.Results) (*Server, error) {
	if api == nil {
		return nil, errors.New("sshserver: nil API")
	}
	if res == nil {
		return nil, errors.New("sshserver: nil Results")
	}
	if cfg.NewModel == nil {
		return nil, errors.New("sshserver: Config.NewModel is required")
	}
	if cfg.HostKeyPath == "" {
		return nil, errors.New("sshserver: Config.HostKeyPath is required")
	}
	cfg = withDefaults(cfg)
	s := &Server{
		cfg:    cfg,
		api:    api,
		res:    res,
		log:    cfg.Logger,
		limits: newLimiter(cfg.MaxSessionsPerKey, cfg.MaxGuestsPerIP),
		unauth: newUnauthCounter(cfg.MaxUnauthPerIP, cfg.MaxUnauthTotal),
		caps:   newCapLog(cfg.Logger, cfg.LimitLogInterval, nil),
		now:    time.Now,
		after:  func(d time.Duration, f func()) stopper { return time.AfterFunc(d, f) },
	}
	s.limits.cluster = cfg.ClusterSessions
	if cfg.Moderation != nil {
		cfg.Moderation.OnBan(s.kickBanned)
		s.moderate() // mutes and renames (op_more.go)
	}
	srv, err := wish.NewServer(
		wish.WithHostKeyPath(cfg.HostKeyPath),
		wish.WithVersion("boardroom"),
		wish.WithPublicKeyAuth(acceptAnyKey),
		wish.WithKeyboardInteractiveAuth(acceptGuest),
		// No wish.WithIdleTimeout: the idle limit is the server's own
		// (idle.go), which tells the client before it closes.
		ssh.WrapConn(s.wrapConn),
		wish.WithMiddleware(
			s.dispatch,         // innermost: TUI or command
			s.releaseHandshake, // the session was admitted: lift the handshake deadline
			s.admit,            // bans and the allowlist (access.go)
			s.limitSessions,    // at most N sessions per key / guest address
			s.recoverAndLog,    // outermost: panics, logging
		),
	)
	if err != nil {
		return nil, fmt.Errorf("sshserver: %w", err)
	}
	srv.ConnectionFailedCallback = func(c net.Conn, err error) {
		s.connectionFailed(remoteIP(c.RemoteAddr()), err)
	}
	// Every session channel goes through sessionChannel (guard.go) and
	// every connection's authentication through serverConfig (preauth.go).
	srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel}
	srv.ServerConfigCallback = s.serverConfig
	s.srv = srv
	return s, nil
}

func withDefaults(cfg Config) Config {
	if cfg.MaxSessionsPerKey <= 0 {
		cfg.MaxSessionsPerKey = DefaultMaxSessionsPerKey
	}
	if cfg.MaxGuestsPerIP <= 0 {
		cfg.MaxGuestsPerIP = DefaultMaxGuestsPerIP
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.IdleWarning <= 0 {
		cfg.IdleWarning = DefaultIdleWarning
	}
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if cfg.PublicHost == "" {
		cfg.PublicHost = DefaultPublicHost
	}
	if cfg.InputBytesPerSec <= 0 {
		cfg.InputBytesPerSec = 2048
	}
	if cfg.InputBurst <= 0 {
		cfg.InputBurst = 8192
	}
	if cfg.FPS <= 0 {
		cfg.FPS = 20
	}
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&cfg.MaxEnvPerSession, DefaultMaxEnvPerSession)
	def(&cfg.MaxEnvBytes, DefaultMaxEnvBytes)
	def(&cfg.MaxCommandBytes, DefaultMaxCommandBytes)
	def(&cfg.MaxChannelsPerConn, DefaultMaxChannelsPerConn)
	def(&cfg.MaxUnauthPerIP, DefaultMaxUnauthPerIP)
	def(&cfg.MaxUnauthTotal, DefaultMaxUnauthTotal)
	if cfg.LimitLogInterval <= 0 {
		cfg.LimitLogInterval = DefaultLimitLogInterval
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return cfg
}

// Serve accepts connections on ln until Shutdown. It returns nil after a
// Shutdown (also one that came first) and the listener's error otherwise.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		_ = ln.Close()
		return nil
	}
	s.ln = ln
	s.mu.Unlock()
	err := s.srv.Serve(ln)
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed || errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// Addr is the address the server listens on, or nil before Serve.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln == nil {
		return nil
	}
	return s.ln.Addr()
}

// SSHCommand is how players reach the server, e.g. "ssh -p 2222 localhost".
// Every terminal session's model keeps it: it is made once for the
// listener's port, not once a session.
func (s *Server) SSHCommand() string {
	port := s.publicPort()
	if c := s.sshCmd.Load(); c != nil && c.port == port {
		return c.cmd
	}
	cmd := "ssh -p " + strconv.Itoa(port) + " " + s.cfg.PublicHost
	if port == 22 {
		cmd = "ssh " + s.cfg.PublicHost
	}
	s.sshCmd.Store(&sshCommand{port: port, cmd: cmd})
	return cmd
}

// sshCommand is SSHCommand's string for a port.
type sshCommand struct {
	port int
	cmd  string
}

// PlayCommand is the command that opens a table in the TUI.
func (s *Server) PlayCommand(tableID int64) string { return s.playCommand(tableID) }

// playCommand is the command that opens a table in the TUI.
func (s *Server) playCommand(tableID int64) string {
	port := s.publicPort()
	p := ""
	if port != 22 {
		p = " -p " + strconv.Itoa(port)
	}
	return fmt.Sprintf("ssh -t%s %s play %d", p, s.cfg.PublicHost, tableID)
}

func (s *Server) publicPort() int {
	if s.cfg.PublicPort > 0 {
		return s.cfg.PublicPort
	}
	if a, ok := s.Addr().(*net.TCPAddr); ok && a.Port > 0 {
		return a.Port
	}
	return 22
}

// Shutdown stops accepting connections and waits until the running
// sessions have ended (interactive sessions are told by the lobby's
// TopicShutdown and quit on their own) or ctx expires; then it closes every
// connection and waits briefly for the last handlers to return.
func (s *Server) Shutdown(ctx context.Context) error {
	// The ssh library closes only listeners its Serve has registered; close
	// ours here so that a Shutdown racing with Serve's start stops it too.
	s.mu.Lock()
	s.closed = true
	ln := s.ln
	s.mu.Unlock()
	if ln != nil {
		_ = ln.Close()
	}
	select {
	case <-s.active.idle():
	case <-ctx.Done():
		s.log.Info("closing ssh sessions that are still running", "reason", ctx.Err())
	}
	err := s.srv.Close()
	if errors.Is(err, net.ErrClosed) {
		err = nil
	}
	// Handlers end promptly once their connection is closed; bound the wait
	// anyway so that a stuck handler cannot hold the process forever.
	select {
	case <-s.active.idle():
	case <-time.After(5 * time.Second):
		s.log.Warn("ssh session handlers still running after shutdown")
	}
	s.poolOnce.Do(func() {}) // no pool after this if none was started
	if s.pool != nil {
		s.pool.close()
	}
	return err
}

// closing reports whether Shutdown has begun.
func (s *Server) closing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// workers returns the shared pool that runs the sessions' model calls.
func (s *Server) workers() *workers {
	s.poolOnce.Do(func() { s.pool = newWorkers(0) })
	return s.pool
}

// sessionTracker counts running session handlers and tells when none is.
type sessionTracker struct {
	mu    sync.Mutex
	n     int
	empty chan struct{} // closed when n drops to 0
}

func (t *sessionTracker) add() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n == 0 {
		t.empty = make(chan struct{})
	}
	t.n++
}

func (t *sessionTracker) done() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n--; t.n == 0 {
		close(t.empty)
	}
}

// idle returns a channel that is closed once no handler runs.
func (t *sessionTracker) idle() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n == 0 {
		c := make(chan struct{})
		close(c)
		return c
	}
	return t.empty
}
