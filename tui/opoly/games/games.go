// Package games wires the property games' screens: the core board
// renderer (tui/opoly) for Unipoly and, for each variant with a screen
// panel of its own, its package's factory (tui/opoly/projectopoly,
// tui/opoly/technopoly). It is
// the one list a new property game is added to; cmd/boardroom and the
// tests of the TUI and the server draw the property games through it.
package games

import (
	"boardroom/tui"
	opolytui "boardroom/tui/opoly"
	pptui "boardroom/tui/opoly/projectopoly"
	tptui "boardroom/tui/opoly/technopoly"
)

// Renderers returns the property games' renderer factories by game id,
// for tui.Options.Renderers. The map is new on every call; the caller
// shares it between sessions and never writes to it.
func Renderers() map[string]tui.RendererFactory {
	m := opolytui.Renderers()
	for _, more := range []map[string]tui.RendererFactory{pptui.Renderers(), tptui.Renderers()} {
		for id, f := range more {
			m[id] = f
		}
	}
	return m
}

// New returns the board renderer for the game of ctx.Info: its variant's
// factory, or the core's renderer for a game without one.
func New(ctx tui.RenderContext) tui.GameRenderer {
	if f, ok := Renderers()[ctx.Info.ID]; ok {
		return f(ctx)
	}
	return opolytui.New(ctx)
}
