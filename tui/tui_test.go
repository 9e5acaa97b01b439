package tui

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

func TestNoPackageLevelStyles(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	varStyle := regexp.MustCompile(`^var .*lipgloss\.NewStyle`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			assert.False(t, varStyle.MatchString(line), "%s:%d package-level style", f, n)
			assert.NotContains(t, line, "SetColorProfile", "%s:%d", f, n)
			assert.NotContains(t, line, "lipgloss.NewStyle(", "%s:%d: styles come from the session renderer", f, n)
			assert.NotContains(t, line, "AdaptiveColor", "%s:%d: adaptive colours query the terminal", f, n)
		}
		fh.Close()
	}
}

func TestTooSmall(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada", Width: 79, Height: 30})
	assert.Equal(t, "Terminal too small: 80x24 needed, you have 79x30", h.view())
	h.resize(100, 23)
	assert.Equal(t, "Terminal too small: 80x24 needed, you have 100x23", h.view())
	h.resize(80, 24)
	assert.Contains(t, h.view(), "Tables")
}

func TestResizeClampsAndIgnoresAbsurdSizes(t *testing.T) {
	api := lobbytest.NewLobby(true)
	h := start(t, api, Options{})
	h.resize(1000, 500)
	assert.Equal(t, MaxWidth, h.m.w)
	assert.Equal(t, MaxHeight, h.m.h)
	h.resize(0, 10)
	h.resize(-5, -5)
	h.resize(1<<30, 40)
	assert.Equal(t, MaxWidth, h.m.w)
	assert.Equal(t, MaxHeight, h.m.h)
	h.resize(120, 40)
	assert.Equal(t, 120, h.m.w)
	h.view() // exact size checked by the harness
}

func TestGuestWelcome(t *testing.T) {
	api := lobbytest.NewLobby(true)
	h := start(t, api, Options{SSHCommand: "ssh -p 2222 games.example"})
	v := h.view()
	assert.Contains(t, v, "guest")
	assert.Contains(t, v, "spectate")
	assert.Contains(t, v, "ssh-keygen -t ed25519")
	assert.Contains(t, v, "ssh -p 2222 games.example")
	h.key("enter")
	v = h.view()
	assert.Contains(t, v, "Tables")
	assert.Contains(t, v, "Guests can read but not chat.")
	// A guest cannot open a table: n is not offered and opens nothing.
	h.key("n")
	assert.Contains(t, h.view(), "connect with an SSH key to play and chat")
	assert.Empty(t, h.m.dialogs)
	require.NotNil(t, h.m.sub, "guests subscribe too")
}

func TestHandlePicking(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-other", "Ada")
	h := start(t, api, Options{Fingerprint: "fp-new"})
	assert.Contains(t, h.view(), "Pick a handle")

	h.typeText("ab")
	h.key("enter")
	assert.Contains(t, h.view(), "A handle is 3-16 characters: letters, digits, - and _.")

	h.keys("backspace", "backspace")
	h.typeText("ADA")
	h.key("enter")
	assert.Contains(t, h.view(), "That handle is taken.")
	assert.Nil(t, h.m.acc)

	h.keys("backspace", "backspace", "backspace")
	h.typeText("bob_1")
	h.key("enter")
	require.NotNil(t, h.m.acc)
	assert.Equal(t, "bob_1", h.m.acc.Handle)
	v := h.view()
	assert.Contains(t, v, "Public lobby")
	assert.Contains(t, v, "bob_1")
}

func TestReturningKeySkipsWelcome(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	assert.Equal(t, screenLobby, h.m.screen)
	assert.Contains(t, h.view(), "ada")
	// It watches the public lobby and its chat.
	assert.ElementsMatch(t, []lobby.Topic{
		{Kind: lobby.TopicLobby, ID: lobby.PublicLobbyID},
		{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(lobby.PublicLobbyID)},
	}, h.sub().Watching())
}

func TestRateLimitDropsKeyFloods(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("tab") // into the chat input
	for i := 0; i < 200; i++ {
		h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")}) // same instant
	}
	got := len(h.m.lob.chat.in.Value())
	assert.Less(t, got, 100)
	assert.Greater(t, got, 30)
	h.clk.t = h.clk.t.Add(time.Second)
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y")})
	assert.True(t, strings.HasSuffix(h.m.lob.chat.in.Value(), "y"), "refilled after a second")
}

func TestShutdownShowsTextAndQuits(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	sub := h.sub()
	cmd := h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicShutdown}, Text: "Back in 5 minutes."}}})
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
	assert.Contains(t, h.view(), "Back in 5 minutes.")
	require.Eventually(t, sub.Closed, 5*time.Second, time.Millisecond)
}

func TestWaitCmdBatchesQueuedUpdates(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	sub := h.sub()
	sub.Send(lobby.Update{Topic: lobby.Topic{Kind: lobby.TopicLobby, ID: 1}})
	sub.Send(lobby.Update{Topic: lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(1)}})
	msg := h.m.waitCmd()()
	um, ok := msg.(updatesMsg)
	require.True(t, ok)
	assert.Len(t, um.us, 2)
	sub.End()
	assert.IsType(t, subClosedMsg{}, h.m.waitCmd()())
}

func TestQuitFromLobby(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	cmd := h.key("q")
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
	sub := h.sub()
	require.Eventually(t, sub.Closed, 5*time.Second, time.Millisecond)
}

func TestSessionContextEndClosesSubscription(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	ctx, cancel := context.WithCancel(context.Background())
	h := start(t, api, Options{Fingerprint: "fp-ada", Context: ctx})
	sub := h.sub()
	cancel()
	require.Eventually(t, sub.Closed, 5*time.Second, time.Millisecond)
}

func TestHelpOverlayListsKeys(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada"})
	h.key("?")
	v := h.view()
	assert.Contains(t, v, "Keys on this screen")
	assert.Contains(t, v, "new table")
	assert.Contains(t, v, "switch lobby")
	assert.Contains(t, v, "esc, q or ? closes", "it says how to close it")
	h.key("x")
	assert.Contains(t, h.view(), "Keys on this screen", "any other key leaves it open")
	h.key("esc")
	assert.NotContains(t, h.view(), "Keys on this screen")
}

func TestASCIIThemeHasNoUnicodeGlyphs(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	h := start(t, api, Options{Fingerprint: "fp-ada", ASCII: true, NoColor: true, Width: 160, Height: 50})
	for _, r := range h.view() {
		require.Less(t, r, rune(128), "non-ASCII %q in an ASCII frame", r)
	}
	h.key("?")
	for _, r := range h.view() {
		require.Less(t, r, rune(128), "non-ASCII %q in the help", r)
	}
}
