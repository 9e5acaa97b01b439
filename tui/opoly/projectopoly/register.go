// Package projectopoly is Projectopoly's part of the property games'
// board renderer (tui/opoly): the panels, bar keys, pick lists and
// questions of what only its mechanisms have: placing a unit won in a
// shortage auction, receiving extended assets outside a trade (and paying
// the transfer fees), mixed payment (offering assets and their valuation),
// offering an asset to all and releasing a whole group when the pool is
// short. The core draws everything else and asks this package's Panel at
// its fixed points; it never imports this package.
package projectopoly

import (
	"boardroom/engine/opoly/projectopoly"
	"boardroom/tui"
	opolytui "boardroom/tui/opoly"
)

// panel is Projectopoly's opolytui.Panel; the hooks it does not need are
// NoPanel's.
type panel struct{ opolytui.NoPanel }

// Panel returns Projectopoly's panel for the core renderer.
func Panel() opolytui.Panel { return panel{} }

// Renderers returns Projectopoly's renderer factory by game id, for
// tui.Options.Renderers: the core renderer with this package's panel.
func Renderers() map[string]tui.RendererFactory {
	return map[string]tui.RendererFactory{projectopoly.ID: opolytui.Factory(projectopoly.ID, panel{})}
}
