package loadgen

import (
	"bytes"
	"context"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// testServer is a small in-process wish server on loopback.
type testServer struct {
	addr string
	mu   sync.Mutex
	keys []string          // keys the TUI models received, in order per arrival
	hnd  map[string]string // handle by key fingerprint
	ciph []string          // the cipher each session's connection reads with, in order per arrival
}

type serverMode int

const (
	modeEcho    serverMode = iota // prints a line and echoes keys
	modeQuery                     // asks the background colour and waits for the answer first
	modeHandles                   // accepts `handle NAME`; the TUI greets by handle
)

func startServer(t *testing.T, mode serverMode) *testServer {
	t.Helper()
	ts := &testServer{hnd: map[string]string{}}
	mws := []wish.Middleware{teaMiddleware(ts.model(mode)), ts.recordCipher}
	switch mode {
	case modeQuery:
		mws = append(mws, queryFirst)
	case modeHandles:
		mws = append(mws, ts.handleCommand)
	}
	srv, err := wish.NewServer(
		wish.WithHostKeyPath(filepath.Join(t.TempDir(), "host_ed25519")),
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		wish.WithMiddleware(mws...),
	)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ts.addr = ln.Addr().String()
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ts
}

// recordCipher notes the cipher the session's connection negotiated.
func (ts *testServer) recordCipher(next ssh.Handler) ssh.Handler {
	return func(s ssh.Session) {
		if sc, ok := s.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn); ok {
			if c, ok := sc.Conn.(gossh.AlgorithmsConnMetadata); ok {
				ts.mu.Lock()
				ts.ciph = append(ts.ciph, c.Algorithms().Read.Cipher)
				ts.mu.Unlock()
			}
		}
		next(s)
	}
}

// ciphers returns the ciphers recorded so far.
func (ts *testServer) ciphers() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]string(nil), ts.ciph...)
}

func fingerprint(s ssh.Session) string {
	if s.PublicKey() == nil {
		return ""
	}
	return gossh.FingerprintSHA256(s.PublicKey())
}

// teaMiddleware runs one Bubble Tea program per PTY session, as wish's
// bubbletea middleware does with an emulated PTY. (That package pulls in
// github.com/charmbracelet/x/input, which this module does not require.)
func teaMiddleware(model func(ssh.Session) tea.Model) wish.Middleware {
	return func(next ssh.Handler) ssh.Handler {
		return func(s ssh.Session) {
			_, winCh, ok := s.Pty()
			if !ok {
				wish.Fatalln(s, "no active terminal")
				return
			}
			p := tea.NewProgram(model(s), tea.WithInput(s), tea.WithOutput(s), tea.WithoutSignalHandler())
			ctx, cancel := context.WithCancel(s.Context())
			defer cancel()
			go func() {
				for {
					select {
					case <-ctx.Done():
						p.Quit()
						return
					case w := <-winCh:
						p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
					}
				}
			}()
			_, _ = p.Run()
			p.Kill()
			next(s)
		}
	}
}

func (ts *testServer) model(mode serverMode) func(ssh.Session) tea.Model {
	return func(s ssh.Session) tea.Model {
		title := "hello from test"
		switch mode {
		case modeQuery:
			title = "answered " + s.Context().Value(bgKey{}).(string)
		case modeHandles:
			ts.mu.Lock()
			h, ok := ts.hnd[fingerprint(s)]
			ts.mu.Unlock()
			title = "pick a handle"
			if ok {
				title = "lobby: " + h
			}
		}
		return &echoModel{title: title, ts: ts}
	}
}

func (ts *testServer) handleCommand(next ssh.Handler) ssh.Handler {
	return func(s ssh.Session) {
		cmd := s.Command()
		if len(cmd) == 0 {
			next(s)
			return
		}
		if len(cmd) != 2 || cmd[0] != "handle" {
			wish.Fatalln(s, "unknown command")
			return
		}
		ts.mu.Lock()
		ts.hnd[fingerprint(s)] = cmd[1]
		ts.mu.Unlock()
		wish.Println(s, "handle set to "+cmd[1])
		_ = s.Exit(0)
	}
}

func (ts *testServer) handles() map[string]string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	out := map[string]string{}
	for k, v := range ts.hnd {
		out[k] = v
	}
	return out
}

func (ts *testServer) keysSeen() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]string(nil), ts.keys...)
}

type bgKey struct{}

// queryFirst asks the client's background colour and starts the TUI only
// once the answer came, as a renderer that queries the terminal would.
func queryFirst(next ssh.Handler) ssh.Handler {
	return func(s ssh.Session) {
		if _, err := s.Write([]byte("\x1b]11;?\x07")); err != nil {
			return
		}
		var got []byte
		buf := make([]byte, 256)
		for !bytes.Contains(got, []byte("\x1b\\")) && !bytes.Contains(got, []byte{7}) {
			n, err := s.Read(buf)
			if err != nil {
				return
			}
			got = append(got, buf[:n]...)
		}
		_, rest, _ := strings.Cut(string(got), "\x1b]11;")
		bg, _, _ := strings.Cut(rest, "\x1b")
		s.Context().SetValue(bgKey{}, bg)
		next(s)
	}
}

type echoModel struct {
	title string
	ts    *testServer
	keys  int
	last  string
}

func (m *echoModel) Init() tea.Cmd { return nil }

func (m *echoModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if k.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		m.keys++
		m.last = k.String()
		m.ts.mu.Lock()
		m.ts.keys = append(m.ts.keys, m.last)
		m.ts.mu.Unlock()
	}
	return m, nil
}

func (m *echoModel) View() string {
	return m.title + "\nkeys " + strconv.Itoa(m.keys) + " last " + m.last + "\n"
}
