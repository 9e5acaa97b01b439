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

// Receiving an asset under a mortgage in a trade (R000-28): the receiver
// pays the bank Mortgage.TransferPct of the mortgage at once and the asset
// stays mortgaged, or redeems it at once (the mortgage plus its interest)
// and it earns again. The proposer chooses in the offer's review, the
// counter-proposer in the counter's review, the partner when accepting.
// Each sees both costs before anything is sent.

// redeemCosts is what receiving cells costs either way: fee, the transfer
// fee of each mortgaged one; lift, redeeming each of them; ext, the
// mortgaged ones. ok is false when the game has no transfer fee or no cell
// is mortgaged (nothing to choose).
func (r *Renderer) redeemCosts(cells []int) (ext []int, fee, lift int64, ok bool) {
	v := r.v
	if v.Rules == nil || v.Rules.Mortgage.TransferPct == 0 {
		return nil, 0, 0, false
	}
	for _, c := range cells {
		if c >= 0 && c < len(v.Cells) && v.Cells[c].Mortgaged {
			ext = append(ext, c)
			fee += v.Rules.TransferFee(c)
			lift += v.Rules.LiftCost(c)
		}
	}
	return ext, fee, lift, len(ext) > 0
}

// feeChoice and redeemChoice describe the two ways of paying for received
// mortgaged assets, with their cost; both read without colour and fit one
// line of an 80-column screen after the "> (*) 1. " mark.
func (r *Renderer) feeChoice(fee int64) string {
	return r.transferPct() + " of the " + r.w.mortgage + " to " + r.w.bank + ": " + r.v.FormatMoney(fee) +
		" (stays " + r.lab.mortAdj + ", no " + r.w.fee + ")"
}

func (r *Renderer) redeemChoice(lift int64) string {
	return "repay the " + r.w.mortgage + " plus interest: " + r.v.FormatMoney(lift) + " (earns " + r.w.fee + "s again)"
}

// receiveHead introduces the choice: "You receive Agile Coaching under
// budget extension. Pay FICO:".
func (r *Renderer) receiveHead(ext []int) string {
	return "You receive " + r.cellList(ext) + " under " + r.w.mortgage + ". Pay " + r.w.bank + ":"
}

// paidNote is what the chosen way pays, for a cash line: " (1.100€ to
// FICO, repaid)".
func (r *Renderer) paidNote(x int64, redeem bool) string {
	what := r.transferPct()
	if redeem {
		what = "repaid"
	}
	return " (" + r.v.FormatMoney(x) + " to " + r.w.bank + ", " + what + ")"
}

// --- the partner's acceptance -------------------------------------------

// choiceState is a short list of alternative actions, each with the
// sentence of what it pays; enter takes the highlighted one. It opens for
// accepting a trade when Legal lists both ways of paying for the received
// mortgaged assets.
type choiceState struct {
	title string
	intro []string
	opts  []choiceOpt
	idx   int
}

type choiceOpt struct {
	label    string
	question string // what it does, for the highlighted row
	action   engine.Action
}

// openAccept answers "a" on a proposal: the plain question, or the choice
// between paying the fee and redeeming when Legal lists both.
func (r *Renderer) openAccept(a engine.Action) {
	t := r.v.Trade
	if t == nil || t.Offer == nil || !r.legalHas(opoly.AcceptTrade{Redeem: true}) || !r.legalHas(opoly.AcceptTrade{}) {
		r.ask(a, r.moneyQuestion(a))
		return
	}
	o := t.Offer
	ext, fee, lift, _ := r.redeemCosts(o.FromCells)
	delta := o.Money
	title := "Accept the trade with " + r.name(t.From) + "?"
	r.choice = choiceState{title: title, intro: append(r.offerSideLines(o), r.receiveHead(ext)), opts: []choiceOpt{
		{label: r.feeChoice(fee), action: opoly.AcceptTrade{},
			question: "Accept, paying " + r.w.bank + " " + r.transferPct() + ", " + r.v.FormatMoney(fee) + "? " + r.cashChange(delta-fee)},
		{label: r.redeemChoice(lift), action: opoly.AcceptTrade{Redeem: true},
			question: "Accept and repay the " + r.w.mortgage + ", " + r.v.FormatMoney(lift) + " to " + r.w.bank + "? " + r.cashChange(delta-lift)},
	}}
	r.mode = modeChoice
}

// acceptLabel is the bar's accept: with the choice of paying the transfer
// fee or redeeming when Legal lists both (R000-28).
func (r *Renderer) acceptLabel() string {
	if r.legalHas(opoly.AcceptTrade{Redeem: true}) {
		return "accept (" + r.transferPct() + " or repay)"
	}
	return "accept"
}

// legalHas reports whether the comparable action a is listed as is.
func (r *Renderer) legalHas(a opoly.AcceptTrade) bool {
	for _, l := range r.legal {
		if x, ok := l.(opoly.AcceptTrade); ok && x == a {
			return true
		}
	}
	return false
}

// stillLegal keeps the choice open while each option is still legal.
func (c *choiceState) stillLegal(r *Renderer) bool {
	for _, o := range c.opts {
		if a, ok := o.action.(opoly.AcceptTrade); !ok || !r.legalHas(a) {
			return false
		}
	}
	return len(c.opts) > 0
}

