package projectopoly

import (
	"slices"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Receiving assets under budget extension outside a trade (R000-28,
// A000-25): the creditor who takes over a bankrupt's estate, or who
// accepts assets in a mixed payment, "immediately pays the 10% (or repays
// fully)" for each one. The receiver chooses, asset by asset, to repay
// (RedeemReceived, the repayment cost) and then pays the transfer fee on
// the rest (PayTransferFees, also the default, C-7); a fee it cannot pay
// is a debt to FICO. The core records what was received and waits for
// the choice (receive.go); this mechanism lists, checks and carries it out.
type receive struct{}

var receiveKinds = []string{"redeem_received", "pay_transfer_fees"}

// payFees is the receiver's closing answer (shared, read-only).
var payFees engine.Action = opoly.PayTransferFees{}

// Kinds implements opoly.Mechanism.
func (receive) Kinds() []string { return receiveKinds }

// Options implements opoly.Mechanism: the receive phase has no option.
func (receive) Options(*opoly.Ruleset) []engine.OptionSpec { return nil }

// Legal implements opoly.Mechanism: the repayments the receiver can pay,
// then PayTransferFees.
func (receive) Legal(t opoly.Table, seat int, out []engine.Action) []engine.Action {
	_, cells, ok := t.Received()
	if !ok {
		return out
	}
	for _, c := range cells {
		if t.Cash(seat) >= t.Rules().LiftCost(c) {
			out = append(out, opoly.RedeemReceived{Cell: c})
		}
	}
	return append(out, payFees)
}

// Check implements opoly.Mechanism.
func (receive) Check(t opoly.Table, seat int, a engine.Action) error {
	rs := t.Rules()
	who, cells, ok := t.Received()
	if !ok || who != seat {
		return opoly.Illegal("You have received nothing under " + rs.MortgageWord() + " now.")
	}
	if x, ok := a.(opoly.RedeemReceived); ok {
		if !slices.Contains(cells, x.Cell) {
			w := rs.PropertyWord()
			return opoly.Illegal("Choose " + opoly.Article(w) + " " + w + " you have just received under " + rs.MortgageWord() + ".")
		}
		if t.Cash(seat) < rs.LiftCost(x.Cell) {
			return engine.Errf(engine.CodeIllegal, "Redeeming it costs %s; you have %s.", t.Money(rs.LiftCost(x.Cell)), t.Money(t.Cash(seat)))
		}
	}
	return nil
}

// Apply implements opoly.Mechanism: a repayment, and once nothing is left
// to repay or the receiver pays the fees, the end of the choice.
func (receive) Apply(t opoly.Table, _ int, a engine.Action) {
	if x, ok := a.(opoly.RedeemReceived); ok && t.RedeemReceived(x.Cell) > 0 {
		return
	}
	t.CloseReceived()
}
