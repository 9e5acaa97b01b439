package sshserver_test

import (
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"boardroom/internal/vtscreen"
)

// TestWindowChangesRedrawAtTheLastSize: a player who resizes the terminal
// gets frames at the new size, and after a burst of changes at the last
// one (the request filter hands them on in order, winsize.go).
func TestWindowChangesRedrawAtTheLastSize(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	key := newKey(t)
	c := dialKey(t, ts.addr, key)
	mustRun(t, c, "handle ada")
	tm := &term{screen: startSession(t, c, "xterm-256color", 80, 24, nil, ""), name: "ada", vt: vtscreen.New(140, 40)}
	tm.waitShows("tab to chat", 10*time.Second)
	width := func(v *vtscreen.Screen) int { return utf8.RuneCountInString(v.Line(0)) }
	require.True(t, tm.look(func(v *vtscreen.Screen) bool { return width(v) <= 80 }), "80 columns first:\n%s", tm.dump())

	require.NoError(t, tm.sess.WindowChange(30, 120))
	tm.waitUntil("the top bar at 120 columns", 10*time.Second, func(v *vtscreen.Screen) bool { w := width(v); return w > 100 && w <= 120 })

	for _, w := range []int{90, 100, 110, 95, 130} {
		require.NoError(t, tm.sess.WindowChange(30, w))
	}
	tm.waitUntil("the top bar at the last size, 130 columns", 10*time.Second, func(v *vtscreen.Screen) bool { w := width(v); return w > 120 && w <= 130 })
}
