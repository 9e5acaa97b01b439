package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/tui"
)

// phaseSections are the panels of what is going on now: an open question
// or pick list, the auction (R004-25), a trade (R004-24), a debt (R004-26).
func (r *Renderer) phaseSections(w, h int) []section { return r.appendPhaseSections(nil, w, h) }

// appendPhaseSections appends phaseSections(w, h) to out.
func (r *Renderer) appendPhaseSections(out []section, w, h int) []section {
	switch r.mode {
	case modeConfirm:
		out = append(out, r.confirmSection())
	case modePick:
		out = append(out, r.pickSection(w, h))
	case modeAmount:
		out = append(out, r.amountSection())
	case modeSelect:
		out = append(out, r.selectSection(h))
	}
	v := r.v
	if v.Auction != nil {
		out = append(out, r.auctionSection())
	}
	if ts, ok := r.panel.TradeSection(r); ok { // the variant's own trade (a takeover)
		out = append(out, section{ts.Title, ts.Lines})
	} else if v.Trade != nil {
		out = append(out, r.tradeSection())
	}
	out = append(out, r.variantSections()...) // the variant's phases (Panel)
	if v.Debt != nil {
		out = append(out, r.debtSection())
	}
	return out
}

// confirmSection is the open y/n question: what it does and to the
// viewer's cash, and the keys (only y says yes).
func (r *Renderer) confirmSection() section {
	return section{"Please confirm", []string{r.st.accent.Render(r.confirm.question), r.st.key.Render(tui.YesNoLine)}}
}

// pickSection is the open pick list in a pane w x h: its rows scroll with
// a "more" line when they do not fit next to the title, the preview of the
// highlighted row and the keys. Enter chooses; the question that follows
// takes y.
func (r *Renderer) pickSection(w, h int) section {
	preview := r.st.accent.Render(r.pickPreview())
	keys := r.keyHint("enter", "choose", "esc", "cancel")
	if r.pick.building() {
		keys = r.keyHint("+/-", "how many ("+strconv.Itoa(r.pick.count)+")", "enter", "choose", "esc", "cancel")
	}
	title := r.pick.title
	if title == "" {
		title = "Choose where to " + r.pick.verb
	}
	rows := make([]string, 0, len(r.pick.acts))
	for i, a := range r.pick.acts {
		mark := "  "
		l := r.pickLabel(a)
		if i == r.pick.idx {
			mark = "> "
			l = r.st.cursor.Render(l)
		}
		rows = append(rows, mark+l)
	}
	// A row may wrap in a narrow pane: the list gets as many rows as fit
	// at the tallest row's height.
	tall := 1
	for _, l := range rows {
		tall = max(tall, wrappedLines(l, w))
	}
	fixed := wrappedLines(title, w) + wrappedLines(preview, w) + wrappedLines(keys, w)
	lines := r.scrollRows(rows, r.pick.idx, max((h-fixed)/tall, 3))
	return section{title, append(lines, preview, keys)}
}

// wrappedLines is how many lines s takes wrapped to w.
func wrappedLines(s string, w int) int {
	return tui.WrappedCount(s, w)
}

// keyHint writes "k1 d1 · k2 d2" (in the renderer's buffer, made one
// string).
func (r *Renderer) keyHint(kv ...string) string {
	b := r.sc().barText[:0]
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b = append(b, r.th.Bullet...)
		}
		b = append(b, r.st.key.pre...)
		b = append(b, kv[i]...)
		b = append(b, r.st.key.post...)
		b = append(b, ' ')
		b = append(b, kv[i+1]...)
	}
	r.sc().barText = b[:0]
	return string(b)
}

// cellName is the name of a board cell (safe for bad indices).
func (r *Renderer) cellName(c int) string {
	if c < 0 || c >= len(r.v.Board.Cells) {
		return "?"
	}
	return r.v.Board.Cells[c].Name
}

func (r *Renderer) auctionSection() section {
	v := r.v
	a := v.Auction
	cell := &v.Board.Cells[a.Lot]
	title, lines := r.auctionKindLines(a)
	if title == "" {
		title = "Auction: " + cell.Name + " (printed " + v.FormatMoney(cell.Price) + ")"
	}
	if a.Bankrupt {
		lines = append(lines, "Sale of a bankrupt player's property.")
	}
	if a.TieRound > 0 {
		lines = append(lines, r.st.warn.Render("Tie: re-bid "+strconv.Itoa(a.TieRound)+", at least "+v.FormatMoney(a.MinBid)+"."))
	} else {
		lines = append(lines, "Sealed bids: everyone bids once, in secret.")
	}
	var who []string
	for i, s := range a.Bidders {
		state := "thinking"
		if i < len(a.Committed) && a.Committed[i] {
			state = "bid in"
		}
		who = append(who, r.name(s)+": "+state)
	}
	lines = append(lines, strings.Join(who, r.th.Bullet))
	switch {
	case r.bid.open(r):
		lines = append(lines, r.bidInputLine())
	case a.MyBid >= 0:
		lines = append(lines, "Your sealed bid: "+r.st.bold.Render(v.FormatMoney(a.MyBid)))
	}
	return section{title, lines}
}

