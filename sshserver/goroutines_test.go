package sshserver_test

import (
	"maps"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The goroutines a session keeps on the server (issue 32): every one is 4
// KiB of stack or more that the collector scans at every cycle, for as long
// as the player stays. Since the copies of Bubble Tea and the ssh library in
// third_party (docs/decisions/2026-12-forks-of-bubbletea-and-ssh.md), a
// program starts its commands without a dispatcher goroutine and a
// connection reads its requests and new channels in one loop.
func TestASessionKeepsSixGoroutinesOfItsOwn(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	const n = 4
	for i := 0; i < n; i++ {
		c := dialKey(t, ts.addr, newKey(t))
		sc := openScreen(t, c, "xterm-256color", nil, "")
		sc.waitFor(0, "Handle", 10*time.Second)
	}
	// By creator, those that belong to one session: the connection's loop
	// (ssh.Server.Serve starts it), x/crypto's two of the server's
	// transport, the request filter, the program's event loop (the
	// session's handler) and its input reader. x/crypto's mux loop is not
	// counted: the test's clients start one each by the same function.
	want := map[string]int{
		"github.com/charmbracelet/ssh.(*Server).Serve":                   1,
		"golang.org/x/crypto/ssh.newServerTransport":                     2,
		"boardroom/sshserver.guardedChannel.Accept":                      1,
		"github.com/charmbracelet/ssh.(*session).handleRequests":         1,
		"github.com/charmbracelet/bubbletea.(*Program).initCancelReader": 1,
	}
	perSession := map[string]int{}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		// a handshake's helpers end soon after it: wait for the counts to settle
		clear(perSession)
		for k, v := range sessionGoroutines() {
			perSession[k] = v / n
			if v%n != 0 {
				perSession[k+" (not one a session)"] = v
			}
		}
		if maps.Equal(want, perSession) || time.Now().After(end) {
			break
		}
	}
	require.Equal(t, want, perSession, "goroutines a session keeps, by the function that started them (%d sessions)", n)
}

// sessionGoroutines counts the goroutines started by the functions that
// start a session's, by that function ("created by" in a dump of all).
func sessionGoroutines() map[string]int {
	buf := make([]byte, 8<<20)
	dump := string(buf[:runtime.Stack(buf, true)])
	counts := map[string]int{}
	for _, g := range strings.Split(dump, "\n\n") {
		i := strings.Index(g, "\ncreated by ")
		if i < 0 {
			continue
		}
		f := strings.Fields(g[i+len("\ncreated by "):])
		if len(f) == 0 {
			continue
		}
		by := f[0]
		for _, p := range []string{"github.com/charmbracelet/", "golang.org/x/crypto/ssh.newServerTransport", "boardroom/sshserver.guardedChannel"} {
			if strings.HasPrefix(by, p) {
				counts[by]++
			}
		}
	}
	return counts
}
