package opoly

import (
	"boardroom/tui"
)

// variant holds the words of one property game that its ruleset does not
// carry: what one building level and the top level are called.
type variant struct {
	id       string
	building string // one building level, singular: "house"
	top      string // the top level: "hotel"
}

// variants are the games this renderer draws. Adding Projectopoly or
// Technopoly is one line each, e.g.
// {id: "technopoly", building: "developer", top: "CTO"}.
var variants = []variant{
	{id: "unipoly", building: "house", top: "hotel"},
}

// Renderers returns the renderer factories of the games this package
// draws, by game id, for tui.Options.Renderers. The map is new on every
// call; the caller shares it between sessions and never writes to it.
func Renderers() map[string]tui.RendererFactory {
	m := make(map[string]tui.RendererFactory, len(variants))
	for _, v := range variants {
		m[v.id] = factory(v)
	}
	return m
}

// factory returns the renderer factory of one variant.
func factory(v variant) tui.RendererFactory {
	return func(ctx tui.RenderContext) tui.GameRenderer { return newRenderer(ctx, v) }
}

// New returns the board renderer for the game of ctx.Info (the words of
// the first variant when the game is not in the table).
func New(ctx tui.RenderContext) tui.GameRenderer {
	for _, v := range variants {
		if v.id == ctx.Info.ID {
			return newRenderer(ctx, v)
		}
	}
	return newRenderer(ctx, variant{id: ctx.Info.ID, building: "building", top: "top level"})
}
