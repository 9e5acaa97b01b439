package sshserver_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/internal/webhook"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
	"boardroom/lobby/moderation"
	"boardroom/sshserver"
	"boardroom/tui"
)

// tester is what startServer needs of a test: *testing.T, or a script's
// adapter (script_test.go).
type tester interface {
	Helper()
	Errorf(format string, args ...any)
	FailNow()
	Cleanup(func())
}

// testServer is a real server on 127.0.0.1 with its lobby and database.
type testServer struct {
	t     *testing.T // nil when a script started the server
	rep   tester     // where stop reports
	dir   string
	store *db.Store
	svc   lobbytest.Backend
	srv   *sshserver.Server
	addr  string
	done  chan error
	once  sync.Once
}

// act is acc's action made on the game state read just before it.
func (ts *testServer) act(ctx context.Context, acc *lobby.Account, id int64, a engine.Action) error {
	gs, err := ts.svc.GameState(ctx, acc, id)
	if err != nil {
		return err
	}
	return ts.svc.Act(ctx, acc, id, gs.Version, a)
}

// serverSetup is what a test server is made of besides its directory; the
// zero value is the test game with the default seeds.
type serverSetup struct {
	games     []engine.Definition            // nil: the test game
	seedBase  uint64                         // 0: lobbytest.DefaultSeedBase
	sealKey   []byte                         // nil: a key of its own
	renderers map[string]tui.RendererFactory // the games' dedicated renderers
	config    func(*sshserver.Config)        // changes to the server's config
	// webhookPrivate lets lobbies' webhooks reach loopback (a test's
	// local endpoint); else they are refused as in production.
	webhookPrivate bool
	// moderate, when set, makes the server's moderation over its store.
	moderate func(*db.Store) *moderation.Moderator
}

// startServer starts a server with the test game on a fresh port over the
// data in dir; mod (if not nil) changes its config.
func startServer(t tester, dir string, mod func(*sshserver.Config)) *testServer {
	t.Helper()
	return startServerWith(t, dir, serverSetup{config: mod})
}

// startServerWith starts a server as set up on a fresh port over the data
// in dir; bots move at once.
func startServerWith(t tester, dir string, set serverSetup) *testServer {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	store, err := db.Open(ctx, filepath.Join(dir, "boardroom.db"), log)
	require.NoError(t, err)
	games := set.games
	if games == nil {
		games = []engine.Definition{testgame.Definition{}}
	}
	reg, err := engine.NewRegistry(games...)
	require.NoError(t, err)
	base := set.seedBase
	if base == 0 {
		base = lobbytest.DefaultSeedBase
	}
	seeds := lobbytest.SeedsFrom(base)
	if tb, ok := t.(testing.TB); ok {
		seeds = lobbytest.SeedsBase(tb, base)
	}
	hcfg := webhook.Config{AllowPrivate: set.webhookPrivate, Log: log}
	if !set.webhookPrivate {
		// Tests send nothing off loopback, not even a name lookup: a
		// hook stored for chat.example fails at once.
		hcfg.Client = &http.Client{Transport: &http.Transport{Proxy: nil,
			DialContext: func(context.Context, string, string) (net.Conn, error) {
				return nil, errors.New("tests make no connection off loopback")
			}}}
	}
	hooks := webhook.New(hcfg)
	t.Cleanup(hooks.Close)
	var srvP atomic.Pointer[sshserver.Server]
	join := func(id int64) string {
		if srv := srvP.Load(); srv != nil {
			return srv.PlayCommand(id)
		}
		return ""
	}
	live, err := lobby.New(ctx, store, reg, lobby.Config{SealKey: set.sealKey, Seed: seeds, Webhooks: hooks, JoinCommand: join}, log)
	require.NoError(t, err)
	svc := lobbytest.NewBackend(live, store, reg, nil)
	cfg := sshserver.Config{
		HostKeyPath: filepath.Join(dir, "host_ed25519"),
		PublicHost:  "boardroom.test",
		Logger:      log,
		NewModel: func(s sshserver.Session) tea.Model {
			return tui.New(tui.Options{
				API: svc, Results: svc, Fingerprint: s.Fingerprint, Renderer: s.Renderer,
				Width: s.Width, Height: s.Height, NoColor: s.NoColor, ASCII: s.ASCII,
				OpenTable: s.OpenTable, JoinCode: s.JoinCode, SSHCommand: s.SSHCommand, Logger: s.Logger,
				Context: s.Context, Renderers: set.renderers, Bell: s.Bell, Operator: s.Operator, Renamed: s.Renamed,
			})
		},
	}
	if set.moderate != nil {
		cfg.Moderation = set.moderate(store)
	}
	if set.config != nil {
		set.config(&cfg)
	}
	srv, err := sshserver.New(cfg, svc, svc)
	require.NoError(t, err)
	srvP.Store(srv)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	tt, _ := t.(*testing.T)
	ts := &testServer{t: tt, rep: t, dir: dir, store: store, svc: svc, srv: srv, addr: ln.Addr().String(), done: make(chan error, 1)}
	go func() { ts.done <- srv.Serve(ln) }()
	t.Cleanup(ts.stop)
	return ts
}

