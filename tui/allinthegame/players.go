package allinthegame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// playerLines: one line for everyone on a short screen, one per player on
// a tall one. > marks whose action it is. On the one line the dollars,
// hand sizes, moves and who passed come first; the names share what is
// left (whole under i).
func (r *Renderer) playerLines(w int, tall bool) []string {
	v, th := r.v, r.th
	if tall {
		var lines []string
		for _, p := range v.Players {
			mark := " "
			if p.Seat == v.Turn && !v.Over {
				mark = ">"
			}
			status := ""
			switch {
			case p.Resigned:
				status = " resigned"
			case p.Passed:
				status = " passed"
			}
			you := ""
			if p.Seat == r.gs.Seat {
				you = " (you)"
			}
			line := fmt.Sprintf("%s %d %-16s %6s   hand %d   moves left %d%s%s", mark, p.Seat+1, r.name(p.Seat), aitg.Money(p.Dollars),
				p.HandSize, p.MovesLeft, status, you)
			if p.Seat == v.Start {
				line += "   start player"
			}
			line = tui.Fit(line, w, th.Ellip)
			if mark == ">" {
				line = th.Accent.Render(line)
			}
			lines = append(lines, line)
		}
		return lines
	}
	type part struct{ head, tail string }
	var parts []part
	fixed := len(v.Players) - 1 // the spaces between players
	for _, p := range v.Players {
		mark := " "
		if p.Seat == v.Turn && !v.Over {
			mark = ">"
		}
		tail := fmt.Sprintf(" %s h%d m%d", aitg.Money(p.Dollars), p.HandSize, p.MovesLeft)
		switch {
		case p.Resigned:
			tail = fmt.Sprintf(" %s resigned", aitg.Money(p.Dollars))
		case p.Passed:
			tail = fmt.Sprintf(" %s h%d passed", aitg.Money(p.Dollars), p.HandSize)
		}
		pt := part{head: fmt.Sprintf("%s%d ", mark, p.Seat+1), tail: tail}
		fixed += len(pt.head) + len(pt.tail)
		parts = append(parts, pt)
	}
	nameW := min(16, max(3, (w-fixed)/max(1, len(parts))))
	var out []string
	for i, pt := range parts {
		out = append(out, pt.head+th.Seat(v.Players[i].Seat).Render(tui.Fit(r.name(v.Players[i].Seat), nameW, th.Ellip))+pt.tail)
	}
	return []string{tui.Fit(strings.Join(out, " "), w, th.Ellip)}
}

// handLines: the viewer's own hand (nobody else's is ever in the view).
func (r *Renderer) handLines(w int, tall bool) []string {
	v, th := r.v, r.th
	if r.gs.Seat < 0 || r.gs.Seat >= len(v.Players) {
		return []string{th.Subtle.Render(tui.Fit("Spectating: every hand is hidden; h is how many cards each player holds.", w, th.Ellip))}
	}
	line := th.Bold.Render("Your hand: ") + r.handText(true)
	if ansi.StringWidth(line) > w {
		line = th.Bold.Render("Your hand: ") + r.handByRank()
	}
	if tall {
		line += th.Subtle.Render("   (this round: " + r.costsText() + ")")
	}
	return []string{tui.Fit(line, w, th.Ellip)}
}

// handText lists the viewer's hand, in colour when styled.
func (r *Renderer) handText(styled bool) string {
	var cards []string
	for _, h := range r.v.Hand {
		c := cardName(h.Colour, h.Principal)
		if styled {
			c = r.st.colour[h.Colour].Render(c)
		}
		if h.Count > 1 {
			c += " x" + strconv.Itoa(h.Count)
		}
		cards = append(cards, c)
	}
	if len(cards) == 0 {
		return "empty"
	}
	return strings.Join(cards, ", ")
}

// handByRank is the hand in fewer columns, for a big hand on a short
// screen: "Seniors: DEV, SEC x2 · Principals: BIZ".
func (r *Renderer) handByRank() string {
	var groups []string
	for _, isP := range []bool{false, true} {
		var cards []string
		for _, h := range r.v.Hand {
			if h.Principal != isP {
				continue
			}
			c := r.st.colour[h.Colour].Render(aitg.ColourCode(h.Colour))
			if h.Count > 1 {
				c += " x" + strconv.Itoa(h.Count)
			}
			cards = append(cards, c)
		}
		if len(cards) > 0 {
			groups = append(groups, map[bool]string{false: "Seniors: ", true: "Principals: "}[isP]+strings.Join(cards, ", "))
		}
	}
	return strings.Join(groups, r.th.Bullet)
}
