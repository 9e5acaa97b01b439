package opoly

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/engine/opoly"
	"boardroom/tui"
)

// grid places the cells of a board on the border of a square: START at the
// bottom right, then leftwards along the bottom, up the left side, along
// the top and down the right side, as on a printed board. A side has
// side+1 positions; corners are shared. The cell at a position is worked
// out (at), not looked up: a table of them, kept by every renderer, was
// 1.3 KiB of a playing session's heap (issue 32).
type grid struct {
	n, side int
}

func gridOf(n int) grid {
	return grid{n: n, side: max((n+3)/4, 1)}
}

// pos is the row and column of cell c.
func (g grid) pos(c int) (row, col int) {
	s := g.side
	switch {
	case c <= s:
		return s, s - c
	case c <= 2*s:
		return s - (c - s), 0
	case c <= 3*s:
		return 0, c - 2*s
	}
	return c - 3*s, s
}

// at is the cell at row, col, or -1 (inside the ring, or a position past
// the board's last cell): pos turned round.
func (g grid) at(row, col int) int {
	s, c := g.side, -1
	switch {
	case uint(row) > uint(s) || uint(col) > uint(s): // off the square
	case row == s: // the bottom, START at its right
		c = s - col
	case col == 0: // the left side, upwards
		c = 2*s - row
	case row == 0: // the top, rightwards
		c = 2*s + col
	case col == s: // the right side, downwards
		c = 3*s + row
	}
	if c >= g.n {
		return -1
	}
	return c
}

// tokensAt lists the seats (in play order) whose token stands on cell c.
func tokensAt(v *opoly.View, c int, buf []int) []int {
	buf = buf[:0]
	for _, s := range v.Order {
		if p := v.Player(s); p.Seat >= 0 && !p.Out && p.Position == c {
			buf = append(buf, s)
		}
	}
	return buf
}

// kindGlyph marks a cell that is not a property (ASCII only).
func kindGlyph(k opoly.CellKind) string {
	switch k {
	case opoly.KindStart:
		return "S" // not '>': that marks the inspected cell
	case opoly.KindJail:
		return "#"
	case opoly.KindGoToJail:
		return "!"
	case opoly.KindCard:
		return "?"
	case opoly.KindTax:
		return "$"
	}
	return "="
}

// glyph is the code letter of a cell that is not a property: its kind's,
// or rest for a card cell of a game whose cards are off (Technopoly's
// Tech News deck, G001-07).
func (r *Renderer) glyph(cell *opoly.Cell) string {
	if cell.Kind == opoly.KindCard && r.v.CardsOff {
		return kindGlyph(opoly.KindRest)
	}
	return kindGlyph(cell.Kind)
}

// levelMark is the one-character building mark of a cell state: 1-4,
// the variant's top mark (H; Projectopoly Q for Team+QM), its mortgage
// mark (m; Projectopoly e for a budget extension), a space otherwise.
func (r *Renderer) levelMark(st opoly.CellState) string {
	switch {
	case st.Mortgaged:
		return r.lab.mortMark
	case st.Level > 0 && st.Level >= r.v.MaxLevel:
		return r.lab.topMark
	case st.Level > 0:
		return strconv.Itoa(st.Level)
	}
	return " "
}

const seatDigits = "123456789"

// seatDigit names a seat on the board: its number from 1.
func seatDigit(s int) string {
	if s < 0 {
		return "?"
	}
	if s < 9 {
		return seatDigits[s : s+1] // a part of a constant: string(rune) allocated where it escaped
	}
	return "+"
}

// compactCell draws cell c in 5 columns into b: a marker column ('>' on the
// inspected cell, so it shows without colour), the 3-column code (group
// letter on the group's colour or kind glyph, owner seat, building mark)
// and the token column. The marker column keeps a token apart from the
// next cell's code. Each styled piece is written between its style's
// escape sequences, straight into b. It returns the cells written: 5 but
// for a letter or mark wider than a cell (the row is then made apart).
func (r *Renderer) compactCell(b *rowText, c int) int {
	v := r.v
	cell := &v.Board.Cells[c]
	st := v.Cells[c]
	first, owner := r.glyph(cell), " "
	gst := r.st.bold
	if cell.Kind.Property() {
		gst, first = r.st.group(cell.Group)
		owner = "."
		if st.Owner >= 0 {
			owner = seatDigit(st.Owner)
		}
	}
	mark := r.levelMark(st)
	if c == r.cursor {
		cur := r.st.cursor
		b.WriteString(cur.pre)
		b.byte('>')
		b.WriteString(first)
		b.WriteString(owner)
		b.WriteString(mark)
		b.WriteString(cur.post)
	} else {
		b.byte(' ')
		gst.write(b, first)
		switch {
		case st.Owner >= 0 && cell.Kind.Property():
			r.st.seat(st.Owner).write(b, owner)
		case owner == ".":
			r.st.subtle.write(b, owner)
		default:
			b.WriteString(owner)
		}
		b.WriteString(mark)
	}
	// The tokens on the cell (tokensAt, counted): none, one, or a star.
	toks, tok := 0, -1
	for _, s := range v.Order {
		if s < 0 || s >= len(v.Players) {
			continue // v.Player(s) is no player
		}
		if p := &v.Players[s]; p.Seat >= 0 && !p.Out && p.Position == c {
			if toks == 0 {
				tok = s
			}
			toks++
		}
	}
	switch toks {
	case 0:
		b.byte(' ')
	case 1:
		r.st.tokenStyle(tok).write(b, seatDigit(tok))
	default:
		r.st.cursor.write(b, "*")
	}
	return 2 + tui.CellWidth(first) + tui.CellWidth(owner) + tui.CellWidth(mark) // the marker and token columns and the code
}

