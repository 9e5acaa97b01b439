package projectopoly

import (
	"math/bits"
	"slices"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Mixed payment of a debt to a player (R000-32, A000-21). In a debt owed
// to one player, the debtor may offer that creditor a bundle of its
// projects in groups without staff (for one under budget extension the
// creditor pays the transfer fee or repays it, R000-28: the core's
// receive.go). The creditor names a valuation V (0 ≤ V ≤ the debt, a
// multiple of the money step) or refuses; the debtor accepts (the projects
// pass to the creditor and the debt drops by V) or rejects, and may then
// sell them to the best offer instead (OfferToAll). The bundle and V are
// seen by the two parties only; the result is public. The debtor may offer
// any number of times, never the same bundle twice for one debt. The core
// keeps the action types, the offer's state and its two phases
// (opoly.MixedOffer, mixedstate.go).
type mixed struct{}

var mixedKinds = []string{"offer_assets", "value_assets", "refuse_assets", "accept_valuation", "reject_valuation"}

// Kinds implements opoly.Mechanism.
func (mixed) Kinds() []string { return mixedKinds }

// Options implements opoly.Mechanism: mixed payment has no table option.
func (mixed) Options(*opoly.Ruleset) []engine.OptionSpec { return nil }

// Pre-boxed offers of one cell, so that Legal does not allocate.
var (
	oneCell     [opoly.MaxCells][]int
	boxOfferOne [opoly.MaxCells]engine.Action
)

func init() {
	for i := range oneCell {
		oneCell[i] = []int{i}
		boxOfferOne[i] = opoly.OfferAssets{Cells: oneCell[i]}
	}
}

// Shared, read-only answers.
var (
	refuse  engine.Action = opoly.RefuseAssets{}
	accept  engine.Action = opoly.AcceptValuation{}
	rejectV engine.Action = opoly.RejectValuation{}
)

// creditor is the player a mixed payment of the current debt may go to,
// or -1.
func creditor(t opoly.Table) int {
	_, creds, _, ok := t.Debt()
	if !ok || len(creds) != 1 {
		return -1
	}
	if c := creds[0].Seat; c != opoly.Bank && !t.Out(c) {
		return c
	}
	return -1
}

// CanSettle implements opoly.Settler: whether the current debt may still
// be paid in part with projects (so that it is not an automatic
// bankruptcy): whether Legal lists an offer.
func (mixed) CanSettle(t opoly.Table) bool {
	if creditor(t) < 0 {
		return false
	}
	debtor, _, _, _ := t.Debt()
	// the cells read one by one, up to the first project not offered
	// alone (most calls stop at the debtor's first): it is asked within a
	// step, whose changed cells make Owned count every cell's owner
	var all uint64 // the projects that may be offered, up to there
	for c := range min(t.Cells(), opoly.MaxCells) {
		if t.Owner(c) != debtor || !t.Unbuilt(c) {
			continue
		}
		if !offeredMask(t, 1<<uint(c)) {
			return true
		}
		all |= 1 << uint(c)
	}
	return all&(all-1) != 0 && !offeredMask(t, all)
}

// bundleMask is a bundle of cells as one bit per cell (MaxCells is 64).
func bundleMask(cells []int) uint64 {
	var m uint64
	for _, c := range cells {
		m |= 1 << uint(c)
	}
	return m
}

// offered reports whether the bundle cells was already offered against the
// current debt. There is no count limit on offers (R000-32 sets none); as
// for trades (MF-9), an offer that was refused or rejected may not be made
// again unchanged, which keeps a debt finite.
func offered(t opoly.Table, cells []int) bool { return offeredMask(t, bundleMask(cells)) }

// offeredMask is offered of the bundle m (bundleMask).
func offeredMask(t opoly.Table, m uint64) bool { return slices.Contains(t.DebtOffered(), m) }

// valueTemplate is the creditor's ValueAssets template.
func valueTemplate(t opoly.Table) opoly.ValueAssets {
	_, _, total, _ := t.Debt()
	total -= total % t.Rules().Money.Step
	return opoly.NewValueAssets(total, t.TemplateStep())
}

// Legal implements opoly.Mechanism: the debtor's offers in a debt (each
// project alone and, when there are several, all of them), the creditor's
// valuation and the debtor's answer.
func (mixed) Legal(t opoly.Table, seat int, out []engine.Action) []engine.Action {
	switch t.Phase() {
	case opoly.PhaseValue:
		return append(out, valueTemplate(t), refuse)
	case opoly.PhaseValued:
		return append(out, accept, rejectV)
	case opoly.PhaseDebt:
	default:
		return out
	}
	if creditor(t) < 0 {
		return out
	}
	// the projects that may be offered, in board order (the cells' bits
	// from the lowest), each alone, then all of them as one bundle
	var all uint64
	for m := t.Owned(seat); m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if t.Unbuilt(c) {
			all |= 1 << uint(c)
			if !offeredMask(t, 1<<uint(c)) {
				out = append(out, boxOfferOne[c])
			}
		}
	}
	if all&(all-1) != 0 && !offeredMask(t, all) {
		var buf [opoly.MaxCells]int // the bundle's list, carved
		l := buf[:0]
		for m := all; m != 0; m &= m - 1 {
			l = append(l, bits.TrailingZeros64(m))
		}
		out = append(out, opoly.OfferAssets{Cells: t.CopyInts(l)})
	}
	return out
}

