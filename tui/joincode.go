package tui

import (
	"slices"
	"strings"

	"boardroom/lobby"
)

// A session opened with an invite code in mind (`ssh -t host join CODE`,
// Options.JoinCode) joins that lobby and lands in it: at once for a key
// with a handle, after the welcome screen for a new key (issue 25).

// joinCode is the invite code the session still has to use ("" once used).
func (m *Model) joinCode() string { return lobby.Sanitize(strings.TrimSpace(m.o.JoinCode), 40) }

// joinWithCode joins the lobby of the session's invite code and shows it;
// it reports whether there was a code to use. A code that fails (a wrong
// or rotated one) leaves the player in their lobby with the reason on the
// status line.
func (m *Model) joinWithCode() bool {
	code := m.joinCode()
	if code == "" || m.acc == nil {
		return false
	}
	m.o.JoinCode = "" // once: esc and a reload must not join again
	before, err := m.src.lobbies.Lobbies(m.ctx, m.acc)
	if err != nil {
		m.enterLobby(m.lob.lobbyID)
		m.setErr(err)
		return true
	}
	l, err := m.src.lobbies.JoinLobby(m.ctx, m.acc, code)
	if err != nil {
		m.enterLobby(m.lob.lobbyID)
		m.status, m.statusErr = "Invite code "+code+": "+errText(err), true
		return true
	}
	m.enterLobby(l.ID)
	if slices.ContainsFunc(before, func(b lobby.Lobby) bool { return b.ID == l.ID && !b.Public }) {
		m.setInfo("You are already a member of " + lobbyName(l) + ".")
	} else {
		m.setInfo("Welcome to " + lobbyName(l) + ": you joined it with its invite code.")
	}
	return true
}
