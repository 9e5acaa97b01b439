package opoly

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/engine/opoly"
)

// name is a seat's handle (sanitised) or "Seat N"; the bank for opoly.Bank.
func (r *Renderer) name(s int) string {
	if s == opoly.Bank {
		return r.w.bank
	}
	if s >= 0 && s < len(r.gs.Table.Seats) {
		if h := r.cleanHandle(s, r.gs.Table.Seats[s].Handle); h != "" {
			return h
		}
	}
	return "Seat " + strconv.Itoa(s+1)
}

// who is a seat's number and name in its style: "2 ada".
func (r *Renderer) who(s int) string {
	if s == opoly.Bank {
		return r.w.bank
	}
	return r.st.seat(s).Render(seatDigit(s) + " " + r.name(s))
}

// levelWords says what stands on a property: "2 houses", "hotel".
func (r *Renderer) levelWords(level int) string {
	switch {
	case level <= 0:
		return "no " + r.lab.buildings
	case level >= r.v.MaxLevel && r.lab.topPlus:
		return strconv.Itoa(r.v.MaxLevel-1) + " " + r.lab.buildings + " + " + r.lab.top
	case level >= r.v.MaxLevel:
		return r.lab.top
	case level == 1:
		return "1 " + r.lab.building
	}
	return strconv.Itoa(level) + " " + r.lab.buildings
}

// cardLines is the card of cell c (R004-23): name, kind and group, price,
// rents by level, mortgage value and lift cost, building price, owner,
// mortgage status, buildings, who stands there. Its lines are written in
// the renderer's text buffer and made one string (nothing it calls writes
// in that buffer).
func (r *Renderer) cardLines(c int) []string {
	v := r.v
	cell := &v.Board.Cells[c]
	st := v.Cells[c]
	t := &r.sc().text
	t.reset()
	if cell.Kind.Property() {
		gst, letter := r.st.group(cell.Group)
		t.paint(gst, " ", letter, " ")
		t.str(" ")
	}
	t.paint(r.st.bold, cell.Name)
	t.end()
	var grp *opoly.Group
	if cell.Group >= 0 && cell.Group < len(v.Board.Groups) {
		grp = &v.Board.Groups[cell.Group]
	}
	switch cell.Kind {
	case opoly.KindStart:
		if l := r.tripCardLines(cell.Name); l != nil {
			for _, line := range l {
				t.str(line)
				t.end()
			}
			break
		}
		t.str("Start: collect ")
		t.money(r, v.Salary)
		t.str(" on passing or landing.")
		t.end()
	case opoly.KindJail:
		if r.lab.pools != "" {
			t.capital(r.w.jail)
			t.str(" / in transit. Fee to leave: ")
			t.money(r, v.JailFee)
			t.str(".")
		} else {
			t.str("Jail / just visiting. Fee to leave: ")
			t.money(r, v.JailFee)
			t.str(".")
		}
		t.end()
	case opoly.KindGoToJail:
		if r.lab.pools != "" {
			t.str("Go to ", r.w.jail, ": no ")
			t.money(r, v.Salary)
			t.str(" on the way.")
		} else {
			t.str("Go to jail: no salary on the way.")
		}
		t.end()
	case opoly.KindTax:
		t.capital(r.lab.tax)
		t.str(": pay ")
		t.money(r, cell.Tax)
		t.str(" to ", r.w.bank, ".")
		t.end()
	case opoly.KindCard:
		if v.CardsOff {
			t.str("Nothing happens here (the ", r.deckName(cell.Deck), " cards are off at this table).")
			t.end()
			break
		}
		t.str("Draw ")
		if cell.Deck >= 0 && cell.Deck < len(v.Board.Decks) {
			t.str(article(v.Board.Decks[cell.Deck].Name), " ", v.Board.Decks[cell.Deck].Name)
		} else {
			t.str("a")
		}
		t.str(" card.")
		t.end()
	case opoly.KindRest:
		t.str("Nothing happens here.")
		t.end()
	case opoly.KindStreet:
		t.str(grp.Name, " ", r.w.group, " (")
		t.int(int64(len(grp.Cells)))
		t.str(" cells)")
		t.end()
		r.streetRents(t, cell, st)
	case opoly.KindCounted:
		t.str(grp.Name, ": ", r.w.rent, " by how many the owner holds")
		t.end()
		r.ladder(t, cell.Rents, ownedBy(v, grp, st.Owner), false)
	case opoly.KindDice:
		t.str(grp.Name, ": ", r.w.rent, " is the dice total times")
		t.end()
		r.ladder(t, cell.Rents, ownedBy(v, grp, st.Owner), true)
	}
	if cell.Kind.Property() {
		t.str("Price ")
		t.money(r, cell.Price)
		if v.Rules.Mortgage.Allowed && r.lab.pools != "" {
			t.str(r.th.Bullet, "extension ")
			t.money(r, cell.Mortgage)
			t.str(r.th.Bullet, "repay ")
			t.money(r, v.Rules.LiftCost(c))
		} else if v.Rules.Mortgage.Allowed {
			t.str(r.th.Bullet, "mortgage ")
			t.money(r, cell.Mortgage)
			t.str(r.th.Bullet, "lift ")
			t.money(r, v.Rules.LiftCost(c))
		}
		if v.Rules.TakeoverPct() > 0 {
			t.str(r.th.Bullet, "takeover ")
			t.money(r, v.Rules.TakeoverPrice(c))
		}
		t.end()
		r.ownerLine(t, c, cell, st)
		t.end()
	}
	r.hereIn(t, v, c)
	return t.lines(r.th, make([]string, 0, len(t.ends)))
}

