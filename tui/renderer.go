package tui

import (
	"strings"
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
	// Submit sends an action for the viewer's seat through lobby.Play.Act.
	// It returns the refusal (a *engine.RuleError or a lobby error) so a
	// dialog can stay open; the play screen shows the error as well and
	// reloads the game state after a successful action.
	Submit func(engine.Action) error
	// Now is the session's clock (fake in tests).
	Now func() time.Time
	// Replay is set when the renderer shows a finished game's replay: the
	// replay page takes left/right (and n/p, home/end, pgup/pgdown, the
	// digits) to step through the moves, so a renderer that words its keys
	// must not offer those for looking around.
	Replay bool
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

// KeysAppender is implemented by a renderer that writes its keys after
// the caller's (AppendKeys(ks) is append(ks, Keys()...)): the play screen
// makes its list in the session's one slice, and the renderer keeps none
// of its own between frames (issue 32).
type KeysAppender interface {
	AppendKeys(ks []key.Binding) []key.Binding
}

// appendKeysOf is append(ks, r.Keys()...), written by r when it can.
func appendKeysOf(ks []key.Binding, r GameRenderer) []key.Binding {
	if ka, ok := r.(KeysAppender); ok {
		return ka.AppendKeys(ks)
	}
	return append(ks, r.Keys()...)
}

// LinesViewer is implemented by a renderer that draws its game as lines:
// View's lines without the line breaks (height of them, each width cells).
// The play screen takes them as they are instead of splitting a string
// the renderer joined. The lines are kept and shared: the renderer must
// not change them afterwards.
type LinesViewer interface {
	ViewLines(width, height int) []string
}

// FittedLinesViewer is a LinesViewer whose lines are always height lines
// of exactly width cells: the play screen takes them without measuring
// them (a renderer that says so has a test that checks every line it
// draws, as tui/opoly's TestFramesDrawnAsBefore does).
type FittedLinesViewer interface {
	LinesViewer
	LinesFitted()
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

// phaseText is a phase in the renderer's words (PhaseNamer), else the
// phase with spaces for underscores: the play screen's prompt line and the
// replay's header say it alike.
func phaseText(r GameRenderer, phase string) string {
	if pn, ok := r.(PhaseNamer); ok {
		return pn.PhaseText(phase)
	}
	return "phase: " + strings.ReplaceAll(lobby.Sanitize(phase, 40), "_", " ")
}

// RendererFactory creates the renderer of one game for one session.
type RendererFactory func(ctx RenderContext) GameRenderer

// rendererFor picks the dedicated renderer of a game, or the generic one.
func (m *Model) rendererFor(ctx RenderContext) GameRenderer {
	if f, ok := m.renderers[ctx.Info.ID]; ok {
		if r := f(ctx); r != nil {
			return r
		}
	}
	return NewGeneric(ctx)
}