// priceIn writes amount x in w columns: in full ("£10,000"), else in
// thousands ("£10k", as the legend says), else not at all (the inspected
// cell's card has it): a cut amount would read as another amount.
// It is appended to dst.
func (r *Renderer) priceIn(dst []byte, x int64, w int) []byte {
	if s := r.appendMoney(dst, x); ansi.StringWidth(string(s[len(dst):])) <= w {
		return s
	}
	if s := r.kilo(x); s != "" && ansi.StringWidth(s) <= w {
		return append(dst, s...)
	}
	return dst
}

// kilo writes x in thousands with the game's currency ("£10k", "£12.5k",
// "2k€"), or "" when x is not a whole number of hundreds above 1,000.
func (r *Renderer) kilo(x int64) string {
	if x < 1000 || x%100 != 0 || r.v.Rules == nil {
		return ""
	}
	k := strconv.FormatInt(x/1000, 10)
	if d := x % 1000 / 100; d != 0 {
		sep := "."
		if r.v.Rules.Money.Thousands == '.' {
			sep = ","
		}
		k += sep + strconv.FormatInt(d, 10)
	}
	if r.v.Rules.Money.Suffix {
		return k + "k" + r.v.Rules.Money.Currency
	}
	return r.v.Rules.Money.Currency + k + "k"
}

// bandText says what stands on a property, within w columns.
func (r *Renderer) bandText(st opoly.CellState, w int) string {
	switch {
	case st.Mortgaged:
		return longest(w, r.lab.mortBand...)
	case st.Level > 0 && st.Level >= r.v.MaxLevel && r.lab.topPlus:
		n := strconv.Itoa(r.v.MaxLevel - 1)
		return longest(w, n+" DEVS+"+strings.ToUpper(r.lab.top), n+"D+"+strings.ToUpper(r.lab.top), strings.ToUpper(r.lab.top), r.lab.topMark)
	case st.Level > 0 && st.Level >= r.v.MaxLevel:
		return longest(w, strings.ToUpper(r.lab.top), r.lab.topMark)
	case st.Level > 0 && r.lab.topPlus:
		n := strconv.Itoa(st.Level)
		return longest(w, n+" "+strings.ToUpper(plural("dev", st.Level)), strings.Repeat("#", st.Level), n)
	case st.Level > 0:
		return longest(w, strings.Repeat("#", st.Level), strconv.Itoa(st.Level))
	}
	return ""
}

// longest returns the first option that fits w columns (the last one cut).
func longest(w int, opts ...string) string {
	for _, o := range opts {
		if ansi.StringWidth(o) <= w {
			return o
		}
	}
	return ansi.Truncate(opts[len(opts)-1], max(w, 0), "")
}

// pad cuts or pads plain text to exactly w columns.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "")
	}
	return s + strings.Repeat(" ", w-n)
}

// wrapName fits a cell name into k lines of w columns: small words and
// parentheses are dropped when the whole name does not fit, long words are
// cut and marked with '.', and a final '.' says that words were left out.
func wrapName(name string, w, k int) []string {
	if w <= 0 || k <= 0 {
		return nil
	}
	words := strings.Fields(name)
	if out, rest := fillLines(words, w, k); rest == 0 {
		return out
	}
	short := words[:0:0]
	for _, wd := range words {
		switch strings.ToLower(wd) {
		case "of", "the", "and", "&", "de", "du", "la", "le", "/":
			continue
		}
		if strings.HasPrefix(wd, "(") {
			break
		}
		short = append(short, wd)
	}
	out, rest := fillLines(short, w, k)
	if rest > 0 && len(out) > 0 {
		last := out[len(out)-1]
		if ansi.StringWidth(last) >= w {
			last = ansi.Truncate(last, w-1, "")
		}
		out[len(out)-1] = strings.TrimSuffix(last, ".") + "."
	}
	return out
}

// fillLines puts words greedily into at most k lines of w columns (a word
// longer than a line is cut and ends in '.'); rest counts words left over.
func fillLines(words []string, w, k int) (out []string, rest int) {
	i := 0
	for len(out) < k && i < len(words) {
		line := words[i]
		if ansi.StringWidth(line) > w {
			line = ansi.Truncate(line, max(w-1, 0), "") + "."
		}
		i++
		for i < len(words) && ansi.StringWidth(line)+1+ansi.StringWidth(words[i]) <= w {
			line += " " + words[i]
			i++
		}
		out = append(out, line)
	}
	return out, len(words) - i
}

// nameCache keeps the wrapped and padded name lines of the board's cells:
// names never change during a game, and wrapping them was a tenth of a
// large board's drawing.
type nameCache struct {
	m map[nameKey]nameLines
}

type nameKey struct{ cell, w, k int }

// nameLines are a cell's name lines, and whether each is exactly its
// width (pad leaves a line it had to cut narrower when a wide character
// straddles the cut).
type nameLines struct {
	lines []string
	exact bool
}

// lines returns exactly k lines of w columns holding the cell's name, and
// whether all of them are exactly w cells wide.
func (nc *nameCache) lines(c int, name string, w, k int) ([]string, bool) {
	key := nameKey{c, w, k}
	if nl, ok := nc.m[key]; ok {
		return nl.lines, nl.exact
	}
	if nc.m == nil || len(nc.m) > 512 { // a few board sizes at most: start over past that
		nc.m = make(map[nameKey]nameLines)
	}
	wrapped := wrapName(name, w, k)
	ls := make([]string, k)
	exact := true
	for i := range ls {
		t := ""
		if i < len(wrapped) {
			t = wrapped[i]
		}
		ls[i] = pad(t, w)
		exact = exact && ansi.StringWidth(ls[i]) == w
	}
	nc.m[key] = nameLines{ls, exact}
	return ls, exact
}
