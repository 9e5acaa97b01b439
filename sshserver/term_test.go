package sshserver_test

import (
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// term is an interactive session with a terminal of a chosen size whose
// output is replayed into a virtual screen.
type term struct {
	*screen
	name string

	vmu sync.Mutex
	vt  *vterm
	off int // bytes of the stream already fed to vt
}

// openTerm requests a w x h PTY and starts a shell or the given command.
func openTerm(t *testing.T, c *gossh.Client, name string, w, h int, cmd string) *term {
	t.Helper()
	s, err := c.NewSession()
	require.NoError(t, err)
	require.NoError(t, s.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}))
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
	return &term{screen: sc, name: name, vt: newVterm(w, h)}
}

// catchUp feeds what arrived since the last call into the virtual screen.
// Callers hold vmu.
func (tm *term) catchUp() {
	tm.mu.Lock()
	b := tm.buf.Bytes()
	fresh := append([]byte(nil), b[tm.off:]...)
	tm.mu.Unlock()
	tm.off += tm.vt.feed(fresh)
}

// look runs f on the current virtual screen.
func (tm *term) look(f func(v *vterm) bool) bool {
	tm.vmu.Lock()
	defer tm.vmu.Unlock()
	tm.catchUp()
	return f(tm.vt)
}

// lines is the current screen, row by row.
func (tm *term) lines() []string {
	var out []string
	tm.look(func(v *vterm) bool { out = v.lines(); return true })
	return out
}

// dump is the screen for failure messages.
func (tm *term) dump() string {
	return tm.name + "'s screen:\n" + strings.Join(tm.lines(), "\n")
}

// shows reports whether some row of the screen contains s.
func (tm *term) shows(s string) bool {
	return tm.look(func(v *vterm) bool {
		for _, l := range v.lines() {
			if strings.Contains(l, s) {
				return true
			}
		}
		return false
	})
}

// waitUntil waits until f holds for the screen.
func (tm *term) waitUntil(what string, within time.Duration, f func(v *vterm) bool) {
	tm.t.Helper()
	if !assert.Eventually(tm.t, func() bool { return tm.look(f) }, within, 10*time.Millisecond) {
		tm.t.Fatalf("%s: the screen never showed %s\n%s", tm.name, what, tm.dump())
	}
}

// waitShows waits until a row of the screen contains s.
func (tm *term) waitShows(s string, within time.Duration) {
	tm.t.Helper()
	tm.waitUntil(strconv.Quote(s), within, func(v *vterm) bool {
		for _, l := range v.lines() {
			if strings.Contains(l, s) {
				return true
			}
		}
		return false
	})
}