func (r *Renderer) choiceKey(k tea.KeyMsg) {
	c := &r.choice
	switch k.String() {
	case "up", "k":
		c.idx = max(c.idx-1, 0)
	case "down", "j":
		c.idx = min(c.idx+1, len(c.opts)-1)
	case "1", "2", "3":
		c.idx = clampInt(int(k.String()[0]-'1'), 0, len(c.opts)-1)
	case "y", "Y": // never enter: accepting spends money
		if c.idx >= 0 && c.idx < len(c.opts) {
			r.mode = modeBoard
			r.submit(c.opts[c.idx].action)
		}
	case "esc", "n", "N", "q":
		r.mode = modeBoard
	}
}

func choiceKeys() []key.Binding {
	return []key.Binding{tui.Bind("up/down", "how to pay", "up", "down", "1", "2"), tui.Bind("y", "accept", "y", "Y"),
		tui.Bind("esc", "cancel", "esc", "n")}
}

// choiceView draws the open choice into exactly w x h: the offer, the two
// ways of paying with their costs ("(*)" marks the highlighted one, so it
// shows without colour), and what the highlighted one does to the cash.
func (r *Renderer) choiceView(w, h int) string {
	c := &r.choice
	lines := []string{r.st.bold.Render(c.title)}
	lines = append(lines, c.intro...)
	for i, o := range c.opts {
		mark, box := "  ", "( ) "
		l := strconv.Itoa(i+1) + ". " + o.label
		if i == c.idx {
			mark, box = "> ", "(*) "
			l = r.st.cursor.Render(l)
		}
		lines = append(lines, mark+box+l)
	}
	if c.idx >= 0 && c.idx < len(c.opts) {
		lines = append(lines, r.st.accent.Render(c.opts[c.idx].question))
	}
	lines = append(lines, r.keyHint("up/down", "how to pay", "y", "accept", "esc", "cancel"))
	return wrapBlock(lines, w, h)
}

// wrapBlock wraps each line to w and blocks the result to w x h.
func wrapBlock(lines []string, w, h int) string {
	var out []string
	for _, l := range lines {
		out = tui.AppendWrapped(out, l, w)
	}
	return tui.Block(strings.Join(out, "\n"), w, h)
}

// dialogView draws an open full-area dialog (the trade dialog or a
// choice), or reports that none is open.
func (r *Renderer) dialogView(w, h int) (string, bool) {
	switch r.mode {
	case modeTrade:
		return r.tradeView(w, h), true
	case modeChoice:
		return r.choiceView(w, h), true
	}
	return "", false
}

// --- the proposer's and counter-proposer's choice ------------------------

// redeemOffer is the choice in a proposal or counter-proposal being
// reviewed: what the viewer receives under a mortgage (take), the two
// costs, and whether it may redeem: a counter only when Legal lists the
// redeeming counter, and either only when the cash left after the trade's
// money (pays > 0: the viewer pays) covers the redemption.
func (d *tradeDialog) redeemOffer(r *Renderer, take []int, pays int64) (ext []int, fee, lift int64, can, ok bool) {
	ext, fee, lift, ok = r.redeemCosts(take)
	if !ok {
		return nil, 0, 0, false, false
	}
	listed := true
	if d.counter {
		listed = false
		for _, a := range r.legal {
			if ct, isCT := a.(opoly.CounterTrade); isCT && ct.Redeem {
				listed = true
			}
		}
	}
	return ext, fee, lift, listed && r.myCash()-pays >= lift, true
}

// redeemLines are the review's lines of the choice and the cash line.
func (r *Renderer) redeemLines(d *tradeDialog, take []int, pays int64) (lines []string, delta int64) {
	ext, fee, lift, can, ok := d.redeemOffer(r, take, pays)
	if !ok {
		return nil, -pays
	}
	opts := []string{r.feeChoice(fee), r.redeemChoice(lift)}
	if !can {
		opts[1] += ", not possible: too little cash"
	}
	lines = []string{r.receiveHead(ext)}
	for i, o := range opts {
		mark, box := "  ", "( ) "
		if (i == 1) == d.redeem {
			mark, box = "> ", "(*) "
			o = r.st.cursor.Render(o)
		}
		lines = append(lines, mark+box+o)
	}
	x := fee
	if d.redeem {
		x = lift
	}
	return lines, -pays - x
}

// toggleRedeem switches the way of paying in the review, when redeeming
// is possible; the reviewed action follows.
func (d *tradeDialog) toggleRedeem(r *Renderer, redeem bool) {
	if d.review == nil {
		return
	}
	take, pays := reviewTake(d.review)
	if _, _, _, can, ok := d.redeemOffer(r, take, pays); !ok || (redeem && !can) {
		return
	}
	d.redeem = redeem
	d.review = withRedeem(d.review, redeem)
}

// reviewTake is what a built proposal gives the viewer, and the money the
// viewer pays (negative: receives).
func reviewTake(a engine.Action) ([]int, int64) {
	switch a := a.(type) {
	case opoly.ProposeTrade:
		return a.Take, a.Money
	case opoly.CounterTrade:
		return a.Take, a.Money
	}
	return nil, 0
}

func withRedeem(a engine.Action, redeem bool) engine.Action {
	switch a := a.(type) {
	case opoly.ProposeTrade:
		a.Redeem = redeem
		return a
	case opoly.CounterTrade:
		a.Redeem = redeem
		return a
	}
	return a
}
