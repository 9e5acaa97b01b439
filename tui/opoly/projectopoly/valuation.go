package projectopoly

import (
	"slices"

	"boardroom/engine"
	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
)

// Mixed payment's valuation (R000-32, A000-21): a debtor who offered
// assets against a debt to a player waits for the creditor to name the
// value it counts for them, then accepts or rejects it. The panel shows
// the offer and the value to the two parties (the rest see only that it
// goes on), the bar has their keys, and offering, naming and accepting
// each ask first. The debtor chooses the assets in the core's multiple
// choice (opolytui.CellChoice).

// valuationEntries are the bar's keys of the valuation, before the core's
// building key (the debtor's key to offer assets is offerAssetsEntry).
func valuationEntries() []opolytui.BarEntry {
	return []opolytui.BarEntry{
		{Key: "v", Label: "value assets", Kinds: []string{"value_assets"}, Before: "build"},
		{Key: "n", Label: "refuse assets", Kinds: []string{"refuse_assets"}, Before: "build"},
		{Key: "a", Label: "accept value", Kinds: []string{"accept_valuation"}, Before: "build"},
		{Key: "n", Label: "reject value", Kinds: []string{"reject_valuation"}, Before: "build"},
	}
}

// offerAssetsEntry is the debtor's key, before the core's end of turn.
func offerAssetsEntry() opolytui.BarEntry {
	return opolytui.BarEntry{Key: "p", Label: "pay with assets", Kinds: []string{"offer_assets"}, Before: "end_turn"}
}

// openOfferAssets lists every asset the debtor may offer (the union of
// the legal offers) for a multiple choice.
func openOfferAssets(r *opolytui.Renderer) {
	var cells []int
	for _, l := range r.Legal() {
		if o, ok := l.(opoly.OfferAssets); ok {
			for _, c := range o.Cells {
				if !slices.Contains(cells, c) {
					cells = append(cells, c)
				}
			}
		}
	}
	slices.Sort(cells)
	r.OpenCellChoice(opolytui.CellChoice{
		Kind:  "offer_assets",
		Cells: cells,
		Title: func() string {
			to := "your creditor"
			if d := r.GameView().Debt; d != nil && len(d.Creditors) == 1 {
				to = r.Name(d.Creditors[0].Seat)
			}
			return "Offer assets to " + to + " against your debt"
		},
		Row: r.AssetLabel,
		Total: func(chosen []int) string {
			var worth int64
			for _, c := range chosen {
				worth += r.GameView().Board.Cells[c].Price
			}
			return "Printed value of the selection: " + r.GameView().FormatMoney(worth)
		},
		Verb:  "offer",
		Empty: "Select at least one asset with space.",
		Ask: func(chosen []int) (engine.Action, string) {
			return opoly.OfferAssets{Cells: chosen}, offerAssetsQuestion(r, chosen)
		},
	})
}

// offerAssetsQuestion confirms an offer of assets against the debt.
func offerAssetsQuestion(r *opolytui.Renderer, cells []int) string {
	d := r.GameView().Debt
	to, debt := "your creditor", int64(0)
	if d != nil {
		debt = d.Amount
		if len(d.Creditors) == 1 {
			to = r.Name(d.Creditors[0].Seat)
		}
	}
	return "Offer " + r.CellList(cells) + " to " + to + " against your debt of " + r.GameView().FormatMoney(debt) + "? " +
		to + " names the value to count for them (at most the debt) or refuses; you then accept or reject it. " +
		"Nothing changes hands yet."
}

// openValue opens the creditor's amount entry for the value.
func openValue(r *opolytui.Renderer) {
	debt := ""
	if d := r.GameView().Debt; d != nil {
		debt = " (the debt is " + r.GameView().FormatMoney(d.Amount) + ")"
	}
	r.OpenAmount("Value the offered assets"+debt, "value_assets", -1, func(x int64) string { return valueQuestion(r, x) })
}

