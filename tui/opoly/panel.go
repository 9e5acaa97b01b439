package opoly

import (
	"boardroom/engine"
	"boardroom/tui"
)

// Panel is the part of the screen that one property variant owns: the
// panels of the phases only its mechanisms have (Projectopoly's placement
// and received assets), the rows and previews of its cell actions and the
// confirmations of its bar actions. The core asks the variant's panel at
// fixed points of its drawing and key handling, as engine/opoly asks a
// Ruleset's Mechanisms at fixed points of its dispatch; a variant without
// a panel of its own uses NoPanel. The core never imports a variant's
// package: cmd/boardroom wires each variant's factory (Factory) in.
//
// Every hook gets the renderer, whose exported methods (kit.go) are the
// kit a panel draws with; a hook reports false (or nil) for what is not
// its variant's, and the core then draws its own.
type Panel interface {
	// PhaseSections are the panels of the variant's pending phases, drawn
	// after the core's trade and valuation panels and before the debt.
	PhaseSections(r *Renderer) []Section
	// PickLabel is the row of a pick list for one of the variant's cell
	// actions.
	PickLabel(r *Renderer, a engine.Action) (string, bool)
	// PickPreview is what the highlighted row of that list does and pays,
	// the cash before -> after included.
	PickPreview(r *Renderer, a engine.Action) (string, bool)
	// Question is the confirmation of one of the variant's actions (a bar
	// action, or a row chosen from its pick list), with the cash before ->
	// after.
	Question(r *Renderer, a engine.Action) (string, bool)
	// TradeSection is the panel of a pending trade that is the variant's
	// own (Technopoly's takeover request), drawn instead of the core's
	// trade panel.
	TradeSection(r *Renderer) (Section, bool)
	// BarEntries are the variant's keys of the action bar, each before
	// the core's entry it names (BarEntry.Before) or after all of them; an
	// entry shows while one of its kinds is legal, and of two entries with
	// the same key the first legal one takes it.
	BarEntries(r *Renderer) []BarEntry
	// Act takes the legal action a of kind for a bar key when it is the
	// variant's (opening its list, say), and reports whether it did.
	Act(r *Renderer, kind string, a engine.Action) bool
	// CardLines is cell c's compact card on the small screen of a game
	// with a score column (widelayout.go), in short lines; false for the
	// usual card.
	CardLines(r *Renderer, c int) ([]string, bool)
	// Choose is told that a row of the variant's pick list was chosen;
	// it opens what the row asks for first (an amount) and reports true,
	// or reports false and the core asks the row's question.
	Choose(r *Renderer, a engine.Action) bool
	// Legend explains the board's codes and marks for the help overlay
	// when the variant's differ from the core's; false for the core's.
	Legend(r *Renderer) (string, bool)
}

// BarEntry is a key of the action bar: its label and the action kinds it
// takes.
type BarEntry struct {
	Key, Label string
	Kinds      []string
	// Before is the first kind of the core's entry this one is drawn
	// before ("" or a kind the core has no entry for: after them all).
	Before string
}

// Section is a titled block of lines of a panel (a title "" has none).
type Section struct {
	Title string
	Lines []string
}

// NoPanel is the panel of a variant whose phases and actions are all the
// core's (Unipoly). A variant's panel may embed it and override only the
// hooks it needs.
type NoPanel struct{}

func (NoPanel) PhaseSections(*Renderer) []Section                   { return nil }
func (NoPanel) PickLabel(*Renderer, engine.Action) (string, bool)   { return "", false }
func (NoPanel) PickPreview(*Renderer, engine.Action) (string, bool) { return "", false }
func (NoPanel) Question(*Renderer, engine.Action) (string, bool)    { return "", false }
func (NoPanel) TradeSection(*Renderer) (Section, bool)              { return Section{}, false }
func (NoPanel) BarEntries(*Renderer) []BarEntry                     { return nil }
func (NoPanel) Act(*Renderer, string, engine.Action) bool           { return false }
func (NoPanel) CardLines(*Renderer, int) ([]string, bool)           { return nil, false }
func (NoPanel) Choose(*Renderer, engine.Action) bool                { return false }
func (NoPanel) Legend(*Renderer) (string, bool)                     { return "", false }

// Factory returns the renderer factory of the property game id drawn
// with the variant's panel p (nil: NoPanel) and the words of the variant
// table (register.go) for id.
func Factory(id string, p Panel) tui.RendererFactory {
	v := variantOf(id)
	if p == nil {
		p = NoPanel{}
	}
	return func(ctx tui.RenderContext) tui.GameRenderer { return newRenderer(ctx, v, p) }
}

// variantSections are the panel's phase sections as the core's sections.
func (r *Renderer) variantSections() []section {
	var out []section
	for _, s := range r.panel.PhaseSections(r) {
		out = append(out, section{s.Title, s.Lines})
	}
	return out
}
