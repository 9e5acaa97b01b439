package technopoly

import (
	"math/bits"
	"strconv"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Takeovers (R001-25, A001-08, A001-09): in their own turn, before or
// after rolling, the active player asks the owner of a start-up to hand it
// over for its takeover price (the printed price plus the mark-up,
// Ruleset.TakeoverPct()). The request is private to the two of them; the
// owner approves (the buyer pays, the start-up changes hands at once) or
// denies, which is also the default when the owner does not answer. A
// start-up whose field has staff cannot be taken over (R001-21), the buyer
// must have the cash, one request is pending at a time, and each start-up
// may be asked for once a turn. The action types live in the core, which
// decodes them (opoly.RequestTakeover, ...). Pct is the mark-up percent
// on the printed price (20, R001-25); it makes takeovers an opoly.MarkUp.
type takeovers struct{ Pct int64 }

// TakeoverPct implements opoly.MarkUp.
func (m takeovers) TakeoverPct() int64 { return m.Pct }

var takeoverKinds = []string{"request_takeover", "approve_takeover", "deny_takeover"}

// oneCell holds a list of each one cell, shared and never written: a
// request's cell (the offer's ToCells, which nothing writes) without an
// allocation per request.
var oneCell = func() (o [opoly.MaxCells][]int) {
	for i := range o {
		o[i] = []int{i}
	}
	return o
}()

// Kinds implements opoly.Mechanism.
func (takeovers) Kinds() []string { return takeoverKinds }

// Options implements opoly.Mechanism: takeovers have no table option.
func (takeovers) Options(*opoly.Ruleset) []engine.OptionSpec { return nil }

// boxTakeover holds one boxed request per cell, so that Legal does not
// allocate an interface value per listed request.
var boxTakeover = func() (b [opoly.MaxCells]engine.Action) {
	for i := range b {
		b[i] = opoly.RequestTakeover{Cell: i}
	}
	return b
}()

// answers are the owner's two answers to a request (shared, read-only).
var answers = [2]engine.Action{opoly.ApproveTakeover{}, opoly.DenyTakeover{}}

// Legal implements opoly.Mechanism: the owner's answers to a pending
// request, or a request for every start-up seat may ask for now.
func (takeovers) Legal(t opoly.Table, seat int, out []engine.Action) []engine.Action {
	if _, ok := t.Request(); ok {
		return append(out, answers[0], answers[1])
	}
	if !canRequest(t, seat) {
		return out
	}
	for c := range t.Cells() {
		if o := t.Owner(c); o == opoly.Bank || o == seat {
			continue // most cells: no need to look further
		}
		if takeoverable(t, seat, c) {
			out = append(out, boxTakeover[c])
		}
	}
	return out
}

// LegalCells implements opoly.CellLister: the takeover requests Legal
// lists, for the cells in the set cells only.
func (takeovers) LegalCells(t opoly.Table, seat int, cells uint64, out []engine.Action) []engine.Action {
	if _, ok := t.Request(); ok || !canRequest(t, seat) {
		return out // no request now (answers are not on cells)
	}
	for ; cells != 0; cells &= cells - 1 { // board order, as Legal
		c := bits.TrailingZeros64(cells)
		if c >= t.Cells() {
			break
		}
		if o := t.Owner(c); o == opoly.Bank || o == seat {
			continue
		}
		if takeoverable(t, seat, c) {
			out = append(out, boxTakeover[c])
		}
	}
	return out
}

// canRequest reports whether seat may request a takeover now.
func canRequest(t opoly.Table, seat int) bool {
	return t.Rules().TakeoverPct() > 0 && seat == t.Active() && t.Window()
}

// takeoverable reports whether seat may ask for cell c now (besides the
// window): another player's start-up, its field without staff, not asked
// for this turn, and seat has the cash.
func takeoverable(t opoly.Table, seat, c int) bool {
	rs := t.Rules()
	if !t.ValidCell(c) || !rs.Board.Cells[c].Kind.Property() {
		return false
	}
	o := t.Owner(c)
	if o == opoly.Bank || o == seat || t.Out(o) || t.Cash(seat) < rs.TakeoverPrice(c) {
		return false
	}
	return !t.Built(c) && !t.Asked(c)
}

// Check implements opoly.Mechanism.
func (takeovers) Check(t opoly.Table, seat int, a engine.Action) error {
	switch a := a.(type) {
	case opoly.RequestTakeover:
		if !canRequest(t, seat) {
			return opoly.Illegal("You can ask for a takeover in your own turn, before or after rolling.")
		}
		if !takeoverable(t, seat, a.Cell) {
			return opoly.Illegal("You can ask for another player's " + t.Rules().PropertyWord() + " once a turn, if you have the cash for the takeover " +
				"and nobody has been hired in its " + t.Rules().GroupWord() + ".")
		}
		return nil
	}
	o, ok := t.Request()
	if !ok {
		return opoly.Illegal("There is no takeover request to answer.")
	}
	if _, approve := a.(opoly.ApproveTakeover); approve {
		c := o.ToCells[0]
		if t.Owner(c) != o.To || t.Cash(o.From) < o.Money {
			return opoly.Illegal("That takeover can no longer be carried out.")
		}
	}
	return nil
}

// Apply implements opoly.Mechanism.
func (takeovers) Apply(t opoly.Table, seat int, a engine.Action) {
	switch a := a.(type) {
	case opoly.RequestTakeover:
		request(t, seat, a.Cell)
	case opoly.ApproveTakeover:
		approve(t)
	case opoly.DenyTakeover:
		o, _ := t.Request()
		text := "" // no sentence in a quiet game
		if !t.Quiet() {
			text = opoly.Who(o.To) + " denied the takeover request of " + opoly.Who(o.From) + "."
		}
		t.Emit("takeover_denied", text)
		t.CloseRequest()
	}
}

// takeoverWhy is the reason of a takeover payment.
func takeoverWhy(t opoly.Table, c int) string {
	rs := t.Rules()
	cell := &rs.Board.Cells[c]
	return "takeover of " + cell.Name + " (" + t.Money(cell.Price) + " + " + strconv.FormatInt(rs.TakeoverPct(), 10) + "% mark-up)"
}

// request opens seat's request for cell c, told only to the two players.
func request(t opoly.Table, seat, c int) {
	rs := t.Rules()
	t.Ask(c)
	o := opoly.TradeOffer{From: seat, To: t.Owner(c), ToCells: oneCell[c], Money: rs.TakeoverPrice(c)}
	t.OpenRequest(o)
	if t.Muted() { // no event returned: none built
		return
	}
	e := engine.Event{Kind: "takeover_requested", To: []int{seat, o.To}}
	if !t.Quiet() {
		e.Text = opoly.Who(seat) + " asked " + opoly.Who(o.To) + " to take over " + rs.Board.Cells[c].Name + " for " + t.Money(o.Money) +
			" (" + t.Money(rs.Board.Cells[c].Price) + " + " + strconv.FormatInt(rs.TakeoverPct(), 10) + "% mark-up)."
		e.Redacted = opoly.Who(seat) + " asked " + opoly.Who(o.To) + " for a takeover; it is being negotiated."
	}
	t.Event(e)
}

// approve carries out the pending takeover: the buyer pays the owner and
// receives the start-up.
func approve(t opoly.Table) {
	o, _ := t.Request()
	c := o.ToCells[0]
	text := "" // no sentence in a quiet game
	if !t.Quiet() {
		text = opoly.Who(o.To) + " approved the takeover of " + t.Rules().Board.Cells[c].Name + " by " + opoly.Who(o.From) + "."
	}
	t.Emit("takeover_approved", text)
	t.SetOwner(c, o.From)
	why := "" // the reason only its event carries
	if !t.Muted() {
		why = takeoverWhy(t, c)
	}
	t.Move(o.From, o.To, o.Money, "takeover", why)
	t.CloseRequest()
}