// valuationQuestion is the debtor's acceptance's question.
func valuationQuestion(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if _, ok := a.(opoly.AcceptValuation); ok {
		return acceptValuationQuestion(r), true
	}
	return "", false
}

// valuationSection is a mixed payment in progress (A000-21): the offer
// and the creditor's value for the two parties, that it is going on for
// everyone else.
func valuationSection(r *opolytui.Renderer) opolytui.Section {
	v := r.GameView()
	m := v.FormatMoney
	val := v.Valuation
	debt := int64(0)
	if v.Debt != nil {
		debt = v.Debt.Amount
	}
	title := "Payment with assets: " + r.Name(val.Debtor) + " to " + r.Name(val.Creditor)
	if len(val.Cells) == 0 {
		return opolytui.Section{Title: title, Lines: []string{r.Subtle("Only the two " + r.Words().Player + "s see the assets and their value.")}}
	}
	lines := []string{r.Who(val.Debtor) + " offers " + r.CellList(val.Cells) + " against a debt of " + m(debt) +
		" (printed value " + m(printed(r, val.Cells)) + ")."}
	if fee := r.TransferFees(val.Cells); fee > 0 {
		lines = append(lines, "Extended: whoever receives them pays "+r.Words().Bank+" "+m(fee)+" at once.")
	}
	me := r.Seat()
	switch {
	case val.Value < 0 && me == val.Creditor:
		lines = append(lines, r.Accent("Name the value you count for them, "+m(0)+" to "+m(debt)+", or refuse."),
			r.KeyHint("v", "value", "n", "refuse"))
	case val.Value < 0:
		lines = append(lines, r.Subtle("Waiting for "+r.Name(val.Creditor)+" to name a value."))
	case me == val.Debtor:
		lines = append(lines, r.Accent(r.Name(val.Creditor)+" values them at "+m(val.Value)+
			": your debt would drop from "+m(debt)+" to "+m(max(debt-val.Value, 0))+"."),
			r.KeyHint("a", "accept", "n", "reject (then sell to the best offer)"))
	default:
		lines = append(lines, "You value them at "+m(val.Value)+"; waiting for "+r.Name(val.Debtor)+".")
	}
	return opolytui.Section{Title: title, Lines: lines}
}

// printed is the total printed value of cells.
func printed(r *opolytui.Renderer, cells []int) int64 {
	var x int64
	for _, c := range cells {
		if c >= 0 && c < len(r.GameView().Board.Cells) {
			x += r.GameView().Board.Cells[c].Price
		}
	}
	return x
}

// valueQuestion confirms the creditor's valuation.
func valueQuestion(r *opolytui.Renderer, x int64) string {
	val := r.GameView().Valuation
	if val == nil {
		return "Name this value?"
	}
	q := "Value " + r.CellList(val.Cells) + " at " + r.GameView().FormatMoney(x) + "? If " + r.Name(val.Debtor) +
		" accepts, they are yours and the debt owed to you drops by " + r.GameView().FormatMoney(x)
	if fee := r.TransferFees(val.Cells); fee > 0 {
		q += "; you pay " + r.Words().Bank + " " + r.GameView().FormatMoney(fee) + " on the extended ones (" + r.CashChange(-fee) + ")"
	}
	return q + "."
}

// acceptValuationQuestion confirms the debtor's acceptance.
func acceptValuationQuestion(r *opolytui.Renderer) string {
	val := r.GameView().Valuation
	if val == nil || r.GameView().Debt == nil {
		return "Accept the valuation?"
	}
	debt := r.GameView().Debt.Amount
	return "Accept " + r.GameView().FormatMoney(val.Value) + " for " + r.CellList(val.Cells) + "? They pass to " + r.Name(val.Creditor) +
		" and your debt drops from " + r.GameView().FormatMoney(debt) + " to " + r.GameView().FormatMoney(max(debt-val.Value, 0)) + "."
}
