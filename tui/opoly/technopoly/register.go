// Package technopoly is Technopoly's part of the property games' board
// renderer (tui/opoly): the takeover dialog of its takeover mechanism
// (the bar's keys, the list of the start-ups the viewer may ask for, the
// request's question, the owner's panel and approval). The core draws
// everything else and asks this package's Panel at its fixed points; it
// never imports this package.
package technopoly

import (
	"boardroom/engine/opoly/technopoly"
	"boardroom/tui"
	opolytui "boardroom/tui/opoly"
)

// panel is Technopoly's opolytui.Panel; the hooks it does not need are
// NoPanel's.
type panel struct{ opolytui.NoPanel }

// Panel returns Technopoly's panel for the core renderer.
func Panel() opolytui.Panel { return panel{} }

// Renderers returns Technopoly's renderer factory by game id, for
// tui.Options.Renderers: the core renderer with this package's panel.
func Renderers() map[string]tui.RendererFactory {
	return map[string]tui.RendererFactory{technopoly.ID: opolytui.Factory(technopoly.ID, panel{})}
}
