package opoly

import (
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// The dialogs of the mechanisms Projectopoly added to the core: an amount
// typed for a template (the reserve of an offer to all, a creditor's
// valuation), and a choice of several properties (the assets a debtor
// offers a creditor). Both end in a y/n question that says what the
// action does, like every action that moves money (money.go).

// amountState is an amount being typed for a template action.
type amountState struct {
	title string
	kind  string // the template's kind
	cell  int    // its cell (offer_to_all), -1 otherwise
	text  string // typed digits
	// question is the confirmation of amount x.
	question func(x int64) string
}

// template is the legal template the amount is for, or nil.
func (a *amountState) template(r *Renderer) engine.Template {
	for _, l := range r.legal {
		if l.Kind() != a.kind {
			continue
		}
		if c, ok := cellArg(l); ok && c != a.cell {
			continue
		}
		if t, ok := l.(engine.Template); ok {
			return t
		}
	}
	return nil
}

// openAmount opens the amount entry for the template of kind (on cell).
func (r *Renderer) openAmount(title, kind string, cell int, q func(int64) string) {
	r.amount = amountState{title: title, kind: kind, cell: cell, question: q}
	if r.amount.template(r) == nil {
		return
	}
	r.mode = modeAmount
}

func (r *Renderer) amountKey(k tea.KeyMsg) {
	a := &r.amount
	switch {
	case k.String() == "esc":
		r.mode = modeBoard
	case k.Type == tea.KeyBackspace:
		if a.text != "" {
			a.text = a.text[:len(a.text)-1]
		}
	case k.String() == "enter":
		t := a.template(r)
		if t == nil {
			r.mode = modeBoard
			return
		}
		p := t.Param()
		x := mustInt(a.text)
		switch {
		case a.text == "":
			r.err = "Type an amount (" + r.v.FormatMoney(p.Min) + " to " + r.v.FormatMoney(p.Max) + "), then enter."
		case amountWrong(r, "An amount", x, p) != "":
			r.err = amountWrong(r, "An amount", x, p)
		default:
			act := t.With(x)
			r.ask(act, a.question(x))
			r.confirm.send = func() { r.submit(act) }
		}
	case k.Type == tea.KeyRunes:
		for _, c := range k.Runes {
			if c >= '0' && c <= '9' && len(a.text) < 12 {
				a.text = strings.TrimLeft(a.text+string(c), "0")
				if a.text == "" {
					a.text = "0"
				}
			}
		}
	}
}

// amountSection is the open amount entry.
func (r *Renderer) amountSection() section {
	a := &r.amount
	t := a.template(r)
	if t == nil {
		return section{}
	}
	p := t.Param()
	typed := r.st.subtle.Render("type digits")
	if a.text != "" {
		typed = r.st.bold.Render(r.v.FormatMoney(mustInt(a.text)))
	}
	line := "Amount: " + typed + " " + r.st.cursor.Render(" ") + " (" + r.v.FormatMoney(p.Min) + " to " +
		r.v.FormatMoney(p.Max) + ", steps of " + r.v.FormatMoney(max(p.Step, 1)) + ")"
	return section{a.title, []string{line, r.keyHint("0-9", "amount", "enter", "next", "esc", "cancel")}}
}

// selectState is a choice of several cells for one action (the assets a
// debtor offers its creditor).
type selectState struct {
	cells []int
	sel   map[int]bool
	idx   int
}

// openOfferAssets lists every asset the debtor may offer (the union of
// the legal offers) for a multiple choice.
func (r *Renderer) openOfferAssets() {
	s := selectState{sel: map[int]bool{}}
	for _, l := range r.legal {
		if o, ok := l.(opoly.OfferAssets); ok {
			for _, c := range o.Cells {
				if !slices.Contains(s.cells, c) {
					s.cells = append(s.cells, c)
				}
			}
		}
	}
	if len(s.cells) == 0 {
		return
	}
	slices.Sort(s.cells)
	r.sel, r.mode = s, modeSelect
	r.cursor, r.follow = s.cells[0], false
}

func (r *Renderer) selectKey(k tea.KeyMsg) {
	s := &r.sel
	switch k.String() {
	case "esc", "q":
		r.mode = modeBoard
		return
	case "up", "k":
		s.idx = max(s.idx-1, 0)
	case "down", "j":
		s.idx = min(s.idx+1, len(s.cells)-1)
	case " ", "space", "x":
		c := s.cells[s.idx]
		s.sel[c] = !s.sel[c]
	case "enter":
		var cells []int
		for _, c := range s.cells {
			if s.sel[c] {
				cells = append(cells, c)
			}
		}
		if len(cells) == 0 {
			r.err = "Select at least one asset with space."
			return
		}
		a := opoly.OfferAssets{Cells: cells}
		r.ask(a, r.offerAssetsQuestion(cells))
		r.confirm.send = func() { r.submit(a) }
		return
	}
	r.cursor = s.cells[s.idx]
}

// selectSection is the open multiple choice in h lines: its rows scroll
// with a "more" line when they do not fit.
func (r *Renderer) selectSection(h int) section {
	s := &r.sel
	lines := make([]string, 0, len(s.cells)+2)
	var worth int64
	for i, c := range s.cells {
		box := "[ ] "
		if s.sel[c] {
			box = "[x] "
			worth += r.v.Board.Cells[c].Price
		}
		mark := "  "
		l := box + r.assetLabel(c)
		if i == s.idx {
			mark = "> "
			l = r.st.cursor.Render(l)
		}
		lines = append(lines, mark+l)
	}
	lines = r.scrollRows(lines, s.idx, max(h-4, 3))
	lines = append(lines, "Printed value of the selection: "+r.v.FormatMoney(worth),
		r.keyHint("space", "select", "enter", "offer", "esc", "cancel"))
	to := "your creditor"
	if d := r.v.Debt; d != nil && len(d.Creditors) == 1 {
		to = r.name(d.Creditors[0].Seat)
	}
	return section{"Offer assets to " + to + " against your debt", lines}
}

// assetLabel names a property with its printed value and, if extended,
// the mark.
func (r *Renderer) assetLabel(c int) string {
	v := r.v
	s := r.cellName(c) + " (" + v.FormatMoney(v.Board.Cells[c].Price) + ")"
	if c >= 0 && c < len(v.Cells) && v.Cells[c].Mortgaged {
		s += " " + r.lab.mortAdj
	}
	return s
}

// offerAssetsQuestion confirms an offer of assets against the debt.
func (r *Renderer) offerAssetsQuestion(cells []int) string {
	d := r.v.Debt
	to, debt := "your creditor", int64(0)
	if d != nil {
		debt = d.Amount
		if len(d.Creditors) == 1 {
			to = r.name(d.Creditors[0].Seat)
		}
	}
	return "Offer " + r.cellList(cells) + " to " + to + " against your debt of " + r.v.FormatMoney(debt) + "? " +
		to + " names the value to count for them (at most the debt) or refuses; you then accept or reject it. " +
		"Nothing changes hands yet."
}

// transferFees is what receiving the extended ones of cells costs
// (Ruleset.Mortgage.TransferPct; 0 when the game has no such fee).
func (r *Renderer) transferFees(cells []int) int64 {
	v := r.v
	if v.Rules == nil || v.Rules.Mortgage.TransferPct == 0 {
		return 0
	}
	var x int64
	for _, c := range cells {
		if c >= 0 && c < len(v.Cells) && v.Cells[c].Mortgaged {
			x += v.Rules.TransferFee(c)
		}
	}
	return x
}

// auctionLines are the lines of an auction that differ by its kind: what
// is sold, by whom, and the reserves.
func (r *Renderer) auctionKindLines(a *opoly.AuctionView) (title string, lines []string) {
	v := r.v
	m := v.FormatMoney
	switch a.Kind {
	case "unit", "top":
		what := r.lab.building
		free := 0
		if sp := v.Supply; sp != nil {
			free = sp.UnitsFree
			if a.Kind == "top" {
				what, free = r.lab.top, sp.TopsFree
			}
		}
		title = "Shortage auction: one " + what + " (" + strconv.Itoa(free) + " left in " + r.poolName() + ")"
		lines = append(lines, r.name(a.Seller)+" asked to staff "+r.cellName(a.Lot)+"; every "+r.lab.player+
			" who could staff one bids for it. A bid below the bidder's reserve (the "+r.lab.building+
			" price of their group) does not count; the best bid pays "+r.w.bank+" and staffs at once.")
		var res []string
		for i, s := range a.Bidders {
			if i < len(a.Reserves) {
				res = append(res, r.name(s)+" "+m(a.Reserves[i]))
			}
		}
		if len(res) > 0 {
			lines = append(lines, "Reserves: "+strings.Join(res, ", "))
		}
	case "sale":
		cell := &v.Board.Cells[a.Lot]
		title = "Offer to all: " + cell.Name + " by " + r.name(a.Seller) + " (printed " + m(cell.Price) + ")"
		line := "The best bid buys it at once"
		if len(a.Reserves) > 0 && a.Reserves[0] > 0 {
			line += "; reserve " + m(a.Reserves[0])
		}
		if fee := r.transferFees([]int{a.Lot}); fee > 0 {
			line += "; " + r.lab.mortAdj + ": the buyer also pays " + r.w.bank + " " + m(fee)
		}
		lines = append(lines, line+".")
	}
	return title, lines
}

// poolName is the name of the finite supply.
func (r *Renderer) poolName() string {
	if r.lab.pools != "" {
		return r.lab.pools
	}
	return "the supply"
}