// Check implements opoly.Mechanism.
func (mixed) Check(t opoly.Table, seat int, a engine.Action) error {
	ph := t.Phase()
	switch a := a.(type) {
	case opoly.OfferAssets:
		return checkOffer(t, seat, a)
	case opoly.ValueAssets:
		if ph != opoly.PhaseValue {
			return opoly.Illegal("There is no offer to value.")
		}
		max := valueTemplate(t).Max()
		if a.Amount < 0 || a.Amount > max || a.Amount%t.Rules().Money.Step != 0 {
			return engine.Errf(engine.CodeIllegal, "Name a value from %s to %s (the debt).", t.Money(0), t.Money(max))
		}
	case opoly.RefuseAssets:
		if ph != opoly.PhaseValue {
			return opoly.Illegal("There is no offer to refuse.")
		}
	case opoly.AcceptValuation, opoly.RejectValuation:
		if ph != opoly.PhaseValued {
			return opoly.Illegal("There is no valuation to answer.")
		}
	}
	return nil
}

func checkOffer(t opoly.Table, seat int, a opoly.OfferAssets) error {
	rs := t.Rules()
	if t.Phase() != opoly.PhaseDebt || creditor(t) < 0 {
		return opoly.Illegal("You can offer " + rs.PropertiesWord() + " only to the player you owe.")
	}
	if len(a.Cells) == 0 {
		return opoly.Illegal("Offer at least one " + rs.PropertyWord() + ".")
	}
	var seen [opoly.MaxCells]bool
	for _, c := range a.Cells {
		if !t.ValidCell(c) || seen[c] || t.Owner(c) != seat || !t.Unbuilt(c) {
			return opoly.Illegal("Offer only your own " + rs.PropertiesWord() + ", in groups without " + rs.BuildingsWord() + ".")
		}
		seen[c] = true
	}
	if offered(t, a.Cells) {
		return opoly.Illegal("You have already offered exactly these " + rs.PropertiesWord() + " against this debt; offer others, or sell them to all.")
	}
	return nil
}

// Apply implements opoly.Mechanism.
func (mixed) Apply(t opoly.Table, seat int, a engine.Action) {
	switch a := a.(type) {
	case opoly.OfferAssets:
		offer(t, seat, a)
	case opoly.ValueAssets:
		m := t.Mixed()
		t.ValueMixed(a.Amount)
		if t.Muted() { // no event returned: none built
			return
		}
		e := engine.Event{Kind: "mixed_value", To: []int{m.Debtor, m.Creditor}}
		if !t.Quiet() {
			e.Text = opoly.Who(seat) + " values the offered " + t.Rules().PropertiesWord() + " at " + t.Money(a.Amount) + "."
			e.Redacted = opoly.Who(seat) + " named a value for the offered " + t.Rules().PropertiesWord() + "."
		}
		t.Event(e)
	case opoly.RefuseAssets:
		text := "" // no sentence in a quiet game
		if !t.Quiet() {
			text = opoly.Who(seat) + " refused the properties offered by " + opoly.Who(t.Mixed().Debtor) + "."
		}
		t.CloseMixed(text)
	case opoly.AcceptValuation:
		acceptValuation(t)
	case opoly.RejectValuation:
		text := "" // no sentence in a quiet game
		if !t.Quiet() {
			text = opoly.Who(seat) + " rejected the valuation of " + opoly.Who(t.Mixed().Creditor) + "."
		}
		t.CloseMixed(text)
	}
}

// offer opens seat's offer of a.Cells, told only to the two players.
func offer(t opoly.Table, seat int, a opoly.OfferAssets) {
	cred := creditor(t)
	t.MarkOffered(bundleMask(a.Cells))
	t.OpenMixed(seat, cred, a.Cells)
	if t.Muted() { // no event returned: none built
		return
	}
	e := engine.Event{Kind: "mixed_offer", To: []int{seat, cred}}
	if !t.Quiet() {
		names := ""
		for i, c := range a.Cells {
			if i > 0 {
				names += ", "
			}
			names += t.Rules().Board.Cells[c].Name
		}
		_, _, total, _ := t.Debt()
		e.Text = opoly.Who(seat) + " offers " + opoly.Who(cred) + " " + names + " against the debt of " + t.Money(total) + "."
		e.Redacted = opoly.Who(seat) + " offers " + opoly.Who(cred) + " " + t.Rules().PropertiesWord() + " against the debt."
	}
	t.Event(e)
}

// acceptValuation hands the projects over and lowers the debt.
func acceptValuation(t opoly.Table) {
	m := t.Mixed()
	for _, c := range m.Cells {
		t.SetOwner(c, m.Creditor)
	}
	t.Receive(m.Creditor, m.Cells) // repay or pay the 10% (R000-28)
	left := t.ReduceDebt(m.Value)
	text := "" // no sentence in a quiet game
	if !t.Quiet() {
		text = opoly.Who(m.Debtor) + " hands " + opoly.Who(m.Creditor) + " " + t.Rules().PropertiesWord() + " valued " +
			t.Money(m.Value) + "; the debt is now " + t.Money(left) + "."
	}
	t.CloseMixed(text)
}
