package opoly

import "boardroom/engine"

// Mixed payment of a debt to a player (Ruleset.MixedPayment; R000-32,
// A000-21). In a debt owed to one player, the debtor may offer that
// creditor a bundle of its properties in groups without buildings (for a
// mortgaged one the creditor pays the transfer fee or redeems it, R000-28,
// receive.go). The creditor names a valuation V (0 ≤ V ≤ the debt,
// a multiple of the money step) or refuses; the debtor accepts (the
// properties pass to the creditor and the debt drops by V) or rejects, and
// may then sell them to the best offer instead (OfferToAll). The bundle and
// V are seen by the two parties only; the result is public. The debtor may
// offer any number of times, never the same bundle twice for one debt.

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

// mixedOffer is an offer of properties against a debt.
type mixedOffer struct {
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

// mixedCreditor is the player a mixed payment of the current debt may go
// to, or -1.
func (g *game) mixedCreditor() int {
	s := g.s
	if !g.rs.MixedPayment || len(s.Queue) == 0 {
		return -1
	}
	ob := &s.Queue[0]
	if len(ob.Creds) != 1 {
		return -1
	}
	if c := ob.Creds[0].Seat; c != Bank && !s.Players[c].Out {
		return c
	}
	return -1
}

// offerable lists the debtor's properties that may be offered.
func (g *game) offerable(seat int, out []int) []int {
	s := g.s
	for c := range s.Cells {
		if s.Cells[c].Owner == seat && g.groupUnbuilt(c) {
			out = append(out, c)
		}
	}
	return out
}

// canMixedPay reports whether the current debt may still be paid in part
// with properties (so that it is not an automatic bankruptcy): whether
// Legal lists an offer.
func (g *game) canMixedPay() bool {
	if g.mixedCreditor() < 0 {
		return false
	}
	var buf [MaxCells]int
	l := g.offerable(g.s.Queue[0].Debtor, buf[:0])
	for _, c := range l {
		if !g.offered(oneCell[c]) {
			return true
		}
	}
	return len(l) > 1 && !g.offered(l)
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
func (g *game) offered(cells []int) bool {
	m := bundleMask(cells)
	for _, x := range g.s.Queue[0].Offered {
		if x == m {
			return true
		}
	}
	return false
}

func (g *game) checkOfferAssets(seat int, a OfferAssets) error {
	if g.s.Phase != phDebt || g.mixedCreditor() < 0 {
		return illegal("You can offer " + g.rs.propertiesWord() + " only to the player you owe.")
	}
	if len(a.Cells) == 0 {
		return illegal("Offer at least one " + g.rs.propertyWord() + ".")
	}
	var seen [MaxCells]bool
	for _, c := range a.Cells {
		if !g.validCell(c) || seen[c] || g.s.Cells[c].Owner != seat || !g.groupUnbuilt(c) {
			return illegal("Offer only your own " + g.rs.propertiesWord() + ", in groups without " + g.rs.buildingsWord() + ".")
		}
		seen[c] = true
	}
	if g.offered(a.Cells) {
		return illegal("You have already offered exactly these " + g.rs.propertiesWord() + " against this debt; offer others, or sell them to all.")
	}
	return nil
}

func (g *game) doOfferAssets(seat int, a OfferAssets) {
	s := g.s
	cred := g.mixedCreditor()
	s.Queue[0].Offered = append(s.Queue[0].Offered, bundleMask(a.Cells))
	s.Mixed = &mixedOffer{Debtor: seat, Creditor: cred, Cells: clone(a.Cells), Value: -1}
	s.Phase = phValue
	names := ""
	for i, c := range a.Cells {
		if i > 0 {
			names += ", "
		}
		names += g.rs.Board.Cells[c].Name
	}
	g.ev = append(g.ev, engine.Event{Kind: "mixed_offer", To: []int{seat, cred},
		Text:     who(seat) + " offers " + who(cred) + " " + names + " against the debt of " + g.money(s.Queue[0].total()) + ".",
		Redacted: who(seat) + " offers " + who(cred) + " " + g.rs.propertiesWord() + " against the debt."})
}

// valueTemplate is the creditor's ValueAssets template.
func (g *game) valueTemplate() ValueAssets {
	t := g.s.Queue[0].total()
	t -= t % g.rs.MoneyStep
	return ValueAssets{max: t, step: g.tplStep()}
}

func (g *game) checkValue(a ValueAssets) error {
	t := g.valueTemplate()
	if a.Amount < 0 || a.Amount > t.max || a.Amount%g.rs.MoneyStep != 0 {
		return engine.Errf(engine.CodeIllegal, "Name a value from %s to %s (the debt).", g.money(0), g.money(t.max))
	}
	return nil
}

func (g *game) doValue(seat int, a ValueAssets) {
	s := g.s
	m := s.Mixed
	m.Value = a.Amount
	s.Phase = phValued
	g.ev = append(g.ev, engine.Event{Kind: "mixed_value", To: []int{m.Debtor, m.Creditor},
		Text:     who(seat) + " values the offered " + g.rs.propertiesWord() + " at " + g.money(a.Amount) + ".",
		Redacted: who(seat) + " named a value for the offered " + g.rs.propertiesWord() + "."})
}

// endMixed closes the offer and goes back to the debt.
func (g *game) endMixed(text string) {
	s := g.s
	s.Mixed = nil
	s.Phase = phDebt
	g.emit("mixed_result", text)
	g.proceed()
}

func (g *game) doAcceptValuation() {
	s := g.s
	m := s.Mixed
	for _, c := range m.Cells {
		g.wcell(c).Owner = m.Creditor
	}
	g.receive(m.Creditor, m.Cells) // redeem or pay the 10% (R000-28)
	ob := &s.Queue[0]
	ob.Creds[0].Amount -= m.Value
	text := who(m.Debtor) + " hands " + who(m.Creditor) + " " + g.rs.propertiesWord() + " valued " + g.money(m.Value) + "; the debt is now " + g.money(ob.total()) + "."
	if ob.total() == 0 {
		s.Queue = s.Queue[1:]
	}
	g.endMixed(text)
}

// legalMixed appends the debtor's OfferAssets actions: each property alone
// and, when there are several, all of them.
func (g *game) legalMixed(seat int, out []engine.Action) []engine.Action {
	if g.mixedCreditor() < 0 {
		return out
	}
	var buf [MaxCells]int
	l := g.offerable(seat, buf[:0])
	for _, c := range l {
		if !g.offered(oneCell[c]) {
			out = append(out, boxOfferOne[c])
		}
	}
	if len(l) > 1 && !g.offered(l) {
		out = append(out, OfferAssets{Cells: clone(l)})
	}
	return out
}

// valuationView is the offer as viewer sees it.
func (g *game) valuationView(viewer int) *ValuationView {
	m := g.s.Mixed
	v := &ValuationView{Debtor: m.Debtor, Creditor: m.Creditor, Value: -1}
	if viewer == m.Debtor || viewer == m.Creditor {
		v.Cells, v.Value = clone(m.Cells), m.Value
	}
	return v
}
