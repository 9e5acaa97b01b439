package technopoly

import (
	"strconv"
	"strings"

	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
)

// Technopoly's compact card of a start-up, for the side pane of the small
// screen and beside its questions (the core's layout, widelayout.go): who
// owns it and the fee it charges now (at its staffing), the price or the
// takeover price, the field, then the fee table, in short lines.

// CardLines implements opolytui.Panel: the compact card of a start-up;
// any other cell has the usual card.
func (panel) CardLines(r *opolytui.Renderer, c int) ([]string, bool) {
	v := r.GameView()
	if c < 0 || c >= len(v.Board.Cells) || !v.Board.Cells[c].Kind.Property() {
		return nil, false
	}
	return cardLines(r, c), true
}

// cardLines is start-up c's card in reading order, in short lines: name,
// owner, fee now, price and takeover price, field, fee table, tokens.
func cardLines(r *opolytui.Renderer, c int) []string {
	v := r.GameView()
	cell := &v.Board.Cells[c]
	st := v.Cells[c]
	m := r.Money
	lines := make([]string, 0, 12) // the card's lines, grown once
	lines = append(lines, r.PaintGroup(cell.Group, " "+r.GroupLetter(cell.Group)+" ")+" "+r.Bold(cell.Name))
	if st.Owner < 0 {
		lines = append(lines, r.Accent("For sale: "+m(cell.Price)), "Owner: nobody yet")
	} else {
		lines = append(lines, "Owner "+r.Who(st.Owner),
			r.Accent("Fee now "+m(v.Rent(c, 0)))+" ("+staffing(r, c, st)+")",
			"Price "+m(cell.Price))
	}
	if v.Rules != nil && v.Rules.TakeoverPct() > 0 && st.Owner >= 0 { // only an owned start-up is taken over
		lines = append(lines, "Takeover "+m(v.Rules.TakeoverPrice(c)))
	}
	if cell.Group >= 0 && cell.Group < len(v.Board.Groups) {
		g := &v.Board.Groups[cell.Group]
		lines = append(lines, g.Name+" "+r.Words().Group+": "+fieldOwners(r, g))
	}
	lines = append(lines, feeLines(r, cell)...)
	if here := r.HereLine(c); here != "" {
		lines = append(lines, here)
	}
	return lines
}

// staffing says what the fee now is charged for, in short: the staff
// ("2 devs", "3 devs+CTO"), or an unstaffed start-up of a complete field
// (double) or not.
func staffing(r *opolytui.Renderer, c int, st opoly.CellState) string {
	switch {
	case st.Level >= r.GameView().MaxLevel:
		return strconv.Itoa(r.GameView().MaxLevel-1) + " devs+" + r.Words().Top
	case st.Level > 0:
		return strconv.Itoa(st.Level) + " " + opolytui.Plural("dev", st.Level)
	case r.GameView().OwnsGroup(st.Owner, r.GameView().Board.Cells[c].Group):
		return "full " + r.Words().Group
	}
	return "no staff"
}

// feeLines are a start-up's fee table in short lines: "Fee £800, full
// £1,600", "1-3 devs £4k/£10k/£30k", "3 devs+CTO £60k", "Hire £5,000 each".
func feeLines(r *opolytui.Renderer, cell *opoly.Cell) []string {
	v := r.GameView()
	m := r.Money
	mult := int64(1)
	if v.Rules != nil && v.Rules.Buildings.FullGroupMultiplier > 1 {
		mult = v.Rules.Buildings.FullGroupMultiplier
	}
	k := func(x int64) string {
		if s := r.Kilo(x); s != "" {
			return s
		}
		return m(x)
	}
	top := v.MaxLevel
	if len(cell.Rents) <= top {
		return []string{opolytui.Capital(r.Words().Fee) + " " + m(cell.Rents[0])}
	}
	devs := make([]string, 0, top-1)
	for l := 1; l < top; l++ {
		devs = append(devs, k(cell.Rents[l]))
	}
	return []string{
		opolytui.Capital(r.Words().Fee) + " " + m(cell.Rents[0]) + ", full " + m(cell.Rents[0]*mult),
		"1-" + strconv.Itoa(top-1) + " devs " + strings.Join(devs, "/"),
		strconv.Itoa(top-1) + " devs+" + r.Words().Top + " " + k(cell.Rents[top]),
		"Hire " + m(cell.BuildPrice) + " each",
	}
}

// fieldOwners says who holds a field's start-ups, players first in
// board order, then the bank's: "ada has 2, 1 free".
func fieldOwners(r *opolytui.Renderer, g *opoly.Group) string {
	var order []int
	var n [opoly.MaxSeats]int
	free := 0
	for _, gc := range g.Cells {
		switch o := r.GameView().Cells[gc].Owner; {
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
		parts = append(parts, r.Name(o)+" has "+strconv.Itoa(n[o]))
	}
	if free > 0 {
		parts = append(parts, strconv.Itoa(free)+" free")
	}
	return strings.Join(parts, ", ")
}
