package opoly

import (
	"fmt"
	"slices"
	"strings"
)

// GuideKit is what the how-to-play guides of the property games share: the
// look-ups of a ruleset's board and the lists and tables every variant's
// guide prints. A variant's guide writer embeds it and keeps only its own
// words, so every amount, name and card in a guide comes from the ruleset
// and cannot drift from the rules the core plays.
type GuideKit struct {
	RS *Ruleset
}

// Money formats an amount the way the ruleset writes money.
func (k GuideKit) Money(v int64) string { return k.RS.FormatMoney(v) }

// StartName is the name of the start cell.
func (k GuideKit) StartName() string { return k.RS.Board.Cells[k.RS.Start.Cell].Name }

// JailName is the name of the jail cell; the ruleset must have one.
func (k GuideKit) JailName() string { return k.RS.Board.Cells[k.RS.Jail.Cell].Name }

// CellsOf returns the indices of the cells of kind c in board order.
func (k GuideKit) CellsOf(c CellKind) []int {
	var out []int
	for i, cell := range k.RS.Board.Cells {
		if cell.Kind == c {
			out = append(out, i)
		}
	}
	return out
}

// CellName is the name of the first cell of kind c, or "".
func (k GuideKit) CellName(c CellKind) string {
	if cs := k.CellsOf(c); len(cs) > 0 {
		return k.RS.Board.Cells[cs[0]].Name
	}
	return ""
}

// NamesOf lists the names of the cells of kind c: "A", "A and B", "A, B and C".
func (k GuideKit) NamesOf(c CellKind) string {
	var out []string
	for _, i := range k.CellsOf(c) {
		out = append(out, k.RS.Board.Cells[i].Name)
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// PriceRange is the lowest and highest value of f over the cells of kind
// c ("$60 to $400", or one amount when they are all the same).
func (k GuideKit) PriceRange(c CellKind, f func(Cell) int64) string {
	var vals []int64
	for _, i := range k.CellsOf(c) {
		vals = append(vals, f(k.RS.Board.Cells[i]))
	}
	if len(vals) == 0 {
		return ""
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	if lo == hi {
		return k.Money(lo)
	}
	return k.Money(lo) + " to " + k.Money(hi)
}

// PriceOf and BuildPriceOf are the usual arguments of PriceRange.
func PriceOf(c Cell) int64      { return c.Price }
func BuildPriceOf(c Cell) int64 { return c.BuildPrice }

// DeckNames lists the decks' names joined with "or".
func (k GuideKit) DeckNames() string {
	var names []string
	for _, d := range k.RS.Board.Decks {
		names = append(names, d.Name)
	}
	return strings.Join(names, " or ")
}

// GroupLetter is the letter the screen marks a cell's group with (A, B,
// ... in board order; tui/opoly's legend), or a space for a cell without
// a group.
func GroupLetter(c Cell) string {
	if c.Group < 0 {
		return " "
	}
	return string(rune('A' + c.Group))
}

// GroupLetters lists every group with its letter: "A Brown, B Light blue, ...".
func (k GuideKit) GroupLetters() string {
	var letters []string
	for i, g := range k.RS.Board.Groups {
		letters = append(letters, fmt.Sprintf("%c %s", 'A'+i, g.Name))
	}
	return strings.Join(letters, ", ")
}

// RentLadder lists the rents of the first cell of kind c (the ladder of a
// counted or dice group), each written by f with how many of the group the
// owner holds (1, 2, ...), joined with commas.
func (k GuideKit) RentLadder(c CellKind, f func(held int, rent int64) string) string {
	var out []string
	if cs := k.CellsOf(c); len(cs) > 0 {
		for i, r := range k.RS.Board.Cells[cs[0]].Rents {
			out = append(out, f(i+1, r))
		}
	}
	return strings.Join(out, ", ")
}

// EndLimits lists the round limits and the time limits (in minutes) of
// the ruleset's end modes, each joined with commas ("" when there are none).
func (k GuideKit) EndLimits() (rounds, minutes string) {
	var rs, ms []string
	for _, m := range k.RS.End.Modes {
		if r, ok := strings.CutPrefix(m, "rounds:"); ok {
			rs = append(rs, r)
		}
		if r, ok := strings.CutPrefix(m, "minutes:"); ok {
			ms = append(ms, r)
		}
	}
	return strings.Join(rs, ", "), strings.Join(ms, ", ")
}

// PublicLimitText is the end limit a table in the public lobby starts
// with, in words ("90 minutes", "40 rounds"), or "" when public tables
// start with the rules' own default (rules C-12: a text that states a
// default states both).
func (k GuideKit) PublicLimitText() string {
	switch p := k.RS.End.PublicLimit; {
	case p == "":
		return ""
	case k.RS.End.RoundLimits != nil:
		return p + " rounds"
	default:
		return EndModeText(p)
	}
}

// StartTable is the set-up table of a dealt start: for each seat count the
// start money and the cards dealt, under the headings cols. A column is as
// wide as its heading with the spaces after it, so the rows line up.
func (k GuideKit) StartTable(cols [3]string) string {
	var b strings.Builder
	b.WriteString("  " + strings.Join(cols[:], "") + "\n")
	for n := k.RS.MinSeats; n <= k.RS.MaxSeats; n++ {
		fmt.Fprintf(&b, "  %-*d%-*s%d\n", len(cols[0]), n, len(cols[1]), k.Money(k.RS.Start.Money[n]), k.RS.Start.Deal[n])
	}
	return b.String()
}

// BoardTable lists every cell in board order under intro and header, one
// row (or several lines) per cell written by row; trailing spaces are cut,
// so the lines stay within engine.GuideVerbatimWidth when row's do.
func (k GuideKit) BoardTable(intro, header string, row func(i int, c Cell) string) string {
	var b strings.Builder
	b.WriteString(intro + header + "\n")
	for i, c := range k.RS.Board.Cells {
		for _, l := range strings.Split(row(i, c), "\n") {
			b.WriteString(strings.TrimRight(l, " ") + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// CardList lists every deck's cards, each deck after the paragraph intro
// writes for it and a blank line: "- ID text effect" per card.
func (k GuideKit) CardList(intro func(d Deck) string) string {
	var b strings.Builder
	for di, d := range k.RS.Board.Decks {
		if di > 0 {
			b.WriteString("\n")
		}
		b.WriteString(intro(d) + "\n\n")
		for _, c := range d.Cards {
			fmt.Fprintf(&b, "- %s %s %s\n", c.ID, c.Text, c.Effect)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
