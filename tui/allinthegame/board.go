package allinthegame

import (
	"fmt"
	"strconv"
	"strings"

	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// The play screen gives the renderer 80x12 at 80x24 and about 107x45 at
// 160x50. Every line must fit: the projects come first (at most six rows
// at 80 columns), then the players on one line, the hand, and the menu
// with at least three lines; on a tall screen there is a header row, one
// line per player and room to spare.

// wideMin is the width from which desks show three-letter colour codes.
const wideMin = 104

// View implements tui.GameRenderer.
func (r *Renderer) View(w, h int) string {
	if r.v == nil {
		return tui.Block(r.th.Subtle.Render("Waiting for the game..."), w, h)
	}
	wide := w >= wideMin
	tall := h >= 24
	var top, bottom []string
	top = append(top, r.statusLines(w, tall)...)
	players := r.playerLines(w, tall)
	hand := r.handLines(w, tall)
	menuH := max(3, h-len(top)-len(players)-len(hand)-len(r.v.Projects)-boolN(tall, 3))
	menu := r.menuLines(w, menuH)
	bottom = append(bottom, players...)
	if tall {
		bottom = append(bottom, "")
	}
	bottom = append(bottom, hand...)
	if tall {
		bottom = append(bottom, "")
	}
	bottom = append(bottom, menu...)
	projH := max(1, h-len(top)-len(bottom))
	board := r.boardLines(w, projH, wide, tall)
	all := append(append(top, board...), bottom...)
	return tui.Block(strings.Join(all, "\n"), w, h)
}

func boolN(b bool, n int) int {
	if b {
		return n
	}
	return 0
}

// statusLines: the round, the event card, what is left of the decks.
func (r *Renderer) statusLines(w int, tall bool) []string {
	v, th := r.v, r.th
	round := fmt.Sprintf("Round %d/%d", v.Round, v.MaxRounds)
	if v.LastRound {
		round += " LAST ROUND"
	}
	ev := "no event card"
	if v.Event != nil {
		ev = "Event " + v.Event.ID + " " + v.Event.Name + ": " + v.Event.Text
	}
	if !tall {
		return []string{tui.Fit(th.Bold.Render(round)+th.Bullet+ev, w, th.Ellip)}
	}
	decks := fmt.Sprintf("Decks: %d Seniors, %d Principals, %d International Projects, %d event cards left",
		v.SeniorDeck, v.PrincDeck, v.IntlLeft, v.EventsLeft)
	out := []string{tui.Fit(th.Bold.Render(round)+th.Bullet+decks, w, th.Ellip)}
	for _, l := range strings.Split(tui.Wrap(ev, w), "\n") {
		out = append(out, th.Accent.Render(l))
	}
	return append(out, "")
}

// boardLines draws the projects in at most h lines; when they do not fit,
// a window shows the project of the desk picker's cursor.
func (r *Renderer) boardLines(w, h int, wide, tall bool) []string {
	v, th := r.v, r.th
	nameW, dueW := 20, 7
	if wide {
		nameW, dueW = 29, 12
	}
	var out []string
	if tall {
		out = append(out, th.Subtle.Render(tui.Fit(fmt.Sprintf(" # %-*s %-9s %-*s Desks", nameW, "Project", "Pays", dueW, "Due"), w, th.Ellip)))
		h--
	}
	pick := r.deskPicker()
	focus := -1
	if pick != nil {
		focus = pick.items[pick.cursor].desk.project
	}
	first := 0
	if n := len(v.Projects); n > h && h > 0 {
		if focus >= h {
			first = min(focus-h+1, n-h)
		}
	}
	for i := first; i < len(v.Projects) && i < first+max(h, 0); i++ {
		out = append(out, r.projectLine(i, w, nameW, dueW, wide, pick))
	}
	return out
}

func (r *Renderer) projectLine(i, w, nameW, dueW int, wide bool, pick *step) string {
	th := r.th
	p := r.v.Projects[i]
	mark := " "
	if pick != nil && pick.items[pick.cursor].desk.project == i {
		mark = ">"
	}
	num := strconv.Itoa(i + 1)
	if p.Kind == aitg.KindInnovation {
		num = "I"
	}
	if p.Empty {
		return tui.Fit(mark+num+" "+th.Subtle.Render("(empty: no International Project left)"), w, th.Ellip)
	}
	name := tui.Fit(p.Name, nameW, th.Ellip)
	name += strings.Repeat(" ", max(0, nameW-len([]rune(name))))
	var pays string
	if p.Kind == aitg.KindInnovation {
		pays = "$1 each"
	} else {
		var xs []string
		for _, x := range p.Track {
			xs = append(xs, strconv.FormatInt(x, 10))
		}
		pays = strings.Join(xs, " ")
	}
	due := r.dueText(p.Marker, wide)
	dueStyled := r.st.field[min(max(p.Marker, 0), aitg.MaxMarker)].Render(due)
	line := fmt.Sprintf("%s%s %s %-9s %s%s ", mark, num, name, pays, dueStyled, strings.Repeat(" ", max(0, dueW-len(due))))
	var desks []string
	for d := range p.Desks {
		desks = append(desks, r.deskCell(i, d, wide, pick))
	}
	return tui.Fit(line+strings.Join(desks, ""), w, th.Ellip)
}

// dueText is the deadline column: "3/5", "1/5 +3", "4/5 -6".
func (r *Renderer) dueText(marker int, wide bool) string {
	if marker <= 0 {
		return ""
	}
	s := fmt.Sprintf("%d/5", marker)
	switch {
	case marker <= 2:
		s += " +" + moneyIf(wide, aitg.GreenBonus)
	case marker == 4:
		s += " -" + moneyIf(wide, aitg.PenaltyOrange)
	case marker >= 5:
		s += " -" + moneyIf(wide, aitg.PenaltyRed)
	}
	if wide {
		s = "field " + s[:1] + s[3:]
	}
	return s
}

func moneyIf(wide bool, x int64) string {
	if wide {
		return aitg.Money(x)
	}
	return strconv.FormatInt(x, 10)
}

// deskCell draws one desk: [D*2P] (wide: [DEV*2P]); a desk the picker
// offers is in round brackets, the chosen one between > and <.
func (r *Renderer) deskCell(i, d int, wide bool, pick *step) string {
	th := r.th
	dv := r.v.Projects[i].Desks[d]
	code := aitg.ColourCode(dv.Colour)
	if !wide {
		code = code[:1]
	}
	letter := code
	if dv.Colour >= 0 && dv.Colour < aitg.NumColours {
		letter = r.st.code[boolInt(wide)][dv.Colour]
	}
	star := " "
	if dv.PrincipalOnly {
		star = "*"
	}
	occ := ".."
	if dv.Owner >= 0 && dv.Owner < maxSeats {
		occ = r.st.occupant[dv.Owner][boolInt(dv.Principal)]
	}
	open, shut := "[", "]"
	if pick != nil {
		for k, it := range pick.items {
			if it.desk == (deskRef{i, d}) {
				open, shut = "(", ")"
				if k == pick.cursor {
					return th.Selected.Render(">" + code + star + strip(occ) + "<")
				}
			}
		}
	}
	return open + letter + star + occ + shut
}

// strip removes styling from a short cell part (the cursor cell is drawn
// in one style).
func strip(s string) string {
	var b strings.Builder
	in := false
	for _, c := range s {
		switch {
		case c == 0x1b:
			in = true
		case in && c == 'm':
			in = false
		case !in:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// playerLines: one line for everyone on a short screen, one per player on
// a tall one. > marks whose action it is.
func (r *Renderer) playerLines(w int, tall bool) []string {
	v, th := r.v, r.th
	var parts, lines []string
	for _, p := range v.Players {
		mark := " "
		if p.Seat == v.Turn && !v.Over {
			mark = ">"
		}
		name := r.name(p.Seat)
		if !tall {
			name = tui.Fit(name, 7, th.Ellip)
		}
		status := ""
		switch {
		case p.Resigned:
			status = " resigned"
		case p.Passed:
			status = " passed"
		}
		if tall {
			you := ""
			if p.Seat == r.gs.Seat {
				you = " (you)"
			}
			line := fmt.Sprintf("%s %d %-16s %6s   hand %d   moves left %d%s%s", mark, p.Seat+1, name, aitg.Money(p.Dollars),
				p.HandSize, p.MovesLeft, status, you)
			if p.Seat == v.Start {
				line += "   start player"
			}
			line = tui.Fit(line, w, th.Ellip)
			if mark == ">" {
				line = th.Accent.Render(line)
			}
			lines = append(lines, line)
			continue
		}
		part := fmt.Sprintf("%s%d %s %s h%d m%d%s", mark, p.Seat+1, th.Seat(p.Seat).Render(name), aitg.Money(p.Dollars), p.HandSize, p.MovesLeft, status)
		parts = append(parts, part)
	}
	if tall {
		return lines
	}
	return []string{tui.Fit(strings.Join(parts, " "), w, th.Ellip)}
}

// handLines: the viewer's own hand (nobody else's is ever in the view).
func (r *Renderer) handLines(w int, tall bool) []string {
	v, th := r.v, r.th
	if r.gs.Seat < 0 || r.gs.Seat >= len(v.Players) {
		return []string{th.Subtle.Render(tui.Fit("Spectating: the hands are hidden; the players list shows how many cards each holds.", w, th.Ellip))}
	}
	var cards []string
	for _, h := range v.Hand {
		c := r.st.colour[h.Colour].Render(cardName(h.Colour, h.Principal))
		if h.Count > 1 {
			c += " x" + strconv.Itoa(h.Count)
		}
		cards = append(cards, c)
	}
	text := "empty"
	if len(cards) > 0 {
		text = strings.Join(cards, ", ")
	}
	line := th.Bold.Render("Your hand: ") + text
	if tall {
		line += th.Subtle.Render(fmt.Sprintf("   (Train %s, Promote %s, Recruit %s this round)",
			aitg.Money(v.TrainCost), aitg.Money(v.PromoteCost), aitg.Money(v.RecruitCost)))
	}
	return []string{tui.Fit(line, w, th.Ellip)}
}
