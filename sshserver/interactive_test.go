package sshserver_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/sshserver"
)

// Screens must show up well within this, even on a loaded CI machine; a
// server that waited on the client's answer to a terminal query would still
// pass a generous deadline, so the tests also check that no query is sent.
const screenWait = 10 * time.Second

// terminalQueries are the sequences a renderer sends to learn the
// background colour or the terminal's attributes.
var terminalQueries = []string{"\x1b]11;?", "\x1b]10;?", "\x1b[c", "\x1b[0c", "\x1b[>c"}

// TestPickHandleInTUI: a new key lands on the welcome screen, types a
// handle and reaches the lobby; the account exists afterwards.
func TestPickHandleInTUI(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	k := newKey(t)
	c := dialKey(t, ts.addr, k)
	sc := openScreen(t, c, "xterm-256color", nil, "")
	sc.waitFor(0, "Welcome to boardroom", screenWait)
	m := sc.mark()
	sc.typeText("carol\r")
	sc.waitFor(m, "Lobbies:", screenWait)

	acc, err := ts.svc.AccountByFingerprint(context.Background(), fp(k))
	require.NoError(t, err)
	require.NotNil(t, acc)
	require.Equal(t, "carol", acc.Handle)
	require.Equal(t, "carol", field(t, mustRun(t, c, "whoami"), "handle"))
}

// TestFirstFrameWithoutTerminalAnswers: the client never answers anything;
// the first frame still arrives, and the server never asked.
func TestFirstFrameWithoutTerminalAnswers(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	start := time.Now()
	sc := openScreen(t, c, "xterm-256color", map[string]string{"COLORTERM": "truecolor"}, "")
	sc.waitFor(0, "Welcome to boardroom", screenWait)
	t.Logf("first frame after %v", time.Since(start))
	for _, q := range terminalQueries {
		require.NotContains(t, sc.raw(), q, "the server queried the terminal")
	}
}

var colourSGR = regexp.MustCompile(`\x1b\[[0-9;]*(?:3[0-7]|38|4[0-7]|48|9[0-7]|10[0-7])[;m]`)

// TestNoColor: NO_COLOR sent with SetEnv gives a screen without colour
// escapes; the same screen without it has colour.
func TestNoColor(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))

	plain := openScreen(t, c, "xterm-256color", map[string]string{"NO_COLOR": "1"}, "")
	plain.waitFor(0, "Welcome to boardroom", screenWait)
	require.Empty(t, colourSGR.FindAllString(plain.raw(), 3), "colour escapes despite NO_COLOR")

	coloured := openScreen(t, c, "xterm-256color", nil, "")
	coloured.waitFor(0, "Welcome to boardroom", screenWait)
	require.NotEmpty(t, colourSGR.FindAllString(coloured.raw(), 1), "the control screen has no colour")

	dumb := openScreen(t, dialKey(t, ts.addr, newKey(t)), "dumb", nil, "")
	dumb.waitFor(0, "Welcome to boardroom", screenWait)
	require.Empty(t, colourSGR.FindAllString(dumb.raw(), 3), "colour escapes on TERM=dumb")
}

func TestGuestTUI(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	sc := openScreen(t, dial(t, ts.addr, guestAuth()), "xterm-256color", nil, "")
	sc.waitFor(0, "Welcome, guest", screenWait)
	require.Contains(t, sc.text(), "ssh-keygen -t ed25519")
	m := sc.mark()
	sc.typeText("\r")
	sc.waitFor(m, "Lobbies:", screenWait)
}

// TestShellWithoutTerminal: `ssh -T host` with no command explains that the
// lobby needs a terminal.
func TestShellWithoutTerminal(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()
	var errb strings.Builder
	s.Stderr = &errb
	require.NoError(t, s.Shell())
	err = s.Wait()
	require.Error(t, err)
	require.Contains(t, errb.String(), "the lobby needs a terminal: connect with ssh -t -p ")
}

// TestPlayOpensTable: `ssh -t host play ID` opens the TUI at that table.
func TestPlayOpensTable(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	k := newKey(t)
	c := dialKey(t, ts.addr, k)
	mustRun(t, c, "handle opener")
	id := field(t, mustRun(t, c, "new testgame --bots 1"), "table")
	sc := openScreen(t, c, "xterm-256color", nil, "play "+id)
	sc.waitFor(0, "Test Game", screenWait)
	require.NotContains(t, sc.text(), "Lobbies:")
}

// TestShutdownEndsSessions: Shutdown tells interactive sessions through the
// lobby and closes them; Serve returns.
func TestShutdownEndsSessions(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dialKey(t, ts.addr, newKey(t))
	mustRun(t, c, "handle leaver")
	sc := openScreen(t, c, "xterm-256color", nil, "")
	sc.waitFor(0, "Lobbies:", screenWait)
	ts.stop()
	select {
	case <-sc.done:
	case <-time.After(screenWait):
		t.Fatal("the interactive session did not end on shutdown")
	}
}

// TestPanicInSessionIsContained: a panic while building a session's UI ends
// that session with exit status 1 and a message; the server goes on.
func TestPanicInSessionIsContained(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) {
		c.NewModel = func(sshserver.Session) tea.Model { panic("boom") }
	})
	c := dialKey(t, ts.addr, newKey(t))
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()
	var errb strings.Builder
	s.Stderr = &errb
	require.NoError(t, s.RequestPty("xterm", 24, 80, gossh.TerminalModes{}))
	require.NoError(t, s.Shell())
	err = s.Wait()
	var ee *gossh.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 1, ee.ExitStatus())
	require.Contains(t, errb.String(), "internal error")
	require.NotContains(t, errb.String(), "boom")
	mustRun(t, c, "whoami")
}
