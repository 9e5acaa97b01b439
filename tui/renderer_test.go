package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// stubRenderer records what the play screen gives it.
type stubRenderer struct {
	ctx    RenderContext
	states int
	keys   []string
	w, h   int
}

func (s *stubRenderer) SetState(lobby.GameState) { s.states++ }
func (s *stubRenderer) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyMsg); ok {
		s.keys = append(s.keys, k.String())
		if k.String() == "a" {
			_ = s.ctx.Submit(testgame.Bid{Amount: 9})
		}
	}
	return nil
}
func (s *stubRenderer) View(w, h int) string {
	s.w, s.h = w, h
	return "STUB BOARD"
}
func (s *stubRenderer) Keys() []key.Binding { return []key.Binding{Bind("a", "act", "a")} }
func (s *stubRenderer) Capturing() bool     { return false }

func TestDedicatedRendererGetsKeysAndSize(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	stub := &stubRenderer{}
	h := start(t, api, Options{Fingerprint: "fp-ada", Renderers: map[string]RendererFactory{
		testgame.ID: func(ctx RenderContext) GameRenderer { stub.ctx = ctx; return stub },
	}})
	openNewTable(t, h)
	h.keys("b", "r", "S")
	require.Equal(t, screenPlay, h.m.screen)
	assert.Equal(t, testgame.ID, stub.ctx.Info.ID)
	assert.Same(t, h.m.th, stub.ctx.Theme)
	v := h.view()
	assert.Contains(t, v, "STUB BOARD")
	assert.Equal(t, 80, stub.w)
	assert.Greater(t, stub.h, 10)
	h.key("x")
	assert.Equal(t, []string{"x"}, stub.keys)
	h.key("tab") // reserved: the chat
	assert.True(t, h.m.play.chat.focused)
	h.key("esc")
	before := stub.states
	h.key("a") // submits an illegal bid: the refusal is shown
	assert.Contains(t, h.view(), "A bid is 0 to 3.")
	assert.Equal(t, before, stub.states, "no reload after a refused action")
	h.key("?")
	assert.Contains(t, h.view(), "act")
}

func TestFlattenJSON(t *testing.T) {
	got := flattenJSON([]byte(`{"my_secret":5,"bids":[1,2],"out":[false,true],"winner":null,
		"players":[{"name":"a","cash":10},{"name":"b","cash":20}],"deck":{"size":3},"empty":[]}`))
	assert.Equal(t, [][2]string{
		{"My secret", "5"}, {"Bids", "1, 2"}, {"Out", "no, yes"}, {"Winner", "-"},
		{"Players 1 name", "a"}, {"Players 1 cash", "10"}, {"Players 2 name", "b"}, {"Players 2 cash", "20"},
		{"Deck size", "3"}, {"Empty", ""},
	}, got)
	assert.Equal(t, "Add (n 1 to 3)", actionLabel(testgame.Add{N: 1}))
	assert.Equal(t, "Resign", actionLabel(testgame.Resign{}))
	assert.Equal(t, "Jail fee", prettyKey("jailFee"))
}

func TestGenericScrollsLongStates(t *testing.T) {
	th := NewTheme(nil, false, false)
	g := NewGeneric(RenderContext{Theme: th, Submit: func(engine.Action) error { return nil }}).(*generic)
	type big struct {
		Cells []struct{ Owner int } `json:"cells"`
	}
	var v big
	v.Cells = make([]struct{ Owner int }, 40)
	g.SetState(lobby.GameState{View: v, Seat: engine.Spectator})
	first := ansi.Strip(g.View(40, 10))
	assert.Contains(t, first, "Cells 1 owner")
	g.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")})
	second := ansi.Strip(g.View(40, 10))
	assert.NotContains(t, second, "Cells 1 owner")
	assert.Contains(t, second, "Cells 6 owner")
	for _, l := range strings.Split(second, "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 40)
	}
	assert.Len(t, strings.Split(second, "\n"), 10)
}

func TestThemeNoColorGroupsHaveLetters(t *testing.T) {
	th := NewTheme(nil, true, true)
	seen := map[string]bool{}
	for i := range 8 {
		g := th.Group(i)
		assert.NotEmpty(t, g.Letter)
		assert.False(t, seen[g.Letter])
		seen[g.Letter] = true
		assert.Equal(t, lipgloss.NoColor{}, g.Style.GetForeground(), "no colour in no-colour mode")
		assert.Equal(t, lipgloss.NoColor{}, g.Style.GetBackground())
	}
	assert.Equal(t, "+", th.Border.TopLeft)
	assert.Equal(t, " | ", th.Bullet)
}

func TestThemeColourGroupsDiffer(t *testing.T) {
	th := NewTheme(nil, false, false)
	assert.NotEqual(t, th.Group(0).Style.GetBackground(), th.Group(1).Style.GetBackground())
	assert.Equal(t, th.Group(0).Letter, th.Group(len(th.Groups)).Letter, "groups wrap around")
}
