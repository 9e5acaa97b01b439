package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// clock is a fake clock; every read of a key press advances it a little so
// the input rate limit never trips unless a test wants it to.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// harness drives a root model directly: messages in, frames out.
type harness struct {
	t   *testing.T
	m   *Model
	api *lobbytest.Lobby
	clk *clock
}

func start(t *testing.T, api *lobbytest.Lobby, o Options) *harness {
	t.Helper()
	h := startWith(t, api, api.Now, o)
	h.api = api
	return h
}

// backend is a whole lobby as a session sees it: the live lobby and the
// results of finished games (the fake, or lobbytest.Backend).
type backend interface {
	lobby.API
	lobby.Results
}

// startWith starts a session on any backend with the clock at now.
func startWith(t *testing.T, api backend, now time.Time, o Options) *harness {
	t.Helper()
	clk := &clock{t: now}
	o.API, o.Results = api, api
	o.Now = clk.now
	if o.Width == 0 {
		o.Width, o.Height = 80, 24
	}
	m := New(o).(*Model)
	h := &harness{t: t, m: m, clk: clk}
	msg := m.Init()()
	h.send(msg)
	t.Cleanup(func() { m.cancel() })
	return h
}

func (h *harness) send(msg tea.Msg) tea.Cmd {
	_, cmd := h.m.Update(msg)
	return cmd
}

// key presses one key: "enter", "esc", "tab", "ctrl+c", "pgup", "pgdown",
// "up", "down", or a single rune.
func (h *harness) key(k string) tea.Cmd {
	h.clk.t = h.clk.t.Add(50 * time.Millisecond)
	types := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"ctrl+c": tea.KeyCtrlC, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "up": tea.KeyUp,
		"down": tea.KeyDown, "backspace": tea.KeyBackspace, "end": tea.KeyEnd}
	if kt, ok := types[k]; ok {
		return h.send(tea.KeyMsg{Type: kt})
	}
	return h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
}

// keys presses several keys in order.
func (h *harness) keys(ks ...string) {
	for _, k := range ks {
		h.key(k)
	}
}

// typeText types a string rune by rune.
func (h *harness) typeText(s string) {
	for _, r := range s {
		h.key(string(r))
	}
}

// view returns the frame without ANSI sequences, checking its size.
func (h *harness) view() string {
	h.t.Helper()
	v := ansi.Strip(h.m.View())
	if h.m.w >= MinWidth && h.m.h >= MinHeight && !h.m.quitting {
		lines := strings.Split(v, "\n")
		require.Len(h.t, lines, h.m.h, "frame height")
		for i, l := range lines {
			require.LessOrEqual(h.t, ansi.StringWidth(l), h.m.w, "line %d too wide: %q", i, l)
		}
	}
	return v
}

func (h *harness) resize(w, hh int) { h.send(tea.WindowSizeMsg{Width: w, Height: hh}) }

// sub is the session's fake subscription.
func (h *harness) sub() *lobbytest.Sub {
	require.NotNil(h.t, h.m.sub)
	return h.m.sub.(*lobbytest.Sub)
}

// pump hands every update queued on the session's subscription to the
// model, as the waiting command would.
func (h *harness) pump() {
	if h.m.sub == nil {
		return
	}
	var us []lobby.Update
	for {
		select {
		case u, ok := <-h.m.sub.C():
			if !ok {
				return
			}
			us = append(us, u)
			continue
		default:
		}
		break
	}
	if len(us) > 0 {
		h.send(updatesMsg{us: us})
	}
}

// waitFor pumps updates until the frame contains s.
func (h *harness) waitFor(s string) {
	h.t.Helper()
	require.Eventually(h.t, func() bool {
		h.pump()
		return strings.Contains(ansi.Strip(h.m.View()), s)
	}, 5*time.Second, 2*time.Millisecond, "waiting for %q", s)
}
