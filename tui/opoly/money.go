package opoly

import (
	"strconv"
	"strings"

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
	if q, ok := r.panel.Question(r, a); ok {
		return q
	}
	switch a.(type) {
	case opoly.Buy:
		p := v.Player(r.gs.Seat)
		if p.Seat < 0 || p.Position < 0 || p.Position >= len(v.Board.Cells) {
			return ""
		}
		cell := &v.Board.Cells[p.Position]
		return "Buy " + cell.Name + " for " + m(cell.Price) + "? " + r.cashChange(-cell.Price)
	case opoly.PayJailFee:
		return "Pay the " + m(v.JailFee) + " fee to leave " + r.w.jail + "? " + r.cashChange(-v.JailFee)
	case opoly.AcceptTrade:
		t := v.Trade
		if t == nil || t.Offer == nil {
			return "Accept the trade?"
		}
		delta := t.Offer.Money // From pays To when positive
		got := t.Offer.FromCells
		if r.gs.Seat == t.Offer.From {
			delta = -delta
			got = t.Offer.ToCells
		}
		fee := ""
		if x := r.transferFees(got); x > 0 {
			delta -= x
			fee = " (with " + m(x) + " to " + r.w.bank + " for the " + r.lab.mortAdj + " assets)"
		}
		return "Accept the trade with " + r.name(t.From) + "? " + r.cashChange(delta) + fee
	case opoly.Resign:
		if v.Rules != nil && v.Rules.End.Resign {
			return r.terminateQuestion()
		}
		if v.Rules != nil && v.Rules.Debt.ToCreditor {
			return "Resign? You leave the game at once, as bankrupt to " + r.w.bank + ": your " + r.lab.buildings +
				" go back to " + r.poolName() + ", your assets become free and your cash goes to " + r.w.bank + " (" +
				r.cashChange(-r.myCash()) + ")."
		}
		return "Resign? You leave the game at once: your " + r.lab.building + "s are sold to the bank at half price, " +
			"your cash goes to the bank, and every " + r.w.property + " you own is auctioned to the other players (" +
			r.cashChange(-r.myCash()) + ")."
	case opoly.DeclareBankruptcy:
		if q := r.bankruptcyToCreditor(); q != "" {
			return q
		}
		to := "the bank"
		if d := v.Debt; d != nil && len(d.Creditors) > 0 {
			to = r.name(d.Creditors[0].Seat)
			if len(d.Creditors) > 1 {
				to = "your creditors"
			}
		}
		return "Declare bankruptcy? You leave the game: your " + r.lab.building + "s are sold at half price, your cash goes to " +
			to + ", and your " + plural(r.w.property, 2) + " are auctioned to the other players (" + r.cashChange(-r.myCash()) + ")."
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
	if q, ok := r.panel.PickPreview(r, a); ok {
		return q
	}
	switch a.(type) {
	case opoly.Build:
		plan := r.buildPlan(c, p.count)
		if len(plan) == 0 {
			plan = []int{c}
		}
		n := len(plan)
		price := int64(n) * v.Board.Cells[c].BuildPrice
		what := r.planWhat(plan)
		where := " on " + name
		if n > 1 { // the even-building rule spreads them: say where each goes
			where = " (" + r.buildPlanText(plan) + ")"
		}
		return capital(r.lab.build) + " " + what + where + " for " + m(price) + "? " +
			r.cashChange(-price) + r.shortageNote(c)
	case opoly.SellBuilding:
		x := v.Rules.SellRefund(c)
		if v.Supply != nil {
			what := r.lab.one
			if v.Cells[c].Level >= v.MaxLevel {
				what = "the " + r.lab.top + " (" + strconv.Itoa(v.MaxLevel-1) + " " + r.lab.buildings + " come back from " + r.poolName() + ")"
			}
			return capital(r.lab.sell) + " " + what + " on " + name + "? " + capital(r.w.bank) + " pays " + m(x) + ". " + r.cashChange(x)
		}
		return "Sell a " + r.lab.building + " on " + name + " for " + m(x) + "? " + r.cashChange(x)
	case opoly.Mortgage:
		x := v.Board.Cells[c].Mortgage
		if r.w.mortgage != "mortgage" {
			return "Take a " + r.w.mortgage + " of " + m(x) + " on " + name + "? It earns no " + r.w.fee + " until you repay " +
				m(v.Rules.LiftCost(c)) + ". " + r.cashChange(x)
		}
		return "Mortgage " + name + " for " + m(x) + "? " + r.cashChange(x)
	case opoly.SellAndMortgage:
		refund := r.groupRefund(c)
		x := v.Board.Cells[c].Mortgage + refund
		if r.w.mortgage != "mortgage" {
			return "Release and extend " + name + "? First every " + r.lab.building + " and " + r.lab.top + " of its group goes back to " +
				r.poolName() + " at half price: " + r.groupStaff(c) + " (" + m(refund) + "); then " + r.w.bank + " grants a " +
				r.w.mortgage + " of " + m(v.Board.Cells[c].Mortgage) + ". " + r.cashChange(x)
		}
		return "Mortgage " + name + "? Every " + r.lab.building + " of its group is sold first at half price (" + m(refund) +
			"), then the mortgage pays " + m(v.Board.Cells[c].Mortgage) + ". " + r.cashChange(x)
	case opoly.Unmortgage:
		x := v.Rules.LiftCost(c)
		if r.w.mortgage != "mortgage" {
			return "Repay the " + r.w.mortgage + " on " + name + " for " + m(x) + "? " + r.cashChange(-x)
		}
		return "Lift the mortgage on " + name + " for " + m(x) + "? " + r.cashChange(-x)
	case opoly.ChooseProperty:
		x := v.Board.Cells[c].Price / 2
		return "Let " + r.w.bank + " cancel " + name + " and pay you half its value, " + m(x) + "? It becomes free. " + r.cashChange(x)
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

// groupStaff lists the staff standing on c's group: "Intranet Refresh 2,
// Timesheet App 2, Printer Fleet Migration 1 FTE".
func (r *Renderer) groupStaff(c int) string {
	v := r.v
	g := v.Board.Cells[c].Group
	if g < 0 || g >= len(v.Board.Groups) {
		return ""
	}
	var parts []string
	for _, gc := range v.Board.Groups[g].Cells {
		if l := v.Cells[gc].Level; l > 0 {
			parts = append(parts, v.Board.Cells[gc].Name+" "+r.levelWords(l))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// shortageNote warns that staffing c may start a shortage auction
// (G000-10): the pool is low and the unit would go to the best bid.
func (r *Renderer) shortageNote(c int) string {
	v := r.v
	sp := v.Supply
	if sp == nil || v.Rules == nil || v.Rules.Supply() == nil {
		return ""
	}
	top := v.Cells[c].Level+1 >= v.MaxLevel
	free, at, what := sp.UnitsFree, v.Rules.Supply().UnitAuctionAt, r.lab.building
	if top {
		free, at, what = sp.TopsFree, v.Rules.Supply().TopAuctionAt, r.lab.top
	}
	if at == 0 || free > at {
		return ""
	}
	return " Only " + strconv.Itoa(free) + " " + what + " left in " + r.poolName() + ": if another " + r.lab.player +
		" could staff one too, this starts a sealed shortage auction instead (your reserve " +
		v.FormatMoney(v.Board.Cells[c].BuildPrice) + ")."
}

// bankruptcyToCreditor is the bankruptcy question of a game in which a
// bankrupt's assets go to a player creditor or become free (Projectopoly,
// A000-25), or "" for the estate auction of the core.
func (r *Renderer) bankruptcyToCreditor() string {
	v := r.v
	if v.Rules == nil || !v.Rules.Debt.ToCreditor {
		return ""
	}
	end := " (" + r.cashChange(-r.myCash()) + ")."
	if d := v.Debt; d != nil && len(d.Creditors) == 1 && d.Creditors[0].Seat >= 0 {
		to := r.name(d.Creditors[0].Seat)
		return "Declare bankruptcy? You leave the game: your " + r.lab.buildings + " are released at half price and " +
			"your cash, your assets and your " + r.w.jailCard + "s all go to " + to + end
	}
	return "Declare bankruptcy? You leave the game: your " + r.lab.buildings + " go back to " + r.poolName() +
		", your assets become free and your cash goes to " + r.w.bank + end
}
