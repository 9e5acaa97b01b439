package opoly

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/tui"
)

// tradeItem is one thing that can change hands: a property, or a held
// Get-Out-of-Jail card of a deck.
type tradeItem struct {
	cell int // -1 for a card
	deck int // for a card
}

// tradeDialog proposes a trade (R004-24) or a counter-proposal: pick the
// partner, select properties and cards on both sides, set the money.
type tradeDialog struct {
	counter  bool
	stage    int // 0: choose the partner; 1: edit the offer
	partners []int
	pidx     int
	partner  int

	give, take []tradeItem
	sel        map[tradeSide]bool
	focus      int // 0: give list, 1: take list, 2: money
	back       int // the list tab and up return to from the money line
	cur        [2]int
	review     engine.Action // the built offer awaiting its confirmation
	money      string        // typed digits
	theyPay    bool          // the partner pays the money
	redeem     bool          // redeem what the viewer receives under a mortgage (redeem.go)
	err        string
}

// tradeSide identifies an item on one side: side 0 the viewer gives it.
type tradeSide struct {
	side int
	item tradeItem
}

// openTrade opens the dialog: a proposal to a partner from the legal
// templates, or the counter-proposal prefilled reversed.
func (r *Renderer) openTrade(counter bool) {
	d := &tradeDialog{counter: counter, sel: map[tradeSide]bool{}}
	if counter {
		ct, ok := r.legalKind("counter_trade").(opoly.CounterTrade)
		if !ok || r.v.Trade == nil {
			return
		}
		d.stage, d.partner = 1, r.v.Trade.From
		for _, c := range ct.Give {
			d.sel[tradeSide{0, tradeItem{cell: c}}] = true
		}
		for _, c := range ct.Take {
			d.sel[tradeSide{1, tradeItem{cell: c}}] = true
		}
		for _, k := range ct.GiveCards {
			d.sel[tradeSide{0, tradeItem{cell: -1, deck: k}}] = true
		}
		for _, k := range ct.TakeCards {
			d.sel[tradeSide{1, tradeItem{cell: -1, deck: k}}] = true
		}
		if ct.Money != 0 {
			d.theyPay = ct.Money < 0
			d.money = strconv.FormatInt(abs(ct.Money), 10)
		}
	} else {
		for _, a := range r.legal {
			if p, ok := a.(opoly.ProposeTrade); ok {
				d.partners = append(d.partners, p.To)
			}
		}
		if len(d.partners) == 0 {
			return
		}
		if len(d.partners) == 1 {
			d.stage, d.partner = 1, d.partners[0]
		}
	}
	d.rebuild(r)
	r.trade, r.mode = d, modeTrade
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// rebuild lists both sides' properties and cards from the view, keeping
// selections of items still held.
func (d *tradeDialog) rebuild(r *Renderer) {
	if d.stage == 0 {
		return
	}
	list := func(seat int) []tradeItem {
		p := r.v.Player(seat)
		var out []tradeItem
		for _, c := range p.Props {
			out = append(out, tradeItem{cell: c})
		}
		for _, k := range p.JailCards {
			out = append(out, tradeItem{cell: -1, deck: k})
		}
		return out
	}
	d.give, d.take = list(r.gs.Seat), list(d.partner)
	keep := map[tradeSide]bool{}
	for i, items := range [2][]tradeItem{d.give, d.take} {
		for _, it := range items {
			if d.sel[tradeSide{i, it}] {
				keep[tradeSide{i, it}] = true
			}
		}
	}
	d.sel = keep
	d.cur[0] = clampInt(d.cur[0], 0, len(d.give)-1)
	d.cur[1] = clampInt(d.cur[1], 0, len(d.take)-1)
}

func clampInt(v, lo, hi int) int {
	if v > hi {
		v = hi
	}
	if v < lo {
		v = lo
	}
	return v
}

// template is the legal action the dialog builds on: the proposal to the
// partner or the counter-proposal.
func (d *tradeDialog) template(r *Renderer) engine.Template {
	for _, a := range r.legal {
		switch a := a.(type) {
		case opoly.ProposeTrade:
			if !d.counter && a.To == d.partner {
				return a
			}
		case opoly.CounterTrade:
			if d.counter {
				return a
			}
		}
	}
	return nil
}

// stillLegal reports whether the dialog can still be submitted; it also
// refreshes the lists after a change of state.
func (d *tradeDialog) stillLegal(r *Renderer) bool {
	if d.stage == 0 {
		return r.legalKind("propose_trade") != nil
	}
	if d.template(r) == nil {
		return false
	}
	d.rebuild(r)
	if d.review != nil {
		d.review, _ = d.action(r) // the offer as it stands now; nil: edit again
	}
	return true
}

// action builds the proposal or counter-proposal from the selections.
func (d *tradeDialog) action(r *Renderer) (engine.Action, string) {
	var give, take, giveCards, takeCards []int
	for i, items := range [2][]tradeItem{d.give, d.take} {
		for _, it := range items {
			if !d.sel[tradeSide{i, it}] {
				continue
			}
			switch {
			case it.cell >= 0 && i == 0:
				give = append(give, it.cell)
			case it.cell >= 0:
				take = append(take, it.cell)
			case i == 0:
				giveCards = append(giveCards, it.deck)
			default:
				takeCards = append(takeCards, it.deck)
			}
		}
	}
	if len(give)+len(take)+len(giveCards)+len(takeCards) == 0 {
		return nil, "Select at least one " + r.w.property + " or card."
	}
	money := int64(0)
	if d.money != "" {
		money, _ = strconv.ParseInt(d.money, 10, 64)
	}
	if d.theyPay {
		money = -money
	}
	if d.template(r) == nil {
		return nil, "You cannot trade now."
	}
	// The bounds are the two cash amounts: a listed template's own bounds
	// hold for the one asset it carries (with Trade.NoGifts a template that
	// takes an asset makes the proposer pay), not for the offer built
	// here; the game checks the rest when the offer is sent.
	mine, theirs := r.myCash(), r.v.Player(d.partner).Cash
	if money < -theirs || money > mine {
		return nil, "Nobody can pay more money than they have: " + r.name(d.partner) + " up to " +
			r.v.FormatMoney(theirs) + ", you up to " + r.v.FormatMoney(mine) + "."
	}
	if step := r.moneyStep(); money%step != 0 {
		return nil, "Money moves in steps of " + r.v.FormatMoney(step) + "."
	}
	// No gifts (A000-23): each side gives an asset or money of at least
	// one step; refused here with the rule's sentence, before sending.
	if rs := r.v.Rules; rs != nil && rs.Trade.NoGifts {
		step := r.moneyStep()
		if len(give)+len(giveCards) == 0 && money < step || len(take)+len(takeCards) == 0 && -money < step {
			return nil, "No gifts: each side must give an asset, or money of at least " + r.v.FormatMoney(step) + "."
		}
	}
	for _, c := range append(append([]int(nil), give...), take...) {
		if why := r.untradable(c); why != "" {
			return nil, why
		}
	}
	// The way of paying for mortgaged assets received stays as chosen
	// while redeeming them is still possible.
	redeem := false
	if d.redeem {
		_, _, _, can, _ := d.redeemOffer(r, take, money)
		redeem = can
	}
	if d.counter {
		return opoly.CounterTrade{Give: give, Take: take, GiveCards: giveCards, TakeCards: takeCards, Money: money, Redeem: redeem}, ""
	}
	return opoly.ProposeTrade{To: d.partner, Give: give, Take: take, GiveCards: giveCards, TakeCards: takeCards, Money: money, Redeem: redeem}, ""
}

func (d *tradeDialog) keys() []key.Binding {
	if d.stage == 0 {
		return []key.Binding{tui.Bind("up/down", "partner", "up", "down"), tui.Bind("enter", "choose", "enter"), tui.Bind("esc", "cancel", "esc")}
	}
	verb := "propose"
	if d.counter {
		verb = "counter"
	}
	if d.review != nil {
		return []key.Binding{tui.Bind("y", "send", "y", "Y"), tui.Bind("up/down", "how to pay", "up", "down"),
			tui.Bind("n/enter", "edit", "n", "enter"), tui.Bind("esc", "cancel", "esc")}
	}
	return []key.Binding{tui.Bind("enter", verb, "enter"), tui.Bind("left/right", "your side / their side", "left", "right"), tui.Bind("tab", "money line", "tab"),
		tui.Bind("up/down", "move", "up", "down"), tui.Bind("space", "select / who pays", " "),
		tui.Bind("0-9", "money", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), tui.Bind("esc", "cancel", "esc")}
}

// tradeKey handles a key of the open dialog.
func (r *Renderer) tradeKey(k tea.KeyMsg) {
	d := r.trade
	s := k.String()
	if s == "esc" {
		r.trade, r.mode = nil, modeBoard
		return
	}
	if d.stage == 0 {
		switch s {
		case "up", "k":
			d.pidx = max(d.pidx-1, 0)
		case "down", "j":
			d.pidx = min(d.pidx+1, len(d.partners)-1)
		case "enter":
			d.partner, d.stage = d.partners[d.pidx], 1
			d.rebuild(r)
		}
		return
	}
	d.err = ""
	if d.review != nil {
		// The offer is shown in full with what it does to the viewer's
		// cash; only y sends it (never enter: a second enter after the
		// one that built it must not send), another key goes back to
		// editing.
		switch s {
		case "y", "Y":
			a := d.review
			d.review = nil
			if r.submit(a) {
				r.trade, r.mode = nil, modeBoard
				return
			}
			d.err, r.err = r.err, ""
		case "up", "k", "1":
			d.toggleRedeem(r, false)
		case "down", "j", "2":
			d.toggleRedeem(r, true)
		default:
			d.review = nil
		}
		return
	}
	// Focus order: left and right switch between the two lists; tab goes
	// from a list to the money line and back to the same list, so "select,
	// tab, space" switches who pays and never ticks a property.
	switch s {
	case "tab", "shift+tab":
		if d.focus == 2 {
			d.focus = d.back
		} else {
			d.back, d.focus = d.focus, 2
		}
	case "left", "h":
		d.focus, d.back = 0, 0
	case "right", "l":
		d.focus, d.back = 1, 1
	case "up", "k":
		if d.focus == 2 {
			d.focus = d.back
			d.cur[d.focus] = max(d.listLen(d.focus)-1, 0)
		} else {
			d.cur[d.focus] = max(d.cur[d.focus]-1, 0)
		}
	case "down", "j":
		if d.focus < 2 {
			if d.cur[d.focus] >= d.listLen(d.focus)-1 {
				d.back, d.focus = d.focus, 2
			} else {
				d.cur[d.focus]++
			}
		}
	case " ", "space", "x":
		d.err = d.toggle(r)
	case "backspace":
		if d.money != "" {
			d.money = d.money[:len(d.money)-1]
		}
	case "enter":
		a, msg := d.action(r)
		if a == nil {
			d.err = msg
			return
		}
		d.review = a
	default:
		// Digits typed quickly over SSH may arrive as one message of
		// several runes; take them all, or none if anything else is in it.
		if k.Type == tea.KeyRunes && allDigits(k.Runes) && len(d.money)+len(k.Runes) <= 12 {
			d.money = strings.TrimLeft(d.money+string(k.Runes), "0")
		}
	}
}

// listLen is the length of one side's list.
func (d *tradeDialog) listLen(side int) int {
	if side == 1 {
		return len(d.take)
	}
	return len(d.give)
}

// toggle selects or unselects the item under the cursor, or on the money
// line switches who pays. An item the rules keep out of trades is not
// selected: the sentence says why.
func (d *tradeDialog) toggle(r *Renderer) string {
	if d.focus == 2 {
		d.theyPay = !d.theyPay
		return ""
	}
	items := d.give
	if d.focus == 1 {
		items = d.take
	}
	i := d.cur[d.focus]
	if i < 0 || i >= len(items) {
		return ""
	}
	key := tradeSide{d.focus, items[i]}
	if d.sel[key] {
		delete(d.sel, key)
		return ""
	}
	if why := r.untradable(items[i].cell); why != "" {
		return why
	}
	d.sel[key] = true
	return ""
}

// allDigits reports whether rs is one or more ASCII digits.
func allDigits(rs []rune) bool {
	for _, c := range rs {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(rs) > 0
}
