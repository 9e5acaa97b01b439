package projectopoly

import (
	"strings"

	"boardroom/engine"
	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
)

// The two phases that follow a Projectopoly event and wait on one PM:
// placing a unit won in a shortage auction (G000-10) and receiving
// mortgaged assets outside a trade (R000-28, A000-25). Each gets a panel
// that says what happened and what each choice costs, for the PM who
// chooses and for everyone else; the pick lists and the fee payment say
// what they pay before anything is sent.

// BarEntries implements opolytui.Panel: the keys of the valuation
// (before the core's building key), of the placement and of the receive
// phase (before its selling key), of offering to all and of paying with
// assets (before the end of the turn).
func (panel) BarEntries(r *opolytui.Renderer) []opolytui.BarEntry {
	w := r.Words()
	return append(valuationEntries(),
		opolytui.BarEntry{Key: "+", Label: "place the " + w.Building + " won", Kinds: []string{"place_unit"}, Before: "sell_building"},
		opolytui.BarEntry{Key: "u", Label: w.LiftVerb + " at once", Kinds: []string{"redeem_received"}, Before: "sell_building"},
		opolytui.BarEntry{Key: "e", Label: "pay " + r.TransferPct() + " on the rest", Kinds: []string{"pay_transfer_fees"},
			Before: "sell_building"},
		offerEntry(), offerAssetsEntry())
}

// Act implements opolytui.Panel: offering assets opens their multiple
// choice, naming a value its amount entry, offering to all the list of
// the assets;
// placing the unit won and repaying a received asset each open the list
// of their cells.
func (panel) Act(r *opolytui.Renderer, kind string, _ engine.Action) bool {
	switch kind {
	case "value_assets":
		openValue(r)
	case "offer_to_all":
		r.OpenCellList("offer to all", "", "offer_to_all")
	case "offer_assets":
		openOfferAssets(r)
	case "place_unit":
		r.OpenCellList(r.Words().Build, "", "place_unit")
	case "redeem_received":
		r.OpenCellList(strings.Fields(r.Words().LiftVerb)[0], "", "redeem_received")
	default:
		return false
	}
	return true
}

// PhaseSections implements opolytui.Panel: the valuation of a mixed
// payment, the placement, then the received assets, each while it waits.
func (panel) PhaseSections(r *opolytui.Renderer) []opolytui.Section {
	var out []opolytui.Section
	v := r.GameView()
	if v.Valuation != nil {
		out = append(out, valuationSection(r))
	}
	if v.Placement != nil {
		out = append(out, placementSection(r))
	}
	if v.Received != nil {
		out = append(out, receivedSection(r))
	}
	return out
}

// placementSection is a shortage-auction unit waiting for its winner.
func placementSection(r *opolytui.Renderer) opolytui.Section {
	v := r.GameView()
	p := v.Placement
	what := r.Words().Building
	if p.Top {
		what = r.Words().Top
	}
	title := "Placing the " + what + " won: " + r.Name(p.Seat)
	if r.Seat() != p.Seat {
		return opolytui.Section{Title: title, Lines: []string{r.Name(p.Seat) + " won one " + what + " in the shortage auction for " + v.FormatMoney(p.Price) +
			" and chooses the project it staffs: " + r.CellList(p.Cells) + "."}}
	}
	return opolytui.Section{Title: title, Lines: []string{
		"You won one " + what + " for " + v.FormatMoney(p.Price) + ", paid when it is placed. Choose the project it staffs: " +
			r.CellList(p.Cells) + ".",
		r.KeyHint("+", "place the "+what),
	}}
}

