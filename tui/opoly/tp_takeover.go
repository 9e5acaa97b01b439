package opoly

import (
	"strconv"
	"strings"
	"time"
)

// The takeover dialog (Ruleset.TakeoverPct(); Technopoly R001-25, A001-08,
// A001-09) and the terminate-game question (Ruleset.End.Resign;
// R001-13, A001-06). The proposer picks another player's start-up from a
// list that says whose it is and what it costs (the printed price plus
// the mark-up), and confirms; the owner sees who asks, for what, at what
// price and until when, and approves (confirmed, it moves money) or
// denies. Everyone else sees only that a takeover is being negotiated.

// takeoverEntries are the action bar's takeover keys.
func takeoverEntries() []barEntry {
	return []barEntry{
		{"t", "ask for a takeover", []string{"request_takeover"}},
		{"a", "approve takeover", []string{"approve_takeover"}},
		{"n", "deny takeover", []string{"deny_takeover"}},
	}
}

// resignLabel is the bar's word for resign: "terminate game" where
// resigning ends the game for everyone.
func (r *Renderer) resignLabel() string {
	if r.v.Rules != nil && r.v.Rules.End.Resign {
		return "terminate game"
	}
	return "resign"
}

// openTakeover opens the list of the start-ups the viewer may ask for.
func (r *Renderer) openTakeover() {
	r.cellAction("take over", []string{"request_takeover"})
	r.pick.title = "Ask for a takeover: choose a " + r.w.property
}

// takeoverPrice is the takeover price of cell c and the mark-up in
// percent.
func (r *Renderer) takeoverPrice(c int) (price int64, pct int64) {
	rs := r.v.Rules
	if rs == nil || c < 0 || c >= len(r.v.Board.Cells) {
		return 0, 0
	}
	return rs.TakeoverPrice(c), rs.TakeoverPct()
}

// takeoverLabel is a row of the takeover list: the field's letter, the
// start-up, its takeover price and its owner, short enough for one line
// of the list at 80x24 ("J Harbour Cloud (£18,000) of bob"; the card
// beside the list and the preview under it say the rest).
func (r *Renderer) takeoverLabel(c int) string {
	price, _ := r.takeoverPrice(c)
	gst, letter := r.st.group(r.v.Board.Cells[c].Group)
	return gst.Render(letter) + " " + r.cellName(c) + " (" + r.v.FormatMoney(price) + ") of " + r.name(r.v.Cells[c].Owner)
}

// groupName is the name of c's group ("Cyan – Cloud").
func (r *Renderer) groupName(c int) string {
	g := r.v.Board.Cells[c].Group
	if g < 0 || g >= len(r.v.Board.Groups) {
		return "no " + r.w.group
	}
	return r.v.Board.Groups[g].Name
}

// priceWords explains a takeover price: "£18,000 (price £15,000 + 20%
// mark-up)".
func (r *Renderer) priceWords(c int) string {
	m := r.v.FormatMoney
	price, pct := r.takeoverPrice(c)
	return m(price) + " (price " + m(r.v.Board.Cells[c].Price) + " + " + strconv.FormatInt(pct, 10) + "% mark-up)"
}

// takeoverPreview is the highlighted row's line in the takeover list.
func (r *Renderer) takeoverPreview(c int) string {
	price, _ := r.takeoverPrice(c)
	return "Ask " + r.name(r.v.Cells[c].Owner) + " for " + r.cellName(c) + " at " + r.priceWords(c) + "? If approved, " +
		r.cashChange(-price) + ". Enter, then confirm."
}

// takeoverQuestion confirms a request for cell c: short enough for the
// side pane of an 80x24 terminal.
func (r *Renderer) takeoverQuestion(c int) string {
	v := r.v
	owner := r.name(v.Cells[c].Owner)
	price, _ := r.takeoverPrice(c)
	q := "Ask " + owner + " to hand over " + r.cellName(c) + " for " + r.priceWords(c) + "? Only you two see the request. If " +
		owner + " approves: " + r.cashChange(-price)
	if r.completes(c) {
		q += ", and your " + r.groupName(c) + " " + r.w.group + " is complete"
	}
	return q + "."
}

