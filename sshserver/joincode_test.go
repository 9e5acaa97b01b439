package sshserver

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTUIJoinTakesACodeAloneFromAKeyWithATerminal (issue 25): only `join
// CODE` from a key with a terminal opens the TUI with the code; guests,
// plain sessions and `join CODE --handle NAME` run the plain command.
func TestTUIJoinTakesACodeAloneFromAKeyWithATerminal(t *testing.T) {
	for _, c := range []struct {
		cmd  []string
		pty  bool
		fp   string
		code string
	}{
		{[]string{"join", "ABCD2345"}, true, "SHA256:k", "ABCD2345"},
		{[]string{"join", "ABCD2345"}, false, "SHA256:k", ""},
		{[]string{"join", "ABCD2345"}, true, "", ""},
		{[]string{"join", "ABCD2345", "--handle", "eve"}, true, "SHA256:k", ""},
		{[]string{"join", "--handle=eve"}, true, "SHA256:k", ""},
		{[]string{"join"}, true, "SHA256:k", ""},
		{[]string{"play", "3"}, true, "SHA256:k", ""},
	} {
		code, ok := tuiJoin(c.cmd, c.pty, c.fp)
		require.Equal(t, c.code, code, "%v pty %v fp %q", c.cmd, c.pty, c.fp)
		require.Equal(t, c.code != "", ok)
	}
}