// bidInputLine is the typed amount with its bounds.
func (r *Renderer) bidInputLine() string {
	v := r.v
	t, ok := r.legalKind("bid").(engine.Template)
	if !ok {
		return ""
	}
	p := t.Param()
	typed := r.bid.text
	if typed == "" {
		typed = r.st.subtle.Render("type digits")
	} else {
		typed = r.st.bold.Render(v.FormatMoney(mustInt(r.bid.text)))
	}
	return "Your bid: " + typed + " " + r.st.cursor.Render(" ") + " (" + v.FormatMoney(p.Min) + " to " + v.FormatMoney(p.Max) + ")" +
		r.th.Bullet + r.keyHint("enter", "bid")
}

// mustInt reads typed digits (at most 12, so no overflow).
func mustInt(s string) int64 {
	x, _ := strconv.ParseInt(s, 10, 64)
	return x
}

func (r *Renderer) tradeSection() section {
	v := r.v
	t := v.Trade
	kind := "Trade proposal"
	if t.Counter {
		kind = "Counter-proposal"
	}
	title := kind + ": " + r.name(t.From) + " to " + r.name(t.To)
	if t.Offer == nil {
		return section{title, []string{r.st.subtle.Render("Only the two players see what is offered.")}}
	}
	lines := r.offerLines(t.Offer)
	switch {
	case r.gs.Seat == t.To && r.legalKind("accept_trade") != nil:
		accept := r.acceptLabel()
		if r.legalKind("counter_trade") != nil {
			lines = append(lines, r.keyHint("a", accept, "n", "reject", "c", "counter"))
		} else {
			lines = append(lines, r.keyHint("a", accept, "n", "reject"))
		}
	case r.gs.Seat == t.From:
		lines = append(lines, r.st.subtle.Render("Waiting for "+r.name(t.To)+" to answer."))
	}
	return section{title, lines}
}

// offerLines describes an offer: what each side gives, what receiving
// mortgaged assets costs each side (R000-28), and the buildings sold back
// to the bank before it executes (A004-03).
func (r *Renderer) offerLines(o *opoly.TradeOffer) []string {
	lines := r.offerSideLines(o)
	lines = append(lines, r.transferLines(o)...)
	return append(lines, r.clearedLines(o.FromCells, o.ToCells)...)
}

// offerSideLines are the two lines of what each side gives.
func (r *Renderer) offerSideLines(o *opoly.TradeOffer) []string {
	v := r.v
	side := func(seat int, cells, cards []int, pays int64) string {
		var items []string
		for _, c := range cells {
			s := r.cellName(c)
			if c >= 0 && c < len(v.Cells) && v.Cells[c].Mortgaged {
				s += " (" + r.lab.mortAdj + ")"
			}
			items = append(items, s)
		}
		for _, d := range cards {
			items = append(items, r.deckName(d)+" "+r.w.jailCard)
		}
		if pays > 0 {
			items = append(items, v.FormatMoney(pays))
		}
		if len(items) == 0 {
			items = []string{"nothing"}
		}
		return r.who(seat) + " gives " + strings.Join(items, ", ")
	}
	return []string{side(o.From, o.FromCells, o.FromCards, max(o.Money, 0)), side(o.To, o.ToCells, o.ToCards, max(-o.Money, 0))}
}

// transferLines say what each side pays the bank for the mortgaged assets
// it receives: the fee, the redemption the proposer chose, or for the
// partner who may still choose, both costs.
func (r *Renderer) transferLines(o *opoly.TradeOffer) []string {
	v := r.v
	var out []string
	for _, x := range []struct {
		seat    int
		cells   []int
		redeems bool
	}{{o.To, o.FromCells, o.ToRedeems}, {o.From, o.ToCells, o.FromRedeems}} {
		_, fee, lift, ok := r.redeemCosts(x.cells)
		if !ok {
			continue
		}
		var l string
		switch {
		case x.redeems:
			l = r.name(x.seat) + " repays the " + r.w.mortgage + " of what it receives at once: " + v.FormatMoney(lift) + " to " + r.w.bank + "."
		case x.seat == o.To && r.gs.Seat == o.To && r.legalHas(opoly.AcceptTrade{Redeem: true}):
			l = "You choose on accepting: " + r.transferPct() + " to " + r.w.bank + " (" + v.FormatMoney(fee) + ") or repay the " +
				r.w.mortgage + " (" + v.FormatMoney(lift) + ")."
		case x.seat == o.To && v.Player(o.To).Cash+o.Money >= lift:
			// The partner will choose on accepting; the proposer sees both.
			l = r.name(x.seat) + " pays " + r.w.bank + " " + r.transferPct() + " (" + v.FormatMoney(fee) + ") or repays the " + r.w.mortgage +
				" (" + v.FormatMoney(lift) + "), as " + r.name(x.seat) + " chooses on accepting."
		default:
			l = r.name(x.seat) + " also pays " + r.w.bank + " " + v.FormatMoney(fee) + " for receiving " + r.lab.mortAdj + " assets."
		}
		out = append(out, r.st.warn.Render(l))
	}
	return out
}

