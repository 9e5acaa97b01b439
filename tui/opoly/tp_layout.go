package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine/opoly"
	"boardroom/tui"
)

// Technopoly's small screen (variant.scoreColumn), decided from what a
// player decides on rather than from what fits. At 80x24 the game gets
// about 80x12: the ring of 5-column cells with the players inside it
// (cash and resources, players pane) leaves a side pane of 24 columns.
//
//   - The side pane holds the inspected start-up's card in the order a
//     player reads it: who owns it and the fee it charges now (at its
//     staffing), the price or the takeover price, then the fee table.
//   - A question, a pick list or a takeover request of the viewer's
//     (a party to it) takes the whole width instead of the board, with
//     the card of the cell concerned beside it: the question, the cash
//     before -> after and the keys are always on screen.

// tpWide reports whether the small screen shows the viewer's question or
// list across the whole width.
func (r *Renderer) tpWide() bool {
	if !r.lab.scoreColumn || r.v == nil {
		return false
	}
	switch r.mode {
	case modeConfirm, modePick, modeAmount, modeSelect:
		return true
	}
	t := r.v.Trade
	return r.isTakeover() && (r.gs.Seat == t.From || r.gs.Seat == t.To)
}

// tpDialogView draws the small screen's question or list (left) and the
// card of the cell it is about (right) in w x h, or reports false.
func (r *Renderer) tpDialogView(w, h int) (string, bool) {
	if !r.tpWide() {
		return "", false
	}
	lw, cw := tpSplit(w)
	secs := r.phaseSections(lw, h)
	if r.mode == modeConfirm && len(secs) > 1 {
		secs = secs[:1] // the question alone: what it answers is in it
	}
	left := r.stack(lw, h, secs...)
	c := r.cursor
	if t := r.v.Trade; r.isTakeover() && t.Offer != nil && len(t.Offer.ToCells) == 1 {
		c = t.Offer.ToCells[0]
	}
	right := r.stack(cw, h, section{"", r.tpCardLines(c)})
	return tui.HJoin(tui.Block(left, lw, h), tui.Block("", 2, h), tui.Block(right, cw, h)), true
}

// tpSplit is the width of the question (left) and of the card (right) of
// the small screen's dialog of width w; two columns apart.
func tpSplit(w int) (lw, cw int) {
	cw = min(32, w/3)
	return w - cw - 2, cw
}

// tpSideDetail is the side pane's detail on the small screen: the compact
// card of a start-up, or the usual section (a player's lines, the code in
// words, a card of another cell).
func (r *Renderer) tpSideDetail(w, h int) section {
	if r.lab.scoreColumn && r.player < 0 && !r.explain {
		return section{"", r.tpCardLines(r.cursor)}
	}
	return r.detailSection(w, h)
}

// tpCardLines is cell c's card in reading order, in short lines: name,
// owner, fee now, price and takeover price, field, fee table, tokens. A
// cell that is not a start-up has the usual card.
func (r *Renderer) tpCardLines(c int) []string {
	v := r.v
	if c < 0 || c >= len(v.Board.Cells) || !v.Board.Cells[c].Kind.Property() {
		return r.cardLines(max(c, 0))
	}
	cell := &v.Board.Cells[c]
	st := v.Cells[c]
	m := v.FormatMoney
	gst, letter := r.st.group(cell.Group)
	lines := []string{gst.Render(" "+letter+" ") + " " + r.st.bold.Render(cell.Name)}
	if st.Owner < 0 {
		lines = append(lines, r.st.accent.Render("For sale: "+m(cell.Price)), "Owner: nobody yet")
	} else {
		lines = append(lines, "Owner "+r.who(st.Owner),
			r.st.accent.Render("Fee now "+m(v.Rent(c, 0)))+" ("+r.tpStaffing(c, st)+")",
			"Price "+m(cell.Price))
	}
	if v.Rules != nil && v.Rules.TakeoverPct() > 0 && st.Owner >= 0 { // only an owned start-up is taken over
		lines = append(lines, "Takeover "+m(v.Rules.TakeoverPrice(c)))
	}
	if cell.Group >= 0 && cell.Group < len(v.Board.Groups) {
		g := &v.Board.Groups[cell.Group]
		lines = append(lines, g.Name+" "+r.w.group+": "+r.tpFieldOwners(g))
	}
	lines = append(lines, r.tpFeeLines(cell)...)
	if here := r.hereLine(v, c); here != "" {
		lines = append(lines, here)
	}
	return lines
}

// tpStaffing says what the fee now is charged for, in short: the staff
// ("2 devs", "3 devs+CTO"), or an unstaffed start-up of a complete field
// (double) or not.
func (r *Renderer) tpStaffing(c int, st opoly.CellState) string {
	switch {
	case st.Level >= r.v.MaxLevel:
		return strconv.Itoa(r.v.MaxLevel-1) + " devs+" + r.lab.top
	case st.Level > 0:
		return strconv.Itoa(st.Level) + " " + plural("dev", st.Level)
	case r.v.OwnsGroup(st.Owner, r.v.Board.Cells[c].Group):
		return "full " + r.w.group
	}
	return "no staff"
}

// tpFeeLines are a start-up's fee table in short lines: "Fee £800, full
// £1,600", "1-3 devs £4k/£10k/£30k", "3 devs+CTO £60k", "Hire £5,000 each".
func (r *Renderer) tpFeeLines(cell *opoly.Cell) []string {
	v := r.v
	m := v.FormatMoney
	mult := int64(1)
	if v.Rules != nil && v.Rules.Buildings.FullGroupMultiplier > 1 {
		mult = v.Rules.Buildings.FullGroupMultiplier
	}
	k := func(x int64) string {
		if s := r.kilo(x); s != "" {
			return s
		}
		return m(x)
	}
	top := v.MaxLevel
	if len(cell.Rents) <= top {
		return []string{capital(r.w.fee) + " " + m(cell.Rents[0])}
	}
	devs := make([]string, 0, top-1)
	for l := 1; l < top; l++ {
		devs = append(devs, k(cell.Rents[l]))
	}
	return []string{
		capital(r.w.fee) + " " + m(cell.Rents[0]) + ", full " + m(cell.Rents[0]*mult),
		"1-" + strconv.Itoa(top-1) + " devs " + strings.Join(devs, "/"),
		strconv.Itoa(top-1) + " devs+" + r.lab.top + " " + k(cell.Rents[top]),
		"Hire " + m(cell.BuildPrice) + " each",
	}
}

// tpFieldOwners says who holds a field's start-ups, players first in
// board order, then the bank's: "ada has 2, 1 free".
func (r *Renderer) tpFieldOwners(g *opoly.Group) string {
	var order []int
	var n [opoly.MaxSeats]int
	free := 0
	for _, gc := range g.Cells {
		switch o := r.v.Cells[gc].Owner; {
		case o < 0 || o >= len(n):
			free++
		default:
			if n[o] == 0 {
				order = append(order, o)
			}
			n[o]++
		}
	}
	parts := make([]string, 0, len(order)+1)
	for _, o := range order {
		parts = append(parts, r.name(o)+" has "+strconv.Itoa(n[o]))
	}
	if free > 0 {
		parts = append(parts, strconv.Itoa(free)+" free")
	}
	return strings.Join(parts, ", ")
}
