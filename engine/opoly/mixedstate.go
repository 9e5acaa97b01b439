package opoly

import "boardroom/engine"

// Mixed payment of a debt to a player (R000-32, A000-21): the rules are
// Projectopoly's mechanism (projectopoly/mixed.go). The core keeps what the
// action log, the snapshot, the prompt and the View read: the action
// types, the offer in progress (state.Mixed) with its two phases, and the
// steps the mechanism takes through Table.

// OfferAssets offers the debt's creditor the debtor's properties Cells.
type OfferAssets struct {
	Cells []int `json:"cells"`
}

// ValueAssets is the creditor's valuation of the offered properties. As a
// template its parameter is the amount, from 0 to the debt.
type ValueAssets struct {
	Amount int64 `json:"amount"`
	max    int64
	step   int64
}

// RefuseAssets is the creditor's refusal of the offer (its default, C-7).
type RefuseAssets struct{}

// AcceptValuation takes the creditor's valuation: the properties pass, the
// debt drops.
type AcceptValuation struct{}

// RejectValuation refuses the valuation (the debtor's default).
type RejectValuation struct{}

// Kind implementations.
func (OfferAssets) Kind() string     { return "offer_assets" }
func (ValueAssets) Kind() string     { return "value_assets" }
func (RefuseAssets) Kind() string    { return "refuse_assets" }
func (AcceptValuation) Kind() string { return "accept_valuation" }
func (RejectValuation) Kind() string { return "reject_valuation" }

// Param implements engine.Template.
func (v ValueAssets) Param() engine.Param {
	return engine.Param{Name: "amount", Min: 0, Max: v.max, Step: v.step}
}

// With implements engine.Template.
func (v ValueAssets) With(x int64) engine.Action { v.Amount = x; return v }

// NewValueAssets is the creditor's ValueAssets template, from 0 to max
// in steps of step (0: any amount).
func NewValueAssets(max, step int64) ValueAssets { return ValueAssets{max: max, step: step} }

// Max is the highest value the template allows.
func (v ValueAssets) Max() int64 { return v.max }

// MixedOffer is an offer of properties against a debt (the state of a
// mixed payment in progress).
type MixedOffer struct {
	Debtor   int   `json:"debtor"`
	Creditor int   `json:"creditor"`
	Cells    []int `json:"cells"`
	Value    int64 `json:"value"` // -1 until the creditor names it
}

// ValuationView is a mixed-payment offer in progress. Cells and Value are
// shown only to the two parties; others see nil and -1.
type ValuationView struct {
	Debtor   int   `json:"debtor"`
	Creditor int   `json:"creditor"`
	Cells    []int `json:"cells,omitempty"`
	Value    int64 `json:"value"` // -1: not named yet (or hidden)
}

// valuationView is the offer as viewer sees it.
func (g *Game) valuationView(viewer int) *ValuationView {
	m := g.s.Mixed
	v := &ValuationView{Debtor: m.Debtor, Creditor: m.Creditor, Value: -1}
	if viewer == m.Debtor || viewer == m.Creditor {
		v.Cells, v.Value = clone(m.Cells), m.Value
	}
	return v
}

// Debt is the debt the game settles now: the first of the queue.
func (t Table) Debt() (debtor int, creds []Owed, total int64, ok bool) {
	s := t.g.s
	if len(s.Queue) == 0 {
		return -1, nil, 0, false
	}
	ob := &s.Queue[0]
	return ob.Debtor, ob.Creds, ob.total(), true
}

// DebtOffered lists the bundles (one bit per cell) already offered
// against the current debt; MarkOffered adds one.
func (t Table) DebtOffered() []uint64 { return t.g.s.Queue[0].Offered }

// MarkOffered records a bundle offered against the current debt.
//
// The list is carved from the game's blocks with room to grow, and
// written in place: the debt alone holds it (DebtOffered's caller reads it
// during its step).
func (t Table) MarkOffered(m uint64) {
	ob := &t.g.s.Queue[0]
	if n := len(ob.Offered); n == cap(ob.Offered) {
		l := t.g.blk.uint64s.take(max(2*n, 4))
		copy(l, ob.Offered)
		ob.Offered = l[:n]
	}
	ob.Offered = append(ob.Offered, m)
}

// ReduceDebt lowers the current debt to its one creditor by x; a debt
// paid off leaves the queue.
func (t Table) ReduceDebt(x int64) (left int64) {
	s := t.g.s
	ob := &s.Queue[0]
	ob.Creds[0].Amount -= x
	left = ob.total()
	if left == 0 {
		s.popDebt()
	}
	return left
}

// Mixed is the mixed payment in progress (nil: none).
func (t Table) Mixed() *MixedOffer { return t.g.s.Mixed }

// OpenMixed makes the game wait for creditor's valuation of debtor's
// offer of cells (copied). The offer and its list are carved, as the
// auctions are.
func (t Table) OpenMixed(debtor, creditor int, cells []int) {
	m := newOf(&t.g.blk.mixed)
	*m = MixedOffer{Debtor: debtor, Creditor: creditor, Cells: t.g.blk.ints.copyOf(cells), Value: -1}
	t.g.s.Mixed, t.g.s.Phase = m, phValue
}

// ValueMixed records the creditor's valuation and waits for the debtor.
func (t Table) ValueMixed(v int64) { t.g.s.Mixed.Value, t.g.s.Phase = v, phValued }

// CloseMixed ends the offer with the public sentence text and goes back
// to the debt.
func (t Table) CloseMixed(text string) {
	s := t.g.s
	s.Mixed = nil
	s.Phase = phDebt
	t.g.emit("mixed_result", text)
	t.g.proceed()
}

// Receive is the receiving of properties cells by seat (a mortgaged one
// is redeemed or pays the transfer fee, R000-28, receive.go).
func (t Table) Receive(seat int, cells []int) { t.g.receive(seat, cells) }

// Unbuilt reports whether the group of property c has no buildings.
func (t Table) Unbuilt(c int) bool { return t.g.groupUnbuilt(c) }

// Phase is the name of the phase the game waits in (PhaseDebt, ...).
func (t Table) Phase() string { return t.g.phaseName() }

// TemplateStep is the step of money templates (0 when the money step is 1).
func (t Table) TemplateStep() int64 { return t.g.tplStep() }

// PropertiesWord is the ruleset's plural for properties.
func (rs *Ruleset) PropertiesWord() string { return rs.propertiesWord() }

// BuildingsWord is the ruleset's plural for buildings.
func (rs *Ruleset) BuildingsWord() string { return rs.buildingsWord() }
