package main

import (
	"boardroom/tui"
	aitgtui "boardroom/tui/allinthegame"
	billtui "boardroom/tui/billionaire"
	opolytui "boardroom/tui/opoly/games"
)

// renderers are the dedicated game renderers, by game id; a game without
// one is drawn by the TUI's generic renderer. Every session shares the map.
// The property games (unipoly, projectopoly, technopoly) share one board
// renderer, tui/opoly, each variant with its own panels
// (tui/opoly/games wires them).
func renderers() map[string]tui.RendererFactory {
	m := opolytui.Renderers()
	for _, more := range []map[string]tui.RendererFactory{aitgtui.Renderers(), billtui.Renderers()} {
		for id, f := range more {
			m[id] = f
		}
	}
	return m
}