// deckName names a deck by index.
func (r *Renderer) deckName(d int) string {
	if d >= 0 && d < len(r.v.Board.Decks) {
		return r.v.Board.Decks[d].Name
	}
	return "a"
}

// clearedLines preview the buildings a trade sells first: every building
// of each street group a traded street belongs to, at half price, to the
// group's owner (A004-03).
func (r *Renderer) clearedLines(lists ...[]int) []string {
	v := r.v
	if v.Rules == nil || !v.Rules.Trade.ClearsGroups {
		return nil
	}
	var done [opoly.MaxCells]bool
	var out []string
	for _, cells := range lists {
		for _, c := range cells {
			if c < 0 || c >= len(v.Board.Cells) || v.Board.Cells[c].Kind != opoly.KindStreet {
				continue
			}
			gi := v.Board.Cells[c].Group
			if done[gi] {
				continue
			}
			done[gi] = true
			houses, tops, refund, owner := 0, 0, int64(0), -1
			for _, gc := range v.Board.Groups[gi].Cells {
				l := v.Cells[gc].Level
				switch {
				case l <= 0:
					continue
				case l >= v.MaxLevel:
					tops++
				default:
					houses += l
				}
				refund += int64(l) * v.Rules.SellRefund(gc)
				owner = v.Cells[gc].Owner
			}
			var what []string
			if tops > 0 {
				what = append(what, count(tops, r.lab.top))
			}
			if houses > 0 {
				what = append(what, count(houses, r.lab.building))
			}
			if len(what) > 0 {
				out = append(out, r.st.warn.Render("Sold first: "+v.Board.Groups[gi].Name+"'s "+strings.Join(what, " and ")+
					", "+v.FormatMoney(refund)+" back to "+r.name(owner)+"."))
			}
		}
	}
	return out
}

func (r *Renderer) debtSection() section {
	v := r.v
	d := v.Debt
	m := v.FormatMoney
	title := "Payment due: " + r.name(d.Debtor) + " owes " + m(d.Amount)
	var lines []string
	if d.Reason != "" {
		lines = append(lines, "For "+d.Reason+".")
	}
	var creds []string
	for _, c := range d.Creditors {
		creds = append(creds, r.name(c.Seat)+" "+m(c.Amount))
	}
	if len(creds) > 0 {
		lines = append(lines, "To: "+strings.Join(creds, ", "))
	}
	lines = append(lines, "Cash so far "+r.st.bold.Render(m(d.Raised))+" of "+m(d.Amount)+r.th.Bullet+"could raise "+m(d.Potential))
	if len(d.Sellable) > 0 {
		lines = append(lines, "Can "+r.lab.sell+" "+r.lab.buildings+" on: "+r.cellList(d.Sellable))
	}
	if len(d.Mortgageable) > 0 {
		lines = append(lines, "Can "+r.mortgageVerb()+": "+r.cellList(d.Mortgageable))
	}
	if r.gs.Seat == d.Debtor && r.legalKind("declare_bankruptcy") != nil {
		kv := []string{}
		if len(d.Sellable) > 0 {
			kv = append(kv, "-", r.lab.sell)
		}
		if len(d.Mortgageable) > 0 {
			kv = append(kv, "m", r.mortgageVerb())
		}
		if r.legalKind("offer_assets") != nil {
			kv = append(kv, "p", "pay with assets")
		}
		if r.legalKind("offer_to_all") != nil {
			kv = append(kv, "o", "offer to all")
		}
		if r.legalKind("propose_trade") != nil {
			kv = append(kv, "t", "trade")
		}
		kv = append(kv, "d", "declare bankruptcy")
		lines = append(lines, r.keyHint(kv...))
	}
	return section{title, lines}
}

// cellList names cells, comma-separated.
func (r *Renderer) cellList(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = r.cellName(c)
	}
	return strings.Join(names, ", ")
}

// count writes "1 house", "3 houses".
func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
