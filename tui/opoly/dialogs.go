package opoly

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// The dialogs a variant's panel opens (first for Projectopoly's
// mechanisms, tui/opoly/projectopoly): an amount typed for a template (the
// reserve of an offer to all, a creditor's valuation), and a choice of
// several cells (the assets a debtor offers a creditor). Both end in a
// y/n question that says what the action does, like every action that
// moves money (money.go).

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

// CellChoice is a multiple choice of cells for one action, which a
// variant's panel opens (OpenCellChoice: Projectopoly's assets offered to
// a creditor): rows of cells with a box each, a line under them about
// what is chosen, and enter asks the action's question (only y sends it).
type CellChoice struct {
	Kind  string             // the action's kind: the choice closes when none is legal
	Cells []int              // the cells to choose from, in display order
	Title func() string      // the title, as the state on screen has it
	Row   func(c int) string // a row's words after its box
	// Total is the line under the rows for the cells chosen (in row order).
	Total func(chosen []int) string
	Verb  string // what enter does: "offer"
	Empty string // the refusal of enter with nothing chosen
	// Ask is the action for the cells chosen and its question.
	Ask func(chosen []int) (engine.Action, string)
}

// selectState is an open CellChoice: what is chosen and the highlighted
// row.
type selectState struct {
	CellChoice
	sel map[int]bool
	idx int
}

// OpenCellChoice opens the multiple choice c on its first cell, or
// nothing when it has no cells.
func (r *Renderer) OpenCellChoice(c CellChoice) {
	if len(c.Cells) == 0 {
		return
	}
	r.sel, r.mode = selectState{CellChoice: c, sel: map[int]bool{}}, modeSelect
	r.cursor, r.follow = c.Cells[0], false
}

// chosen are the cells chosen, in row order.
func (s *selectState) chosen() []int {
	var cells []int
	for _, c := range s.Cells {
		if s.sel[c] {
			cells = append(cells, c)
		}
	}
	return cells
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
		s.idx = min(s.idx+1, len(s.Cells)-1)
	case " ", "space", "x":
		c := s.Cells[s.idx]
		s.sel[c] = !s.sel[c]
	case "enter":
		cells := s.chosen()
		if len(cells) == 0 {
			r.err = s.Empty
			return
		}
		a, q := s.Ask(cells)
		r.ask(a, q)
		r.confirm.send = func() { r.submit(a) }
		return
	}
	r.cursor = s.Cells[s.idx]
}

// selectSection is the open multiple choice in h lines: its rows scroll
// with a "more" line when they do not fit.
func (r *Renderer) selectSection(h int) section {
	s := &r.sel
	lines := make([]string, 0, len(s.Cells)+2)
	for i, c := range s.Cells {
		box := "[ ] "
		if s.sel[c] {
			box = "[x] "
		}
		mark := "  "
		l := box + s.Row(c)
		if i == s.idx {
			mark = "> "
			l = r.st.cursor.Render(l)
		}
		lines = append(lines, mark+l)
	}
	lines = r.scrollRows(lines, s.idx, max(h-4, 3))
	lines = append(lines, s.Total(s.chosen()), r.keyHint("space", "select", "enter", s.Verb, "esc", "cancel"))
	return section{s.Title(), lines}
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
