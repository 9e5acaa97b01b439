package technopoly

import (
	"strconv"
	"time"

	"boardroom/engine"
	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
)

// The takeover dialog (Ruleset.TakeoverPct(); Technopoly R001-25, A001-08,
// A001-09). The proposer picks another player's start-up from a
// list that says whose it is and what it costs (the printed price plus
// the mark-up), and confirms; the owner sees who asks, for what, at what
// price and until when, and approves (confirmed, it moves money) or
// denies. Everyone else sees only that a takeover is being negotiated.

// BarEntries implements opolytui.Panel: the action bar's takeover keys,
// after the core's.
func (panel) BarEntries(*opolytui.Renderer) []opolytui.BarEntry {
	return []opolytui.BarEntry{
		{Key: "t", Label: "ask for a takeover", Kinds: []string{"request_takeover"}},
		{Key: "a", Label: "approve takeover", Kinds: []string{"approve_takeover"}},
		{Key: "n", Label: "deny takeover", Kinds: []string{"deny_takeover"}},
	}
}

// Act implements opolytui.Panel: asking for a takeover opens the list of
// the start-ups the viewer may ask for.
func (panel) Act(r *opolytui.Renderer, kind string, _ engine.Action) bool {
	if kind != "request_takeover" {
		return false
	}
	openTakeover(r)
	return true
}

// PickLabel implements opolytui.Panel: a row of the takeover list.
func (panel) PickLabel(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if t, ok := a.(opoly.RequestTakeover); ok {
		return takeoverLabel(r, t.Cell), true
	}
	return "", false
}

// PickPreview implements opolytui.Panel: the highlighted row's line.
func (panel) PickPreview(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if t, ok := a.(opoly.RequestTakeover); ok {
		return takeoverPreview(r, t.Cell), true
	}
	return "", false
}

// Question implements opolytui.Panel: a request chosen from the list and
// the owner's approval.
func (panel) Question(r *opolytui.Renderer, a engine.Action) (string, bool) {
	switch a := a.(type) {
	case opoly.RequestTakeover:
		return takeoverQuestion(r, a.Cell), true
	case opoly.ApproveTakeover:
		return approveQuestion(r), true
	}
	return "", false
}

// TradeSection implements opolytui.Panel: a pending takeover request is
// drawn instead of the core's trade panel.
func (panel) TradeSection(r *opolytui.Renderer) (opolytui.Section, bool) {
	if t := r.GameView().Trade; t == nil || !t.Takeover {
		return opolytui.Section{}, false
	}
	return takeoverSection(r), true
}

// openTakeover opens the list of the start-ups the viewer may ask for.
func openTakeover(r *opolytui.Renderer) {
	r.OpenCellList("take over", "Ask for a takeover: choose a "+r.Words().Property, "request_takeover")
}

// takeoverPrice is the takeover price of cell c and the mark-up in
// percent.
func takeoverPrice(r *opolytui.Renderer, c int) (price int64, pct int64) {
	rs := r.GameView().Rules
	if rs == nil || c < 0 || c >= len(r.GameView().Board.Cells) {
		return 0, 0
	}
	return rs.TakeoverPrice(c), rs.TakeoverPct()
}

// takeoverLabel is a row of the takeover list: the field's letter, the
// start-up, its takeover price and its owner, short enough for one line
// of the list at 80x24 ("J Harbour Cloud (£18,000) of bob"; the card
// beside the list and the preview under it say the rest).
func takeoverLabel(r *opolytui.Renderer, c int) string {
	price, _ := takeoverPrice(r, c)
	g := r.GameView().Board.Cells[c].Group
	return r.PaintGroup(g, r.GroupLetter(g)) + " " + r.CellName(c) + " (" + r.GameView().FormatMoney(price) + ") of " + r.Name(r.GameView().Cells[c].Owner)
}

// groupName is the name of c's group ("Cyan – Cloud").
func groupName(r *opolytui.Renderer, c int) string {
	g := r.GameView().Board.Cells[c].Group
	if g < 0 || g >= len(r.GameView().Board.Groups) {
		return "no " + r.Words().Group
	}
	return r.GameView().Board.Groups[g].Name
}

