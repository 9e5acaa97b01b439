package projectopoly

import (
	"boardroom/engine"
	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
)

// Offering an asset to all (G000-12, A000-21): a PM (in turn, or in
// debt) picks one of its assets from a list that says each printed value,
// types the reserve, and confirms a question that says how the sealed-bid
// auction goes and what it brings at the reserve. The auction itself is
// the core's panel.

// offerEntry is the bar's key, before the core's end of turn (and the
// debtor's "pay with assets").
func offerEntry() opolytui.BarEntry {
	return opolytui.BarEntry{Key: "o", Label: "offer to all", Kinds: []string{"offer_to_all"}, Before: "end_turn"}
}

// offerLabel is a row of the list: the asset and its printed value.
func offerLabel(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if o, ok := a.(opoly.OfferToAll); ok {
		return r.AssetLabel(o.Cell), true
	}
	return "", false
}

// offerPreview is the highlighted row's line: the reserve comes next.
func offerPreview(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if o, ok := a.(opoly.OfferToAll); ok {
		return "Offer " + r.GameView().Board.Cells[o.Cell].Name + " to all: next, type the reserve.", true
	}
	return "", false
}

// Choose implements opolytui.Panel: a row chosen from the offer's list
// asks its reserve, then the question.
func (panel) Choose(r *opolytui.Renderer, a engine.Action) bool {
	o, ok := a.(opoly.OfferToAll)
	if !ok {
		return false
	}
	r.OpenAmount("Reserve for "+r.CellName(o.Cell)+" (0: none)", "offer_to_all", o.Cell,
		func(x int64) string { return offerToAllQuestion(r, o.Cell, x) })
	return true
}

// offerToAllQuestion confirms an offer to all of cell c with reserve x.
func offerToAllQuestion(r *opolytui.Renderer, c int, x int64) string {
	m := r.GameView().FormatMoney
	res := "no reserve: any bid above " + m(0) + " buys it"
	if x > 0 {
		res = "reserve " + m(x) + ": a lower bid does not count"
	}
	return "Offer " + r.CellName(c) + " (printed " + m(r.GameView().Board.Cells[c].Price) + ") to all other " + r.Words().Player +
		"s in a sealed-bid auction, " + res + "? The best bid buys it at once; with none you keep it. " +
		"It counts as one of your proposals this turn. If it sells at the reserve: " + r.CashChange(x) + "."
}
