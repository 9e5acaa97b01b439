package sshserver

import (
	"testing"

	"github.com/charmbracelet/ssh"
	"github.com/stretchr/testify/require"
)

// rawSession is a session whose raw command is raw; it counts the calls of
// the library's splitting of it (Command).
type rawSession struct {
	ssh.Session
	raw    string
	splits *int
}

func (r rawSession) RawCommand() string { return r.raw }

func (r rawSession) Command() []string {
	*r.splits++
	if r.raw == "" {
		return []string{}
	}
	return []string{"new", "unipoly", "--bots", "1"}
}

// TestLobbySessionSkipsTheCommandLexer checks that a session without a
// command (every session that comes to the lobby) is not handed to the ssh
// library's shell-word lexer, which makes a 4 KiB reader each time, and
// that a command is still split by it.
func TestLobbySessionSkipsTheCommandLexer(t *testing.T) {
	splits := 0
	var lobby ssh.Session = rawSession{splits: &splits}
	require.Nil(t, commandOf(lobby))
	require.Zero(t, splits, "the empty command went to the lexer")
	require.Zero(t, testing.AllocsPerRun(100, func() { _ = commandOf(lobby) }))

	cmd := rawSession{raw: "new unipoly --bots 1", splits: &splits}
	require.Equal(t, []string{"new", "unipoly", "--bots", "1"}, commandOf(cmd))
	require.Equal(t, 1, splits)
	require.Equal(t, "new", commandName(commandOf(cmd)))
}
