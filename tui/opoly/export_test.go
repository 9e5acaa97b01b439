package opoly

import "boardroom/tui"

// The core's tests draw every variant, Projectopoly's and Technopoly's
// included, with the panels of their packages; those packages import this
// one, so the package's own tests cannot import them. panels_test.go (in
// package opoly_test, which may) hands each variant's Panel in through
// SetTestPanel before any test runs, and the tests' renderers come from
// testNew.

// testPanels are the variants' panels by game id.
var testPanels = map[string]Panel{}

// SetTestPanel makes the tests draw game id with panel p.
func SetTestPanel(id string, p Panel) { testPanels[id] = p }

// testNew is New with the variant's panel (NoPanel for Unipoly).
func testNew(ctx tui.RenderContext) tui.GameRenderer {
	p, ok := testPanels[ctx.Info.ID]
	if !ok {
		p = NoPanel{}
	}
	return newRenderer(ctx, variantOf(ctx.Info.ID), p)
}
