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
// mortgage status, buildings, who stands there.
func (r *Renderer) cardLines(c int) []string {
	v := r.v
	cell := &v.Board.Cells[c]
	st := v.Cells[c]
	m := r.money
	title := r.st.bold.Render(cell.Name)
	if cell.Kind.Property() {
		gst, letter := r.st.group(cell.Group)
		title = gst.Render(" "+letter+" ") + " " + title
	}
	lines := []string{title}
	var grp *opoly.Group
	if cell.Group >= 0 && cell.Group < len(v.Board.Groups) {
		grp = &v.Board.Groups[cell.Group]
	}
	switch cell.Kind {
	case opoly.KindStart:
		if l := r.tripCardLines(cell.Name); l != nil {
			lines = append(lines, l...)
			break
		}
		lines = append(lines, "Start: collect "+m(v.Salary)+" on passing or landing.")
	case opoly.KindJail:
		if r.lab.pools != "" {
			lines = append(lines, capital(r.w.jail)+" / in transit. Fee to leave: "+m(v.JailFee)+".")
		} else {
			lines = append(lines, "Jail / just visiting. Fee to leave: "+m(v.JailFee)+".")
		}
	case opoly.KindGoToJail:
		if r.lab.pools != "" {
			lines = append(lines, "Go to "+r.w.jail+": no "+m(v.Salary)+" on the way.")
		} else {
			lines = append(lines, "Go to jail: no salary on the way.")
		}
	case opoly.KindTax:
		lines = append(lines, capital(r.lab.tax)+": pay "+m(cell.Tax)+" to "+r.w.bank+".")
	case opoly.KindCard:
		if v.CardsOff {
			lines = append(lines, "Nothing happens here (the "+r.deckName(cell.Deck)+" cards are off at this table).")
			break
		}
		deck := "a"
		if cell.Deck >= 0 && cell.Deck < len(v.Board.Decks) {
			deck = article(v.Board.Decks[cell.Deck].Name) + " " + v.Board.Decks[cell.Deck].Name
		}
		lines = append(lines, "Draw "+deck+" card.")
	case opoly.KindRest:
		lines = append(lines, "Nothing happens here.")
	case opoly.KindStreet:
		lines = append(lines, grp.Name+" "+r.w.group+" ("+strconv.Itoa(len(grp.Cells))+" cells)")
		lines = append(lines, r.streetRents(c, cell, st)...)
	case opoly.KindCounted:
		lines = append(lines, grp.Name+": "+r.w.rent+" by how many the owner holds")
		lines = append(lines, r.ladder(cell.Rents, ownedBy(v, grp, st.Owner), func(x int64) string { return m(x) }))
	case opoly.KindDice:
		lines = append(lines, grp.Name+": "+r.w.rent+" is the dice total times")
		lines = append(lines, r.ladder(cell.Rents, ownedBy(v, grp, st.Owner), func(x int64) string { return "x" + strconv.FormatInt(x, 10) }))
	}
	if cell.Kind.Property() {
		price := "Price " + m(cell.Price)
		if v.Rules.Mortgage.Allowed && r.lab.pools != "" {
			price += r.th.Bullet + "extension " + m(cell.Mortgage) + r.th.Bullet + "repay " + m(v.Rules.LiftCost(c))
		} else if v.Rules.Mortgage.Allowed {
			price += r.th.Bullet + "mortgage " + m(cell.Mortgage) + r.th.Bullet + "lift " + m(v.Rules.LiftCost(c))
		}
		if v.Rules.TakeoverPct() > 0 {
			price += r.th.Bullet + "takeover " + m(v.Rules.TakeoverPrice(c))
		}
		lines = append(lines, price)
		lines = append(lines, r.ownerLine(c, cell, st))
	}
	if here := r.hereLine(v, c); here != "" {
		lines = append(lines, here)
	}
	return lines
}

