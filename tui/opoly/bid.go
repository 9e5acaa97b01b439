package opoly

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// bidEntry is the amount typed for a sealed bid. The bid panel opens by
// itself when a bid is legal; digits go straight into it, so the keyboard
// is never captured and chat stays one tab away.
type bidEntry struct {
	round [3]int // lot, tie round, bankrupt: a new round clears the amount
	text  string
}

func (b *bidEntry) sync(v *opoly.View) {
	if v.Auction == nil {
		b.round, b.text = [3]int{-1, -1, -1}, ""
		return
	}
	a := v.Auction
	bk := 0
	if a.Bankrupt {
		bk = 1
	}
	if rd := [3]int{a.Lot, a.TieRound, bk}; rd != b.round {
		b.round, b.text = rd, ""
	}
}

func (b *bidEntry) open(r *Renderer) bool { return r.legalKind("bid") != nil }

// key handles digits and backspace; enter goes through the action bar.
func (b *bidEntry) key(r *Renderer, k tea.KeyMsg) bool {
	switch {
	case k.Type == tea.KeyBackspace:
		if b.text != "" {
			b.text = b.text[:len(b.text)-1]
		}
		return true
	case k.Type == tea.KeyRunes:
		for _, c := range k.Runes {
			if c < '0' || c > '9' {
				return false
			}
		}
		if len(b.text)+len(k.Runes) <= 12 {
			b.text = strings.TrimLeft(b.text+string(k.Runes), "0")
			if b.text == "" {
				b.text = "0"
			}
		}
		return true
	}
	return false
}

// submit checks the typed amount against the template and bids it.
func (b *bidEntry) submit(r *Renderer) {
	t, ok := r.legalKind("bid").(engine.Template)
	if !ok {
		return
	}
	p := t.Param()
	if b.text == "" {
		r.err = "Type your bid (" + r.v.FormatMoney(p.Min) + " to " + r.v.FormatMoney(p.Max) + "), then enter."
		return
	}
	x, err := strconv.ParseInt(b.text, 10, 64)
	if err != nil {
		x = p.Max + 1
	}
	switch {
	case amountWrong(r, "A bid", x, p) != "":
		r.err = amountWrong(r, "A bid", x, p)
	default:
		a := t.With(x)
		lot := "the lot"
		if au := r.v.Auction; au != nil {
			lot = r.lotName(au.Lot)
		}
		q := "Bid " + r.v.FormatMoney(x) + " for " + lot + "? Sealed: it cannot be changed. If you win, " + r.cashChange(-x) + "."
		if res := r.myReserve(); x < res {
			q = "Bid " + r.v.FormatMoney(x) + " for " + lot + "? It is below the reserve of " + r.v.FormatMoney(res) +
				": it cannot win, and it cannot be changed (" + r.cashChange(0) + ")."
		}
		r.ask(a, q)
		r.confirm.send = func() {
			if r.submit(a) {
				b.text = ""
			}
		}
	}
}

// myReserve is the viewer's reserve in the open auction: a bid below it
// does not count (0: none).
func (r *Renderer) myReserve() int64 {
	a := r.v.Auction
	if a == nil {
		return 0
	}
	for i, s := range a.Bidders {
		if s == r.gs.Seat && i < len(a.Reserves) {
			return a.Reserves[i]
		}
	}
	if a.Kind == "sale" && len(a.Reserves) > 0 { // one reserve for all
		return a.Reserves[0]
	}
	return 0
}

// amountWrong says in one sentence everything wrong with amount x for a
// template's bounds (below the lowest, above the highest, off the steps),
// or "" when x is fine: "A bid of 195€ is more than your cash allows
// (190€) and not a multiple of 10€."
func amountWrong(r *Renderer, what string, x int64, p engine.Param) string {
	m := r.v.FormatMoney
	step := max(p.Step, 1)
	var wrong []string
	switch {
	case x > p.Max && what == "A bid":
		wrong = append(wrong, "more than your cash allows ("+m(p.Max)+")")
	case x > p.Max:
		wrong = append(wrong, "more than "+m(p.Max))
	case x < p.Min:
		wrong = append(wrong, "less than "+m(p.Min))
	}
	if (x-p.Min)%step != 0 {
		wrong = append(wrong, "not a multiple of "+m(step))
	}
	if len(wrong) == 0 {
		return ""
	}
	return what + " of " + m(x) + " is " + strings.Join(wrong, " and ") + ": from " + m(p.Min) + " to " + m(p.Max) +
		" in steps of " + m(step) + "."
}