// stop shuts everything down in the order the serve command does.
func (ts *testServer) stop() {
	ts.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := ts.svc.Shutdown(ctx); err != nil {
			ts.rep.Errorf("lobby shutdown: %v", err)
		}
		if err := ts.srv.Shutdown(ctx); err != nil {
			ts.rep.Errorf("ssh shutdown: %v", err)
		}
		if err := <-ts.done; err != nil {
			ts.rep.Errorf("serve: %v", err)
		}
		if err := ts.store.Close(); err != nil {
			ts.rep.Errorf("db close: %v", err)
		}
	})
}

// newKey makes a fresh ed25519 client key.
func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	s, err := gossh.NewSignerFromKey(priv)
	require.NoError(t, err)
	return s
}

func fp(s gossh.Signer) string { return gossh.FingerprintSHA256(s.PublicKey()) }

// dial connects with the given auth methods; user names are deliberately
// misleading to prove they are never used as identity.
func dial(t *testing.T, addr string, auth ...gossh.AuthMethod) *gossh.Client {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            "admin",
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func dialKey(t *testing.T, addr string, k gossh.Signer) *gossh.Client {
	return dial(t, addr, gossh.PublicKeys(k))
}

// guestAuth is keyboard-interactive with no answers, as a client without
// keys does it.
func guestAuth() gossh.AuthMethod {
	return gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
		return nil, nil
	})
}

// result of a plain-text command.
type result struct {
	out, err string
	code     int
}

// run runs one command in a new session without a terminal.
func run(t *testing.T, c *gossh.Client, cmd string) result {
	t.Helper()
	return runIn(t, c, cmd, nil)
}

// runIn is run with stdin as the command's input (nil: none).
func runIn(t *testing.T, c *gossh.Client, cmd string, stdin []byte) result {
	t.Helper()
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()
	var out, errb bytes.Buffer
	s.Stdout, s.Stderr = &out, &errb
	if stdin != nil {
		s.Stdin = bytes.NewReader(stdin)
	}
	err = s.Run(cmd)
	code := 0
	var ee *gossh.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitStatus()
	case err != nil:
		require.NoError(t, err, "running %q", cmd)
	}
	return result{out: out.String(), err: errb.String(), code: code}
}

// mustRun runs a command that must succeed and returns its output.
func mustRun(t *testing.T, c *gossh.Client, cmd string) string {
	t.Helper()
	r := run(t, c, cmd)
	require.Equal(t, 0, r.code, "%q failed: %s", cmd, r.err)
	return r.out
}

// field returns the value of the first "key: value" line in out.
func field(t *testing.T, out, key string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("no %q line in:\n%s", key, out)
	return ""
}

// screen is an interactive session with a terminal: everything the server
// writes is collected, and tests wait until some text shows.
type screen struct {
	t     *testing.T
	sess  *gossh.Session
	stdin io.WriteCloser

	mu   sync.Mutex
	buf  bytes.Buffer
	done chan struct{}
}

// openScreen requests a PTY (80x24), sends env, and starts a shell or the
// given command.
func openScreen(t *testing.T, c *gossh.Client, term string, env map[string]string, cmd string) *screen {
	t.Helper()
	return startSession(t, c, term, 80, 24, env, cmd)
}

// startSession requests a w x h PTY of the terminal type term, sends env,
// starts a shell or the given command and collects its output.
func startSession(t *testing.T, c *gossh.Client, term string, w, h int, env map[string]string, cmd string) *screen {
	t.Helper()
	s, err := c.NewSession()
	require.NoError(t, err)
	for k, v := range env {
		require.NoError(t, s.Setenv(k, v))
	}
	require.NoError(t, s.RequestPty(term, h, w, gossh.TerminalModes{}))
	sc := &screen{t: t, sess: s, done: make(chan struct{})}
	sc.stdin, err = s.StdinPipe()
	require.NoError(t, err)
	out, err := s.StdoutPipe()
	require.NoError(t, err)
	go func() {
		defer close(sc.done)
		b := make([]byte, 32<<10)
		for {
			n, err := out.Read(b)
			sc.mu.Lock()
			sc.buf.Write(b[:n])
			sc.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	if cmd == "" {
		require.NoError(t, s.Shell())
	} else {
		require.NoError(t, s.Start(cmd))
	}
	t.Cleanup(func() { _ = s.Close() })
	return sc
}

// raw is everything received so far, escape sequences included.
func (sc *screen) raw() string {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.buf.String()
}

// text is everything received so far without escape sequences.
func (sc *screen) text() string { return ansi.Strip(sc.raw()) }

// waitFor waits until want appears in the output received after mark.
func (sc *screen) waitFor(mark int, want string, within time.Duration) {
	sc.t.Helper()
	require.Eventually(sc.t, func() bool {
		return strings.Contains(ansi.Strip(sc.raw()[mark:]), want)
	}, within, 10*time.Millisecond, "screen never showed %q; got:\n%s", want, sc.text())
}

// mark is the position after the output received so far.
func (sc *screen) mark() int {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.buf.Len()
}

func (sc *screen) typeText(s string) {
	sc.t.Helper()
	_, err := io.WriteString(sc.stdin, s)
	require.NoError(sc.t, err)
}