// streetRents are a street's rent lines: base, full group, each level.
func (r *Renderer) streetRents(c int, cell *opoly.Cell, st opoly.CellState) []string {
	v := r.v
	m := r.money
	mult := int64(1)
	if v.Rules != nil && v.Rules.Buildings.FullGroupMultiplier > 1 {
		mult = v.Rules.Buildings.FullGroupMultiplier
	}
	full := st.Owner >= 0 && v.OwnsGroup(st.Owner, cell.Group)
	mark := func(on bool, s string) string {
		if on && st.Owner >= 0 && !st.Mortgaged {
			return r.st.accent.Render(s)
		}
		return s
	}
	out := []string{capital(r.w.fee) + " " + mark(st.Level == 0 && !full, m(cell.Rents[0])) + r.th.Bullet +
		"full " + r.w.group + " " + mark(st.Level == 0 && full, m(cell.Rents[0]*mult))}
	var parts []string
	for l := 1; l < len(cell.Rents) && l < v.MaxLevel; l++ {
		parts = append(parts, strconv.Itoa(l)+":"+mark(st.Level == l, m(cell.Rents[l])))
	}
	if len(parts) > 0 {
		out = append(out, capital(r.lab.buildings)+" "+strings.Join(parts, " "))
	}
	if v.MaxLevel >= 1 && v.MaxLevel < len(cell.Rents) {
		top, price := capital(r.lab.top), r.lab.building+" price "
		if r.lab.topPlus {
			top, price = r.levelWords(v.MaxLevel), r.lab.building+" or "+r.lab.top+" "
			top = strings.ToUpper(top[:1]) + top[1:]
		}
		out = append(out, top+" "+mark(st.Level >= v.MaxLevel, m(cell.Rents[v.MaxLevel]))+
			r.th.Bullet+price+m(cell.BuildPrice))
	}
	return out
}

// ladder writes the rents by number owned, the current one marked.
func (r *Renderer) ladder(rents []int64, owned int, f func(int64) string) string {
	parts := make([]string, len(rents))
	for i, x := range rents {
		s := f(x)
		if i+1 == owned {
			s = r.st.accent.Render(s)
		}
		parts[i] = strconv.Itoa(i+1) + ":" + s
	}
	return "Owned " + strings.Join(parts, " ")
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

// ownerLine says who owns the property, its buildings, mortgage and rent now.
func (r *Renderer) ownerLine(c int, cell *opoly.Cell, st opoly.CellState) string {
	v := r.v
	if st.Owner < 0 {
		return r.st.subtle.Render("Owned by " + r.w.bank + " (for sale)")
	}
	s := "Owner " + r.who(st.Owner)
	if cell.Kind == opoly.KindStreet && st.Level > 0 {
		s += r.th.Bullet + r.levelWords(st.Level)
	}
	switch {
	case st.Mortgaged:
		s += r.th.Bullet + r.st.warn.Render(r.lab.mortBand[0])
	case cell.Kind == opoly.KindDice:
		d := v.Dice[0] + v.Dice[1]
		if d > 0 {
			s += r.th.Bullet + r.w.fee + " now " + r.money(v.Rent(c, d)) + " at " + strconv.Itoa(d)
		}
	default:
		s += r.th.Bullet + r.w.fee + " now " + r.money(v.Rent(c, 0))
	}
	return s
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
	lines := []string{r.who(s) + r.seatTags(s), "Cash " + r.money(p.Cash) + r.th.Bullet + r.w.score + " " + r.money(p.Capital)}
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
	v := r.v
	s := "At "
	if p.Position >= 0 && p.Position < len(v.Board.Cells) {
		s += v.Board.Cells[p.Position].Name
	}
	if t := r.tripText(p); t != "" {
		s += r.th.Bullet + t
	}
	if p.InJail {
		s += r.th.Bullet + r.st.warn.Render("IN "+strings.ToUpper(r.w.jail)) + " (" + strconv.Itoa(p.JailTurns) + " failed)"
	}
	if n := len(p.JailCards); n > 0 {
		names := make([]string, n)
		for i, d := range p.JailCards {
			names[i] = "card"
			if d >= 0 && d < len(v.Board.Decks) {
				names[i] = v.Board.Decks[d].Name
			}
		}
		s += r.th.Bullet + "out-of-" + r.w.jail + ": " + strings.Join(names, ", ")
	}
	return s
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
	toks := tokensAt(v, c, nil)
	if len(toks) == 0 {
		return ""
	}
	names := make([]string, len(toks))
	for i, s := range toks {
		names[i] = r.who(s)
	}
	return "Here: " + strings.Join(names, ", ")
}