// streetRents writes a street's rent lines: base, full group, each level.
func (r *Renderer) streetRents(t *textBuf, cell *opoly.Cell, st opoly.CellState) {
	v := r.v
	mult := int64(1)
	if v.Rules != nil && v.Rules.Buildings.FullGroupMultiplier > 1 {
		mult = v.Rules.Buildings.FullGroupMultiplier
	}
	full := st.Owner >= 0 && v.OwnsGroup(st.Owner, cell.Group)
	mark := func(on bool, x int64) { // the rent that applies, in the accent
		if on && st.Owner >= 0 && !st.Mortgaged {
			t.b = append(t.b, r.st.accent.pre...)
			t.money(r, x)
			t.b = append(t.b, r.st.accent.post...)
		} else {
			t.money(r, x)
		}
	}
	t.capital(r.w.fee)
	t.str(" ")
	mark(st.Level == 0 && !full, cell.Rents[0])
	t.str(r.th.Bullet, "full ", r.w.group, " ")
	mark(st.Level == 0 && full, cell.Rents[0]*mult)
	t.end()
	for l := 1; l < len(cell.Rents) && l < v.MaxLevel; l++ {
		if l == 1 {
			t.capital(r.lab.buildings)
			t.str(" ")
		} else {
			t.str(" ")
		}
		t.int(int64(l))
		t.str(":")
		mark(st.Level == l, cell.Rents[l])
		if l+1 == len(cell.Rents) || l+1 == v.MaxLevel {
			t.end()
		}
	}
	if v.MaxLevel >= 1 && v.MaxLevel < len(cell.Rents) {
		if r.lab.topPlus {
			t.capital(r.levelWords(v.MaxLevel))
		} else {
			t.capital(r.lab.top)
		}
		t.str(" ")
		mark(st.Level >= v.MaxLevel, cell.Rents[v.MaxLevel])
		t.str(r.th.Bullet, r.lab.building)
		if r.lab.topPlus {
			t.str(" or ", r.lab.top, " ")
		} else {
			t.str(" price ")
		}
		t.money(r, cell.BuildPrice)
		t.end()
	}
}