// receivedSection is mortgaged assets received outside a trade, each
// waiting to be repaid at once or to cost the transfer fee.
func receivedSection(r *opolytui.Renderer) opolytui.Section {
	v := r.GameView()
	rc := v.Received
	ext, fee, _, ok := r.RedeemCosts(rc.Cells)
	title := "Receiving " + r.Words().MortAdj + " assets: " + r.Name(rc.Seat)
	if !ok {
		return opolytui.Section{Title: title, Lines: nil}
	}
	if r.Seat() != rc.Seat {
		return opolytui.Section{Title: title, Lines: []string{r.Name(rc.Seat) + " received " + r.CellList(ext) + " under " + r.Words().Mortgage +
			" and chooses for each: repay it now or pay " + r.Words().Bank + " " + r.TransferPct() + "."}}
	}
	lines := []string{"You received " + r.CellList(ext) + " under " + r.Words().Mortgage + ": repay each now, or pay " + r.Words().Bank + " " +
		r.TransferPct() + " and it stays " + r.Words().MortAdj + "."}
	for _, c := range ext {
		lines = append(lines, "  "+r.CellName(c)+": repay "+v.FormatMoney(v.Rules.LiftCost(c))+" or "+r.TransferPct()+" "+
			v.FormatMoney(v.Rules.TransferFee(c)))
	}
	return opolytui.Section{Title: title, Lines: append(lines, r.KeyHint("u", "repay one", "e", r.TransferPct()+" on all the rest ("+v.FormatMoney(fee)+")"))}
}

// ppPickLabel labels the rows of the placement and redemption lists.
func (panel) PickLabel(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if l, ok := offerLabel(r, a); ok {
		return l, true
	}
	if l, ok := groupDownRow(r, a); ok {
		return l, true
	}
	v := r.GameView()
	switch a := a.(type) {
	case opoly.PlaceUnit:
		return r.CellName(a.Cell) + " (" + r.LevelWords(v.Cells[a.Cell].Level) + " now)", true
	case opoly.RedeemReceived:
		return r.CellName(a.Cell) + " (repay " + v.FormatMoney(v.Rules.LiftCost(a.Cell)) + ", instead of " + r.TransferPct() + " " +
			v.FormatMoney(v.Rules.TransferFee(a.Cell)) + ")", true
	}
	return "", false
}

// ppPickPreview is what the highlighted row does and pays.
func (panel) PickPreview(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if q, ok := offerPreview(r, a); ok {
		return q, true
	}
	if q, ok := groupDownQuestion(r, a); ok {
		return q, true
	}
	v := r.GameView()
	switch a := a.(type) {
	case opoly.PlaceUnit:
		price := int64(0)
		what := r.Words().Building
		if p := v.Placement; p != nil {
			price = p.Price
			if p.Top {
				what = r.Words().Top
			}
		}
		return "Place the " + what + " won on " + r.CellName(a.Cell) + " and pay your bid of " + v.FormatMoney(price) + "? " +
			r.CashChange(-price), true
	case opoly.RedeemReceived:
		x := v.Rules.LiftCost(a.Cell)
		return "Repay the " + r.Words().Mortgage + " on " + r.CellName(a.Cell) + " now: " + v.FormatMoney(x) + " to " + r.Words().Bank +
			" instead of " + r.TransferPct() + " (" + v.FormatMoney(v.Rules.TransferFee(a.Cell)) + ")? " + r.CashChange(-x), true
	}
	return "", false
}

// Question implements opolytui.Panel: paying the transfer fees and
// accepting a valuation.
func (panel) Question(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if _, ok := a.(opoly.PayTransferFees); ok {
		return payFeesQuestion(r), true
	}
	return valuationQuestion(r, a)
}

// payFeesQuestion confirms paying the transfer fee on every received
// asset not repaid.
func payFeesQuestion(r *opolytui.Renderer) string {
	rc := r.GameView().Received
	if rc == nil {
		return ""
	}
	ext, fee, _, ok := r.RedeemCosts(rc.Cells)
	if !ok {
		return ""
	}
	return "Pay " + r.Words().Bank + " " + r.TransferPct() + " of the " + r.Words().Mortgage + " on " + r.CellList(ext) + ": " +
		r.GameView().FormatMoney(fee) + "? They stay " + r.Words().MortAdj + ". " + r.CashChange(-fee)
}
