package opoly

import (
	"strconv"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Money is never spent by accident: every action that spends or raises
// cash either opens a y/n question that says what it does to the viewer's
// cash ("Buy Bike Shed Lane for $60? cash $1,500 → $1,440"), or is chosen
// from a pick list that opens every time and previews the same line for
// the highlighted row. No key acts at once on the inspected cell.

// arrow is the "before → after" sign (ASCII on the ASCII theme).
func (r *Renderer) arrow() string {
	if r.th.ASCII {
		return " -> "
	}
	return " → "
}

// myCash is the viewer's cash (0 for a spectator).
func (r *Renderer) myCash() int64 {
	if p := r.v.Player(r.gs.Seat); p.Seat >= 0 {
		return p.Cash
	}
	return 0
}

// cashChange says what delta does to the viewer's cash: "cash $1,500 →
// $1,440".
func (r *Renderer) cashChange(delta int64) string {
	c := r.myCash()
	return "cash " + r.v.FormatMoney(c) + r.arrow() + r.v.FormatMoney(c+delta)
}

// moneyQuestion is the confirmation of a bar action that spends or raises
// money, or "" when the action needs none.
func (r *Renderer) moneyQuestion(a engine.Action) string {
	v := r.v
	m := v.FormatMoney
	switch a.(type) {
	case opoly.Buy:
		p := v.Player(r.gs.Seat)
		if p.Seat < 0 || p.Position < 0 || p.Position >= len(v.Board.Cells) {
			return ""
		}
		cell := &v.Board.Cells[p.Position]
		return "Buy " + cell.Name + " for " + m(cell.Price) + "? " + r.cashChange(-cell.Price)
	case opoly.PayJailFee:
		return "Pay the " + m(v.JailFee) + " fee to leave jail? " + r.cashChange(-v.JailFee)
	case opoly.AcceptTrade:
		t := v.Trade
		if t == nil || t.Offer == nil {
			return "Accept the trade?"
		}
		delta := t.Offer.Money // From pays To when positive
		if r.gs.Seat == t.Offer.From {
			delta = -delta
		}
		return "Accept the trade with " + r.name(t.From) + "? " + r.cashChange(delta)
	case opoly.Resign:
		return "Resign? You leave the game at once: your " + r.lab.building + "s are sold to the bank at half price, " +
			"your cash goes to the bank, and every property you own is auctioned to the other players (" +
			r.cashChange(-r.myCash()) + ")."
	case opoly.DeclareBankruptcy:
		to := "the bank"
		if d := v.Debt; d != nil && len(d.Creditors) > 0 {
			to = r.name(d.Creditors[0].Seat)
			if len(d.Creditors) > 1 {
				to = "your creditors"
			}
		}
		return "Declare bankruptcy? You leave the game: your " + r.lab.building + "s are sold at half price, your cash goes to " +
			to + ", and your properties are auctioned to the other players (" + r.cashChange(-r.myCash()) + ")."
	}
	return ""
}

// pickPreview is the question of the highlighted pick-list row: what it
// does and to the viewer's cash.
func (r *Renderer) pickPreview() string {
	p := &r.pick
	if p.idx < 0 || p.idx >= len(p.acts) {
		return ""
	}
	v := r.v
	m := v.FormatMoney
	a := p.acts[p.idx]
	c, _ := cellArg(a)
	name := v.Board.Cells[c].Name
	switch a.(type) {
	case opoly.Build:
		n := p.count
		price := v.Board.Cells[c].BuildPrice
		what := "a " + r.lab.building
		switch {
		case n > 1:
			what = strconv.Itoa(n) + " " + r.lab.building + "s"
		case v.Cells[c].Level+1 >= v.MaxLevel:
			what = "a " + r.lab.top
		}
		return "Build " + what + " on " + name + " for " + m(int64(n)*price) + "? " + r.cashChange(-int64(n)*price)
	case opoly.SellBuilding:
		x := v.Rules.SellRefund(c)
		return "Sell a " + r.lab.building + " on " + name + " for " + m(x) + "? " + r.cashChange(x)
	case opoly.Mortgage:
		x := v.Board.Cells[c].Mortgage
		return "Mortgage " + name + " for " + m(x) + "? " + r.cashChange(x)
	case opoly.SellAndMortgage:
		refund := r.groupRefund(c)
		x := v.Board.Cells[c].Mortgage + refund
		return "Mortgage " + name + "? Every " + r.lab.building + " of its group is sold first at half price (" + m(refund) +
			"), then the mortgage pays " + m(v.Board.Cells[c].Mortgage) + ". " + r.cashChange(x)
	case opoly.Unmortgage:
		x := v.Rules.LiftCost(c)
		return "Lift the mortgage on " + name + " for " + m(x) + "? " + r.cashChange(-x)
	}
	return ""
}

// groupRefund is what selling every building of c's group gives back.
func (r *Renderer) groupRefund(c int) int64 {
	v := r.v
	g := v.Board.Cells[c].Group
	if g < 0 || g >= len(v.Board.Groups) {
		return 0
	}
	var x int64
	for _, gc := range v.Board.Groups[g].Cells {
		x += int64(max(v.Cells[gc].Level, 0)) * v.Rules.SellRefund(gc)
	}
	return x
}

// maxBuild is how many levels the viewer can add to cell c at most: up
// to the top level and as far as their cash goes (the even-building rule
// may stop a count earlier; the first refusal ends it).
func (r *Renderer) maxBuild(c int) int {
	v := r.v
	n := v.MaxLevel - v.Cells[c].Level
	if price := v.Board.Cells[c].BuildPrice; price > 0 {
		n = min(n, int(r.myCash()/price))
	}
	return max(n, 1)
}

// buildMany submits count builds on cell c one after another and stops at
// the first refusal, saying how many went through.
func (r *Renderer) buildMany(c, count int) {
	for i := 0; i < count; i++ {
		if !r.submit(opoly.Build{Cell: c}) {
			if i > 0 {
				r.err = "Built " + strconv.Itoa(i) + " of " + strconv.Itoa(count) + ": " + r.err
			}
			return
		}
	}
}
