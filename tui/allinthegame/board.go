package allinthegame

import (
	"fmt"
	"strconv"
	"strings"

	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// The play screen gives the renderer 80x12 at 80x24 and about 107x45 at
// 160x50. The short layout is decided by what a player needs to decide:
// the round with the deck and the last-round warning, the event card, every
// project row, the players, the hand and every action at once (side by
// side); a question is drawn whole and takes the place of the event line,
// the players and the hand first, of project rows last. Text cut short
// ends with "…"; the whole of it is one key away (i, info.go).

// wideMin is the width from which desks show three-letter colour codes.
const wideMin = 104

// View implements tui.GameRenderer.
func (r *Renderer) View(w, h int) string {
	if r.v == nil {
		return tui.Block(r.th.Subtle.Render("Waiting for the game..."), w, h)
	}
	top := r.stack[len(r.stack)-1]
	if top.kind == stepInfo {
		return tui.Block(strings.Join(r.infoView(top, w, h), "\n"), w, h)
	}
	wide := w >= wideMin
	tall := h >= 24
	status := r.statusLines(w, tall)
	players := r.playerLines(w, tall)
	hand := r.handLines(w, tall)
	boardN := len(r.v.Projects) + boolN(tall, 1)
	spacers := boolN(tall, 2)
	need := r.menuNeed(w, !tall)
	free := func() int { return h - len(status) - len(players) - len(hand) - boardN - spacers }
	if free() < need && !tall && len(status) > 1 {
		status = status[:1] // the event line: the whole card is under i
	}
	if free() < need {
		spacers = 0
	}
	if free() < need && len(r.stack) > 1 {
		players = nil
	}
	if free() < need && top.kind == stepConfirm {
		hand = nil
	}
	if free() < need {
		boardN = max(1, boardN-(need-free()))
	}
	menu := r.menuLines(w, max(1, free()), !tall)
	all := append(status, r.boardLines(w, boardN, wide, tall)...)
	all = append(all, players...)
	if spacers > 0 {
		all = append(all, "")
	}
	all = append(all, hand...)
	if spacers > 0 {
		all = append(all, "")
	}
	all = append(all, menu...)
	return tui.Block(strings.Join(all, "\n"), w, h)
}

func boolN(b bool, n int) int {
	if b {
		return n
	}
	return 0
}

// columns are the widths of a project row's name, pays and due columns:
// the desks of the longest project and the pays and due texts get their
// room first, the name what is left (cut with "…"; whole under i).
func (r *Renderer) columns(w int, wide bool) (nameW, payW, dueW int) {
	cellW := 6
	if wide {
		cellW = 8
	}
	desks, names := 0, 0
	for _, p := range r.v.Projects {
		desks = max(desks, len(p.Desks))
		names = max(names, len([]rune(p.Name)))
		payW = max(payW, len(r.paysText(p, wide)))
		if p.Marker > 0 {
			dueW = max(dueW, len(r.dueText(p.Marker, wide)))
		}
	}
	nameW = w - 3 - 1 - payW - 1 - dueW - 1 - desks*cellW
	return min(max(nameW, 10), names), payW, dueW
}

// paysText is the scoring track in the order it pays: the rightmost
// consultant first (R002-17).
func (r *Renderer) paysText(p aitg.ProjectView, wide bool) string {
	if p.Empty {
		return ""
	}
	if p.Kind == aitg.KindInnovation {
		return aitg.Money(aitg.InnovationPay) + " each"
	}
	var xs []string
	for _, x := range p.Track {
		xs = append(xs, strconv.FormatInt(x, 10))
	}
	if wide {
		return "from right " + strings.Join(xs, " ")
	}
	return "right " + strings.Join(xs, " ")
}

// boardLines draws the projects in at most h lines; when they do not fit,
// a window shows the project of the desk picker's cursor.
func (r *Renderer) boardLines(w, h int, wide, tall bool) []string {
	v, th := r.v, r.th
	nameW, payW, dueW := r.columns(w, wide)
	var out []string
	if tall {
		due := ""
		if dueW > 0 {
			due = fmt.Sprintf(" %-*s", dueW, "Due")
		}
		out = append(out, th.Subtle.Render(tui.Fit(fmt.Sprintf(" # %-*s %-*s%s Desks (left to right)", nameW, "Project", payW, "Pays", due), w, th.Ellip)))
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
		out = append(out, r.projectLine(i, w, nameW, payW, dueW, wide, pick))
	}
	return out
}

func (r *Renderer) projectLine(i, w, nameW, payW, dueW int, wide bool, pick *step) string {
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
	line := fmt.Sprintf("%s%s %s %-*s ", mark, num, name, payW, r.paysText(p, wide))
	if dueW > 0 {
		due := r.dueText(p.Marker, wide)
		line += r.st.field[min(max(p.Marker, 0), aitg.MaxMarker)].Render(due) + strings.Repeat(" ", max(0, dueW-len(due))) + " "
	}
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