// ladder writes the line of rents by number owned, the current one
// marked: amounts, or multiples of the dice ("x4") when dice is set.
func (r *Renderer) ladder(t *textBuf, rents []int64, owned int, dice bool) {
	t.str("Owned ")
	for i, x := range rents {
		if i > 0 {
			t.str(" ")
		}
		t.int(int64(i + 1))
		t.str(":")
		p := paint{}
		if i+1 == owned {
			p = r.st.accent
		}
		t.b = append(t.b, p.pre...)
		if dice {
			t.str("x")
			t.int(x)
		} else {
			t.money(r, x)
		}
		t.b = append(t.b, p.post...)
	}
	t.end()
}

// ownedBy counts the cells of grp held by seat.
func ownedBy(v *opoly.View, grp *opoly.Group, seat int) int {
	if seat < 0 {
		return 0
	}
	n := 0
	for _, c := range grp.Cells {
		if v.Cells[c].Owner == seat {
			n++
		}
	}
	return n
}

// ownerLine writes who owns the property, its buildings, mortgage and
// rent now (the line is ended by the caller).
func (r *Renderer) ownerLine(t *textBuf, c int, cell *opoly.Cell, st opoly.CellState) {
	v := r.v
	if st.Owner < 0 {
		t.paint(r.st.subtle, "Owned by ", r.w.bank, " (for sale)")
		return
	}
	t.str("Owner ")
	r.whoIn(t, st.Owner)
	if cell.Kind == opoly.KindStreet && st.Level > 0 {
		t.str(r.th.Bullet, r.levelWords(st.Level))
	}
	switch {
	case st.Mortgaged:
		t.str(r.th.Bullet)
		t.paint(r.st.warn, r.lab.mortBand[0])
	case cell.Kind == opoly.KindDice:
		d := v.Dice[0] + v.Dice[1]
		if d > 0 {
			t.str(r.th.Bullet, r.w.fee, " now ")
			t.money(r, v.Rent(c, d))
			t.str(" at ")
			t.int(int64(d))
		}
	default:
		t.str(r.th.Bullet, r.w.fee, " now ")
		t.money(r, v.Rent(c, 0))
	}
}

// whoIn writes who(s).
func (r *Renderer) whoIn(t *textBuf, s int) {
	if s == opoly.Bank {
		t.str(r.w.bank)
		return
	}
	t.paint(r.st.seat(s), seatDigit(s), " ", r.name(s))
}

// playerLines lists a player's state and properties (the players pane's
// selection, R004-22).
//
// In a pane w x h the assets scroll ({ and }) with a "more" line when
// they do not fit.
func (r *Renderer) playerLines(s, w, h int) []string {
	v := r.v
	p := v.Player(s)
	if p.Seat < 0 {
		return nil
	}
	var cash, capital [32]byte
	lines := []string{r.who(s) + r.seatTags(s), "Cash " + string(r.appendMoney(cash[:0], p.Cash)) + r.th.Bullet + r.w.score + " " + string(r.appendMoney(capital[:0], p.Capital))}
	if p.Out {
		lines = append(lines, r.st.warn.Render("Out of the game ("+p.Status+")"))
		return lines
	}
	lines = append(lines, r.whereLine(p))
	if len(p.Props) == 0 {
		return append(lines, r.st.subtle.Render("No "+plural(r.w.property, 2)+"."))
	}
	head := r.st.bold.Render(strconv.Itoa(len(p.Props)) + " " + plural(r.w.property, len(p.Props)) + ":")
	var rows []string
	for _, c := range p.Props {
		cell := &v.Board.Cells[c]
		gst, letter := r.st.group(cell.Group)
		line := gst.Render(letter) + " " + cell.Name
		st := v.Cells[c]
		if cell.Kind == opoly.KindStreet && st.Level > 0 {
			line += " (" + r.levelWords(st.Level) + ")"
		}
		if st.Mortgaged {
			line += " " + r.st.warn.Render(r.lab.mortAdj)
		}
		rows = append(rows, line)
	}
	fixed := 1
	for _, l := range lines {
		fixed += wrappedLines(l, w)
	}
	room := h - fixed
	if room <= 0 || len(rows) <= room {
		return append(append(lines, head), rows...)
	}
	// Too many to show: scroll them with pgup/pgdn, and say so.
	r.playerRow = clampInt(r.playerRow, 0, len(rows)-1)
	head += r.st.subtle.Render(" ({ } scroll)")
	room -= wrappedLines(head, w) - 1
	for i, l := range rows { // one line each (the whole name is on the cell's card)
		rows[i] = ansi.Truncate(l, w, r.th.Ellip)
	}
	return append(append(lines, head), r.scrollRows(rows, r.playerRow, max(room, 3))...)
}