// priceWords explains a takeover price: "£18,000 (price £15,000 + 20%
// mark-up)".
func priceWords(r *opolytui.Renderer, c int) string {
	m := r.GameView().FormatMoney
	price, pct := takeoverPrice(r, c)
	return m(price) + " (price " + m(r.GameView().Board.Cells[c].Price) + " + " + strconv.FormatInt(pct, 10) + "% mark-up)"
}

// takeoverPreview is the highlighted row's line in the takeover list.
func takeoverPreview(r *opolytui.Renderer, c int) string {
	price, _ := takeoverPrice(r, c)
	return "Ask " + r.Name(r.GameView().Cells[c].Owner) + " for " + r.CellName(c) + " at " + priceWords(r, c) + "? If approved, " +
		r.CashChange(-price) + ". Enter, then confirm."
}

// takeoverQuestion confirms a request for cell c: short enough for the
// side pane of an 80x24 terminal.
func takeoverQuestion(r *opolytui.Renderer, c int) string {
	v := r.GameView()
	owner := r.Name(v.Cells[c].Owner)
	price, _ := takeoverPrice(r, c)
	q := "Ask " + owner + " to hand over " + r.CellName(c) + " for " + priceWords(r, c) + "? Only you two see the request. If " +
		owner + " approves: " + r.CashChange(-price)
	if completes(r, c) {
		q += ", and your " + groupName(r, c) + " " + r.Words().Group + " is complete"
	}
	return q + "."
}

// completes reports whether taking over c gives the viewer c's whole group.
func completes(r *opolytui.Renderer, c int) bool {
	v := r.GameView()
	g := v.Board.Cells[c].Group
	if g < 0 || g >= len(v.Board.Groups) {
		return false
	}
	for _, gc := range v.Board.Groups[g].Cells {
		if gc != c && v.Cells[gc].Owner != r.Seat() {
			return false
		}
	}
	return true
}

// approveQuestion confirms the owner's approval.
func approveQuestion(r *opolytui.Renderer) string {
	t := r.GameView().Trade
	if t == nil || t.Offer == nil || len(t.Offer.ToCells) != 1 {
		return "Approve the takeover?"
	}
	c := t.Offer.ToCells[0]
	return "Approve? " + r.CellName(c) + " passes to " + r.Name(t.From) + " at once, who pays you " + priceWords(r, c) + ": " +
		r.CashChange(t.Offer.Money) + "."
}

// takeoverSection is a pending takeover request: in full for its two
// parties, that it goes on for everyone else.
func takeoverSection(r *opolytui.Renderer) opolytui.Section {
	v := r.GameView()
	t := v.Trade
	title := "Takeover request: " + r.Name(t.From) + " asks " + r.Name(t.To)
	if t.Offer == nil || len(t.Offer.ToCells) != 1 {
		return opolytui.Section{Title: title, Lines: []string{r.Subtle("A takeover is being negotiated; only the two " + r.Words().Player +
			"s see which " + r.Words().Property + " and the price.")}}
	}
	c := t.Offer.ToCells[0]
	lines := []string{r.Who(t.From) + " asks for " + r.CellName(c) + " (" + groupName(r, c) + " " + r.Words().Group + ") at " + priceWords(r, c) + "."}
	switch {
	case r.Seat() == t.To && r.LegalKind("approve_takeover") != nil:
		lines = append(lines, r.Accent("Approve: "+r.Name(t.From)+" pays you "+v.FormatMoney(t.Offer.Money)+", "+
			r.CashChange(t.Offer.Money)+"."), deadlineLine(r), r.KeyHint("a", "approve", "n", "deny"))
	case r.Seat() == t.From:
		lines = append(lines, r.Subtle("Waiting for "+r.Name(t.To)+" to approve or deny. "+deadlineLine(r)))
	}
	return opolytui.Section{Title: title, Lines: lines}
}

// deadlineLine says until when the owner may answer: the table's turn
// timer, after which the request is denied; or that it waits.
func deadlineLine(r *opolytui.Renderer) string {
	dl, now := r.Deadline(), r.Clock()
	if dl.IsZero() || now == nil {
		return "No turn timer here: the request waits for an answer."
	}
	left := dl.Sub(now())
	if left <= 0 {
		return r.Warn("Time is up: without an answer the request is denied.")
	}
	secs := int((left + time.Second - 1) / time.Second)
	return r.Warn("Answer within " + strconv.Itoa(secs/60) + ":" + pad2(secs%60) + ", else it is denied.")
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
