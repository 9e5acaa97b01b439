package opoly

import (
	"boardroom/engine"
	"boardroom/engine/opoly"
)

// The two phases that follow a Projectopoly event and wait on one PM:
// placing a unit won in a shortage auction (G000-10) and receiving
// mortgaged assets outside a trade (R000-28, A000-25). Each gets a panel
// that says what happened and what each choice costs, for the PM who
// chooses and for everyone else; the pick lists and the fee payment say
// what they pay before anything is sent.

// placementSection is a shortage-auction unit waiting for its winner.
func (r *Renderer) placementSection() section {
	v := r.v
	p := v.Placement
	what := r.lab.building
	if p.Top {
		what = r.lab.top
	}
	title := "Placing the " + what + " won: " + r.name(p.Seat)
	if r.gs.Seat != p.Seat {
		return section{title, []string{r.name(p.Seat) + " won one " + what + " in the shortage auction for " + v.FormatMoney(p.Price) +
			" and chooses the project it staffs: " + r.cellList(p.Cells) + "."}}
	}
	return section{title, []string{
		"You won one " + what + " for " + v.FormatMoney(p.Price) + ", paid when it is placed. Choose the project it staffs: " +
			r.cellList(p.Cells) + ".",
		r.keyHint("+", "place the "+what),
	}}
}

// receivedSection is mortgaged assets received outside a trade, each
// waiting to be repaid at once or to cost the transfer fee.
func (r *Renderer) receivedSection() section {
	v := r.v
	rc := v.Received
	ext, fee, _, ok := r.redeemCosts(rc.Cells)
	title := "Receiving " + r.lab.mortAdj + " assets: " + r.name(rc.Seat)
	if !ok {
		return section{title, nil}
	}
	if r.gs.Seat != rc.Seat {
		return section{title, []string{r.name(rc.Seat) + " received " + r.cellList(ext) + " under " + r.w.mortgage +
			" and chooses for each: repay it now or pay " + r.w.bank + " " + r.transferPct() + "."}}
	}
	lines := []string{"You received " + r.cellList(ext) + " under " + r.w.mortgage + ": repay each now, or pay " + r.w.bank + " " +
		r.transferPct() + " and it stays " + r.lab.mortAdj + "."}
	for _, c := range ext {
		lines = append(lines, "  "+r.cellName(c)+": repay "+v.FormatMoney(v.Rules.LiftCost(c))+" or "+r.transferPct()+" "+
			v.FormatMoney(v.Rules.TransferFee(c)))
	}
	return section{title, append(lines, r.keyHint("u", "repay one", "e", r.transferPct()+" on all the rest ("+v.FormatMoney(fee)+")"))}
}

// ppPickLabel labels the rows of the placement and redemption lists.
func (r *Renderer) ppPickLabel(a engine.Action) (string, bool) {
	v := r.v
	switch a := a.(type) {
	case opoly.PlaceUnit:
		return r.cellName(a.Cell) + " (" + r.levelWords(v.Cells[a.Cell].Level) + " now)", true
	case opoly.RedeemReceived:
		return r.cellName(a.Cell) + " (repay " + v.FormatMoney(v.Rules.LiftCost(a.Cell)) + ", instead of " + r.transferPct() + " " +
			v.FormatMoney(v.Rules.TransferFee(a.Cell)) + ")", true
	}
	return "", false
}

// ppPickPreview is what the highlighted row does and pays.
func (r *Renderer) ppPickPreview(a engine.Action) (string, bool) {
	v := r.v
	switch a := a.(type) {
	case opoly.PlaceUnit:
		price := int64(0)
		what := r.lab.building
		if p := v.Placement; p != nil {
			price = p.Price
			if p.Top {
				what = r.lab.top
			}
		}
		return "Place the " + what + " won on " + r.cellName(a.Cell) + " and pay your bid of " + v.FormatMoney(price) + "? " +
			r.cashChange(-price), true
	case opoly.RedeemReceived:
		x := v.Rules.LiftCost(a.Cell)
		return "Repay the " + r.w.mortgage + " on " + r.cellName(a.Cell) + " now: " + v.FormatMoney(x) + " to " + r.w.bank +
			" instead of " + r.transferPct() + " (" + v.FormatMoney(v.Rules.TransferFee(a.Cell)) + ")? " + r.cashChange(-x), true
	}
	return "", false
}

// payFeesQuestion confirms paying the transfer fee on every received
// asset not repaid.
func (r *Renderer) payFeesQuestion() string {
	rc := r.v.Received
	if rc == nil {
		return ""
	}
	ext, fee, _, ok := r.redeemCosts(rc.Cells)
	if !ok {
		return ""
	}
	return "Pay " + r.w.bank + " " + r.transferPct() + " of the " + r.w.mortgage + " on " + r.cellList(ext) + ": " +
		r.v.FormatMoney(fee) + "? They stay " + r.lab.mortAdj + ". " + r.cashChange(-fee)
}
