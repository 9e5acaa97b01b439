package tui

import (
	"fmt"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// RenderContext is what the play screen gives a game renderer when it
// creates it. It stays valid for the renderer's whole life.
type RenderContext struct {
	Theme *Theme
	Info  engine.Info
	// Submit sends an action for the viewer's seat through lobby.API.Act.
	// It returns the refusal (a *engine.RuleError or a lobby error) so a
	// dialog can stay open; the play screen shows the error as well and
	// reloads the game state after a successful action.
	Submit func(engine.Action) error
	// Now is the session's clock (fake in tests).
	Now func() time.Time
}

// GameRenderer draws one game for one viewer inside the play screen. The
// play screen owns the frame around it (prompt, timer, log, chat, outcome);
// the renderer owns everything inside the width x height it is given.
//
// Keys reach the renderer unless the play screen reserves them (tab, ?,
// ctrl+c, pgup/pgdown, and esc while the renderer is not Capturing). Any
// message the play screen does not know (for example the result of a
// tea.Cmd the renderer returned) is passed to Update as well.
type GameRenderer interface {
	// SetState gives the renderer the viewer's latest game state. It is
	// called when the play screen opens and after every change.
	SetState(gs lobby.GameState)
	// Update handles a key or one of the renderer's own messages.
	Update(msg tea.Msg) tea.Cmd
	// View draws the game into exactly width x height cells.
	View(width, height int) string
	// Keys lists the renderer's current key bindings for the help overlay
	// and the footer.
	Keys() []key.Binding
	// Capturing reports that the renderer has an open dialog or text input:
	// then esc and q go to the renderer too.
	Capturing() bool
}

// Legender is implemented by a renderer whose board uses codes or marks
// that need explaining: the help overlay (?) shows its legend under the
// keys.
type Legender interface {
	Legend() string
}

// PhaseNamer is implemented by a renderer that words its game's phases
// for the prompt line ("after the roll" for "post_roll"); without it the
// play screen shows the phase with spaces for underscores.
type PhaseNamer interface {
	PhaseText(phase string) string
}

// RendererFactory creates the renderer of one game for one session.
type RendererFactory func(ctx RenderContext) GameRenderer

// registry of dedicated renderers. Packages register in init; the first
// call of New freezes it, after which it is only read.
var renderers = struct {
	sync.RWMutex
	m      map[string]RendererFactory
	frozen bool
}{m: map[string]RendererFactory{}}

// RegisterRenderer registers the dedicated renderer of a game. Call it from
// an init function; it panics on a duplicate id or after the first session
// has started.
func RegisterRenderer(gameID string, f RendererFactory) {
	renderers.Lock()
	defer renderers.Unlock()
	if renderers.frozen {
		panic(fmt.Sprintf("tui: RegisterRenderer(%q) after start", gameID))
	}
	if _, dup := renderers.m[gameID]; dup || gameID == "" || f == nil {
		panic(fmt.Sprintf("tui: bad or duplicate renderer %q", gameID))
	}
	renderers.m[gameID] = f
}

// freezeRenderers returns the registered renderers and forbids further
// registration. The map is shared by every session and only read; extra
// renderers get a copy (withRenderers).
func freezeRenderers() map[string]RendererFactory {
	renderers.Lock()
	defer renderers.Unlock()
	renderers.frozen = true
	return renderers.m
}

// withRenderers returns the frozen renderers plus a session's own.
func withRenderers(extra map[string]RendererFactory) map[string]RendererFactory {
	base := freezeRenderers()
	if len(extra) == 0 {
		return base
	}
	out := make(map[string]RendererFactory, len(base)+len(extra))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// rendererFor picks the dedicated renderer of a game, or the generic one.
func (m *Model) rendererFor(ctx RenderContext) GameRenderer {
	if f, ok := m.renderers[ctx.Info.ID]; ok {
		if r := f(ctx); r != nil {
			return r
		}
	}
	return NewGeneric(ctx)
}
