package opoly

import (
	"strings"

	"boardroom/engine/opoly"
	"boardroom/tui"
)

// tradeView draws the trade dialog into exactly w x h.
func (r *Renderer) tradeView(w, h int) string {
	d := r.trade
	v := r.v
	title := "Propose a trade"
	if d.counter {
		title = "Counter-proposal to " + r.name(d.partner)
	}
	if d.stage == 0 {
		lines := []string{r.st.bold.Render(title), "Trade with whom?"}
		for i, s := range d.partners {
			l := seatDigit(s) + " " + r.name(s) + "  " + v.FormatMoney(v.Player(s).Cash) + ", " +
				itoa(len(v.Player(s).Props)) + " " + plural(r.w.property, len(v.Player(s).Props))
			if i == d.pidx {
				l = r.st.cursor.Render("> " + l)
			} else {
				l = "  " + l
			}
			lines = append(lines, l)
		}
		// The keys are on the action bar (tradeKeysLine).
		return tui.Block(strings.Join(lines, "\n"), w, h)
	}
	if !d.counter {
		title += " to " + r.who(d.partner)
	}
	if d.review != nil {
		return r.tradeReview(title, w, h)
	}
	// Fixed lines: title, money, preview, hints, error; the lists get the rest.
	a, _ := d.action(r)
	var preview []string
	if o := d.offer(r, a); o != nil {
		preview = r.clearedLines(o.FromCells, o.ToCells)
	}
	footer := []string{r.moneyLine(d)}
	footer = append(footer, preview...)
	if d.anyUntradable(r) {
		footer = append(footer, r.st.subtle.Render("[-] cannot be traded: its group has "+r.lab.buildings+"; release them first."))
	}
	// The keys are on the action bar under the dialog (tradeKeysLine).
	if d.err != "" {
		footer = append(footer, r.st.errStyle.Render(d.err))
	}
	for i := range footer {
		footer[i] = tui.Fit(footer[i], w, r.th.Ellip)
	}
	// The lists take the rows they need (the money line follows them
	// closely), and at most what the footer leaves.
	listH := max(min(h-1-len(footer), max(len(d.give), len(d.take), 1)+1), 4)
	lw := (w - 1) / 2
	me := r.gs.Seat
	left := r.tradeList(0, "You give ("+v.FormatMoney(v.Player(me).Cash)+")", d.give, lw, listH)
	right := r.tradeList(1, r.name(d.partner)+" gives ("+v.FormatMoney(v.Player(d.partner).Cash)+")", d.take, w-1-lw, listH)
	body := tui.HJoin(left, tui.Block(strings.Repeat("|\n", listH), 1, listH), right)
	out := tui.Fit(r.st.bold.Render(title), w, r.th.Ellip) + "\n" + body + "\n" + strings.Join(footer, "\n")
	return tui.Block(out, w, h)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// anyUntradable reports whether a listed asset cannot be traded.
func (d *tradeDialog) anyUntradable(r *Renderer) bool {
	for _, items := range [2][]tradeItem{d.give, d.take} {
		for _, it := range items {
			if r.untradable(it.cell) != "" {
				return true
			}
		}
	}
	return false
}

// tradeKeysLine is the action bar under the trade dialog: its keys.
func (r *Renderer) tradeKeysLine(w int) string {
	d := r.trade
	switch {
	case d == nil:
		return ""
	case d.stage == 0:
		return tui.Fit(r.keyHint("up/down", "choose", "enter", "next", "esc", "cancel"), w, r.th.Ellip)
	case d.review != nil:
		return r.st.key.Render(tui.Fit(reviewKeys, w, r.th.Ellip))
	}
	verb := "review"
	return tui.Fit(r.keyHint("space", "select", "left/right", "side", "tab", "money", "enter", verb, "esc", "cancel"), w, r.th.Ellip)
}

// offer turns a built action into the offer it makes (for the preview).
func (d *tradeDialog) offer(r *Renderer, a any) *opoly.TradeOffer {
	switch a := a.(type) {
	case opoly.ProposeTrade:
		return &opoly.TradeOffer{From: r.gs.Seat, To: a.To, FromCells: a.Give, ToCells: a.Take}
	case opoly.CounterTrade:
		return &opoly.TradeOffer{From: r.gs.Seat, To: d.partner, FromCells: a.Give, ToCells: a.Take}
	}
	return nil
}

// tradeList draws one side's items: "[x]" and greyed when selected, the
// cursor in reverse when the side has the focus, scrolled to the cursor.
func (r *Renderer) tradeList(side int, title string, items []tradeItem, w, h int) string {
	d := r.trade
	v := r.v
	head := r.st.bold.Render(tui.Fit("  "+title, w, r.th.Ellip))
	if d.focus == side {
		head = r.st.accent.Render(tui.Fit("> "+title, w, r.th.Ellip))
	}
	lines := []string{head}
	if len(items) == 0 {
		lines = append(lines, r.st.subtle.Render("nothing to trade"))
	}
	var rows []string
	for i := range items {
		it := items[i]
		chosen := d.sel[tradeSide{side, it}]
		box := "[ ] "
		switch {
		case chosen:
			box = "[x] "
		case r.untradable(it.cell) != "":
			box = "[-] "
		}
		var label string
		if it.cell >= 0 {
			cell := &v.Board.Cells[it.cell]
			_, letter := r.st.group(cell.Group)
			// The marks go before the name, which a narrow list cuts.
			label = letter
			st := v.Cells[it.cell]
			if cell.Kind == opoly.KindStreet && st.Level > 0 {
				label += " (" + r.levelMark(st) + ")"
			}
			if st.Mortgaged { // the board's own mark: "m" mortgaged, "e" extended
				label += " (" + r.lab.mortBand[len(r.lab.mortBand)-1] + ")"
			}
			label += " " + cell.Name
		} else {
			label = "* " + r.deckName(it.deck) + " " + r.w.jailCard
		}
		// The row under the cursor of the focused side is marked with '>'
		// as well as drawn in reverse, so it shows without colour.
		mark := "  "
		if i == d.cur[side] && d.focus == side {
			mark = "> "
		}
		line := pad(tui.Fit(mark+box+label, w, r.th.Ellip), w) // a cut name ends with the ellipsis
		switch {
		case d.focus == side && i == d.cur[side]:
			line = r.st.cursor.Render(line)
		case chosen:
			line = r.st.chosen.Render(line)
		case box == "[-] ":
			line = r.st.subtle.Render(line)
		}
		rows = append(rows, line)
	}
	// A list longer than its rows scrolls with the cursor, and says what
	// is left out above and below.
	lines = append(lines, r.scrollRows(rows, d.cur[side], h-1)...)
	return tui.Block(strings.Join(lines, "\n"), w, h)
}

// moneyLine shows the money and who pays it.
func (r *Renderer) moneyLine(d *tradeDialog) string {
	v := r.v
	amount := v.FormatMoney(0)
	if d.money != "" {
		amount = v.FormatMoney(mustInt(d.money))
	}
	who := "you pay " + r.name(d.partner)
	if d.theyPay {
		who = r.name(d.partner) + " pays you"
	}
	line := "Money: " + who + " " + r.st.bold.Render(amount)
	if d.focus == 2 {
		line = r.st.accent.Render("> ") + line + " " + r.st.cursor.Render(" ") + r.st.subtle.Render("  (digits; space: the other way round)")
	} else {
		line = "  " + line + r.st.subtle.Render("  (tab here: digits, space: who pays)")
	}
	return line
}

// reviewKeys is the keys line of an offer's review: like every
// confirmation, only y sends it (tui.YesNoLine).
const reviewKeys = "y: send    esc: cancel    n, enter or any other key: edit"

// tradeReview shows the built offer in full, with what it does to the
// viewer's cash if accepted, before it is sent.
func (r *Renderer) tradeReview(title string, w, h int) string {
	d := r.trade
	var o *opoly.TradeOffer
	delta := int64(0)
	switch a := d.review.(type) {
	case opoly.ProposeTrade:
		o = &opoly.TradeOffer{From: r.gs.Seat, To: a.To, FromCells: a.Give, ToCells: a.Take, FromCards: a.GiveCards, ToCards: a.TakeCards, Money: a.Money}
		delta = -a.Money
	case opoly.CounterTrade:
		o = &opoly.TradeOffer{From: r.gs.Seat, To: d.partner, FromCells: a.Give, ToCells: a.Take, FromCards: a.GiveCards, ToCards: a.TakeCards, Money: a.Money}
		delta = -a.Money
	}
	verb := "Send this offer?"
	if d.counter {
		verb = "Send this counter-proposal?"
	}
	lines := []string{r.st.bold.Render(title), "", r.st.accent.Render(verb)}
	hint, note := r.st.key.Render(reviewKeys), ""
	if o != nil {
		// Receiving mortgaged assets: both ways of paying with their cost
		// instead of the one fee line, and the cash line of the chosen one.
		choice, after := r.redeemLines(d, o.ToCells, o.Money)
		if choice != nil {
			lines = append(lines[:1], r.st.accent.Render(verb))
			lines = append(lines, r.offerSideLines(o)...)
			theirs := *o
			theirs.ToCells = nil // the viewer's side is the choice below
			lines = append(lines, r.transferLines(&theirs)...)
			lines = append(lines, r.clearedLines(o.FromCells, o.ToCells)...)
			lines = append(lines, choice...)
			note = r.paidNote(-o.Money-after, d.redeem)
			delta = after
			hint = r.st.key.Render("up/down: how to pay    " + reviewKeys)
		} else {
			lines = append(lines, r.offerLines(o)...)
		}
	}
	lines = append(lines, "If "+r.name(d.partner)+" accepts: "+r.cashChange(delta)+note+".")
	if note == "" { // the choice's rows leave no room for a blank line at 80x24
		lines = append(lines, "")
	}
	lines = append(lines, hint) // and on the action bar (tradeKeysLine)
	if d.err != "" {
		lines = append(lines, r.st.errStyle.Render(d.err))
	}
	var out []string
	for _, l := range lines {
		out = tui.AppendWrapped(out, l, w)
	}
	return tui.Block(strings.Join(out, "\n"), w, h)
}