// whereLine is a player's position, jail state and held cards.
func (r *Renderer) whereLine(p opoly.PlayerView) string {
	t := &r.sc().line // not r.sc().text: a line of playerLines, drawn apart from the panes written there
	t.reset()
	r.whereIn(t, p)
	return string(t.b)
}

// whereIn writes whereLine(p) (the line is ended by the caller).
func (r *Renderer) whereIn(t *textBuf, p opoly.PlayerView) {
	v := r.v
	t.str("At ")
	if p.Position >= 0 && p.Position < len(v.Board.Cells) {
		t.str(v.Board.Cells[p.Position].Name)
	}
	if tt := r.tripText(p); tt != "" {
		t.str(r.th.Bullet, tt)
	}
	if p.InJail {
		t.str(r.th.Bullet)
		t.paint(r.st.warn, "IN ", strings.ToUpper(r.w.jail))
		t.str(" (")
		t.int(int64(p.JailTurns))
		t.str(" failed)")
	}
	if n := len(p.JailCards); n > 0 {
		t.str(r.th.Bullet, "out-of-", r.w.jail, ": ")
		for i, d := range p.JailCards {
			if i > 0 {
				t.str(", ")
			}
			if d >= 0 && d < len(v.Board.Decks) {
				t.str(v.Board.Decks[d].Name)
			} else {
				t.str("card")
			}
		}
	}
}

// seatTags marks bots, absent players and the viewer.
func (r *Renderer) seatTags(s int) string {
	var tags []string
	if s == r.gs.Seat {
		tags = append(tags, "you")
	}
	if s >= 0 && s < len(r.gs.Table.Seats) {
		seat := r.gs.Table.Seats[s]
		switch {
		case seat.Bot:
			tags = append(tags, "bot")
		case seat.BotPlays:
			tags = append(tags, "bot plays")
		case seat.Away:
			tags = append(tags, "away")
		}
	}
	if len(tags) == 0 {
		return ""
	}
	return r.st.subtle.Render(" (" + strings.Join(tags, ", ") + ")")
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// article is "an" before a vowel sound, else "a" ("an Unexpected card").
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// plural is word for n things: "1 property", "2 properties", "2 start-ups".
func plural(word string, n int) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "y"):
		return word[:len(word)-1] + "ies"
	}
	return word + "s"
}

// hereLine names the players whose tokens stand on cell c ("Here: bob,
// alice"), or "" when none does.
func (r *Renderer) hereLine(v *opoly.View, c int) string {
	t := &r.sc().line // not r.sc().text: a panel's line, drawn apart from the core's panes
	t.reset()
	r.hereIn(t, v, c)
	return string(t.b)
}

// hereIn writes hereLine(v, c) as a line, if any player stands on c.
func (r *Renderer) hereIn(t *textBuf, v *opoly.View, c int) {
	n := 0
	for _, s := range v.Order {
		if p := v.Player(s); p.Seat >= 0 && !p.Out && p.Position == c {
			if n == 0 {
				t.str("Here: ")
			} else {
				t.str(", ")
			}
			r.whoIn(t, s)
			n++
		}
	}
	if n > 0 {
		t.end()
	}
}