// completes reports whether taking over c gives the viewer c's whole group.
func (r *Renderer) completes(c int) bool {
	v := r.v
	g := v.Board.Cells[c].Group
	if g < 0 || g >= len(v.Board.Groups) {
		return false
	}
	for _, gc := range v.Board.Groups[g].Cells {
		if gc != c && v.Cells[gc].Owner != r.gs.Seat {
			return false
		}
	}
	return true
}

// approveQuestion confirms the owner's approval.
func (r *Renderer) approveQuestion() string {
	t := r.v.Trade
	if t == nil || t.Offer == nil || len(t.Offer.ToCells) != 1 {
		return "Approve the takeover?"
	}
	c := t.Offer.ToCells[0]
	return "Approve? " + r.cellName(c) + " passes to " + r.name(t.From) + " at once, who pays you " + r.priceWords(c) + ": " +
		r.cashChange(t.Offer.Money) + "."
}

// takeoverSection is a pending takeover request: in full for its two
// parties, that it goes on for everyone else.
func (r *Renderer) takeoverSection() section {
	v := r.v
	t := v.Trade
	title := "Takeover request: " + r.name(t.From) + " asks " + r.name(t.To)
	if t.Offer == nil || len(t.Offer.ToCells) != 1 {
		return section{title, []string{r.st.subtle.Render("A takeover is being negotiated; only the two " + r.lab.player +
			"s see which " + r.w.property + " and the price.")}}
	}
	c := t.Offer.ToCells[0]
	lines := []string{r.who(t.From) + " asks for " + r.cellName(c) + " (" + r.groupName(c) + " " + r.w.group + ") at " + r.priceWords(c) + "."}
	switch {
	case r.gs.Seat == t.To && r.legalKind("approve_takeover") != nil:
		lines = append(lines, r.st.accent.Render("Approve: "+r.name(t.From)+" pays you "+v.FormatMoney(t.Offer.Money)+", "+
			r.cashChange(t.Offer.Money)+"."), r.deadlineLine(), r.keyHint("a", "approve", "n", "deny"))
	case r.gs.Seat == t.From:
		lines = append(lines, r.st.subtle.Render("Waiting for "+r.name(t.To)+" to approve or deny. "+r.deadlineLine()))
	}
	return section{title, lines}
}

// deadlineLine says until when the owner may answer: the table's turn
// timer, after which the request is denied; or that it waits.
func (r *Renderer) deadlineLine() string {
	dl := r.gs.Deadline
	if dl.IsZero() || r.ctx.Now == nil {
		return "No turn timer here: the request waits for an answer."
	}
	left := dl.Sub(r.ctx.Now())
	if left <= 0 {
		return r.st.warn.Render("Time is up: without an answer the request is denied.")
	}
	secs := int((left + time.Second - 1) / time.Second)
	return r.st.warn.Render("Answer within " + strconv.Itoa(secs/60) + ":" + pad2(secs%60) + ", else it is denied.")
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// terminateQuestion confirms terminating the game (End.Resign): it
// ends for everyone now, the viewer cannot win, and by the engine's
// ranking who would win and how the others stand.
func (r *Renderer) terminateQuestion() string {
	v := r.v
	me := r.gs.Seat
	rank := v.Ranking(me)
	var places []string
	for _, s := range rank {
		if p := v.Player(s); s != me && !p.Out {
			places = append(places, r.name(s)+" "+v.FormatMoney(p.Capital))
		}
	}
	winner := "nobody"
	if len(places) > 0 {
		winner = r.name(rank[0])
	}
	return "Terminate the game? It ends now for everyone and you cannot win: " + winner + " wins. By " + r.w.score + ": " +
		strings.Join(places, ", ") + ", then you (" + v.FormatMoney(v.Player(me).Capital) + "). Nothing is paid: " +
		r.cashChange(0) + "."
}

// isTakeover reports whether the pending trade is a takeover request.
func (r *Renderer) isTakeover() bool { return r.v.Trade != nil && r.v.Trade.Takeover }
