package opoly

import "boardroom/engine"

// Receiving properties under a mortgage outside a trade (R000-28, A000-25):
// the creditor who takes over a bankrupt's estate, or who accepts properties
// in a mixed payment, "immediately pays the 10% (or repays fully)" for each
// one. The receiver chooses, property by property, to redeem (RedeemReceived,
// the lift cost) and then pays the transfer fee on the rest
// (PayTransferFees, also the default, C-7); a fee it cannot pay is a debt
// to the bank. Only rulesets with MortgageTransferPct get here.

// RedeemReceived lifts at once the mortgage of a property just received.
type RedeemReceived struct {
	Cell int `json:"cell"`
}

// PayTransferFees pays the transfer fee of every property just received
// that was not redeemed, and ends the choice.
type PayTransferFees struct{}

// Kind implementations.
func (RedeemReceived) Kind() string  { return "redeem_received" }
func (PayTransferFees) Kind() string { return "pay_transfer_fees" }

// received is the mortgaged properties a player just received outside a
// trade, waiting for its choice.
type received struct {
	Seat  int   `json:"seat"`
	Cells []int `json:"cells"`
}

// ReceivedView is that choice as everyone sees it.
type ReceivedView struct {
	Seat  int   `json:"seat"`
	Cells []int `json:"cells"`
}

// receive records that seat received cells; the mortgaged ones wait for
// its choice (the receive phase, entered by proceed).
func (g *game) receive(seat int, cells []int) {
	if g.rs.MortgageTransferPct == 0 {
		return
	}
	s := g.s
	for _, c := range cells {
		if !s.Cells[c].Mortgaged {
			continue
		}
		if s.Received == nil {
			s.Received = &received{Seat: seat}
		}
		s.Received.Cells = append(s.Received.Cells, c)
	}
}

func (g *game) checkReceived(seat int, a engine.Action) error {
	r := g.s.Received
	if g.s.Phase != phReceive || r == nil || r.Seat != seat {
		return illegal("You have received nothing under " + g.rs.mortgageWord() + " now.")
	}
	if x, ok := a.(RedeemReceived); ok {
		i := indexOf(r.Cells, x.Cell)
		if i < 0 {
			return illegal("Choose " + article(g.rs.propertyWord()) + " " + g.rs.propertyWord() + " you have just received under " + g.rs.mortgageWord() + ".")
		}
		if g.s.Players[seat].Cash < g.rs.LiftCost(x.Cell) {
			return engine.Errf(engine.CodeIllegal, "Redeeming it costs %s; you have %s.", g.money(g.rs.LiftCost(x.Cell)), g.money(g.s.Players[seat].Cash))
		}
	}
	return nil
}

func (g *game) doReceived(seat int, a engine.Action) {
	s := g.s
	r := s.Received
	if x, ok := a.(RedeemReceived); ok {
		i := indexOf(r.Cells, x.Cell)
		r.Cells = append(r.Cells[:i:i], r.Cells[i+1:]...)
		g.payTransfers(seat, oneCell[x.Cell], true)
		if len(r.Cells) > 0 {
			return
		}
	}
	s.Received = nil
	// proceed settles what is owed, then goes back to the turn. A debt that
	// was already being raised (a mixed payment) goes on without being
	// announced again.
	s.Phase = phRoll
	if len(s.Queue) > 0 {
		s.Phase = phDebt
	}
	for _, c := range r.Cells {
		g.owe(seat, Bank, g.rs.TransferFee(c), g.rs.transferReason(c))
	}
	g.proceed()
}

// legalReceived lists the redemptions the receiver can pay, then
// PayTransferFees.
func (g *game) legalReceived(seat int, out []engine.Action) []engine.Action {
	for _, c := range g.s.Received.Cells {
		if g.s.Players[seat].Cash >= g.rs.LiftCost(c) {
			out = append(out, RedeemReceived{Cell: c})
		}
	}
	return append(out, PayTransferFees{})
}

// receivedView is the pending choice, nil when none.
func (g *game) receivedView() *ReceivedView {
	r := g.s.Received
	if r == nil || g.s.Phase != phReceive {
		return nil
	}
	return &ReceivedView{Seat: r.Seat, Cells: clone(r.Cells)}
}

func indexOf(l []int, x int) int {
	for i, y := range l {
		if y == x {
			return i
		}
	}
	return -1
}
