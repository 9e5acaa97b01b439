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

	"boardroom/internal/vtscreen"
)

// term is an interactive session with a terminal of a chosen size whose
// output is replayed into a virtual screen.
type term struct {
	*screen
	name string

	vmu sync.Mutex
	vt  *vtscreen.Screen
	off int // bytes of the stream already written to vt
}

// openTerm requests a w x h PTY and starts a shell or the given command.
func openTerm(t *testing.T, c *gossh.Client, name string, w, h int, cmd string) *term {
	t.Helper()
	return &term{screen: startSession(t, c, "xterm-256color", w, h, nil, cmd), name: name, vt: vtscreen.New(w, h)}
}

// catchUp feeds what arrived since the last call into the virtual screen.
// Callers hold vmu.
func (tm *term) catchUp() {
	tm.mu.Lock()
	b := tm.buf.Bytes()
	fresh := append([]byte(nil), b[tm.off:]...)
	tm.mu.Unlock()
	// A sequence cut off at the end waits inside vt for the rest.
	_, _ = tm.vt.Write(fresh)
	tm.off += len(fresh)
}

// look runs f on the current virtual screen.
func (tm *term) look(f func(v *vtscreen.Screen) bool) bool {
	tm.vmu.Lock()
	defer tm.vmu.Unlock()
	tm.catchUp()
	return f(tm.vt)
}

// lines is the current screen, row by row.
func (tm *term) lines() []string {
	var out []string
	tm.look(func(v *vtscreen.Screen) bool { out = v.Lines(); return true })
	return out
}

// dump is the screen for failure messages.
func (tm *term) dump() string {
	return tm.name + "'s screen:\n" + strings.Join(tm.lines(), "\n")
}

// shows reports whether some row of the screen contains s.
func (tm *term) shows(s string) bool {
	return tm.look(func(v *vtscreen.Screen) bool { return rowContains(v, s) })
}

// waitUntil waits until f holds for the screen.
func (tm *term) waitUntil(what string, within time.Duration, f func(v *vtscreen.Screen) bool) {
	tm.t.Helper()
	if !assert.Eventually(tm.t, func() bool { return tm.look(f) }, within, 10*time.Millisecond) {
		tm.t.Fatalf("%s: the screen never showed %s\n%s", tm.name, what, tm.dump())
	}
}

// waitShows waits until a row of the screen contains s.
func (tm *term) waitShows(s string, within time.Duration) {
	tm.t.Helper()
	tm.waitUntil(strconv.Quote(s), within, func(v *vtscreen.Screen) bool { return rowContains(v, s) })
}

// rowContains reports whether some row of v contains s.
func rowContains(v *vtscreen.Screen, s string) bool {
	for _, l := range v.Lines() {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// region is the text of columns [x0, x1) of every row, top to bottom, with
// blanks and panel borders left out: a sentence wrapped inside a panel
// reads as one run of characters again (compare with squash).
func region(v *vtscreen.Screen, x0, x1 int) string {
	return squash(strings.Join(v.Region(0, x0, v.Height(), x1), ""))
}

// squash drops blanks and box-drawing borders.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '│' || (r >= 0x2500 && r <= 0x257f) {
			return -1
		}
		return r
	}, s)
}

func TestRegionReadsAcrossPanelBorders(t *testing.T) {
	v := vtscreen.New(10, 3)
	_, _ = v.Write([]byte("\x1b[1;1Hab  cd\x1b[2;3H│ ef │"))
	require.Equal(t, "abcdef", region(v, 0, 10))
	require.Equal(t, "cdef", region(v, 4, 6))
	require.Equal(t, "ab", region(v, -3, 2))
	require.Equal(t, "abcd", squash(" a b\n│c─d╮"))
}
