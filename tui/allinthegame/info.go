package allinthegame

import (
	"fmt"
	"strings"

	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// The info page (key i) says in words, whole, everything the board shows
// in codes or cuts short at 80x24: the round and the decks, the last-round
// warning, the event card, this round's costs, every project with its full
// name, track, deadline and desks, the players and the viewer's hand. It
// scrolls and says so; esc or i closes it.

// infoKey scrolls or closes the info page.
func (r *Renderer) infoKey(top *step, ks string) {
	switch ks {
	case "esc", keyInfo, "q":
		r.stack = r.stack[:len(r.stack)-1]
	case "up", "k":
		top.scroll--
	case "down", "j", "enter", " ":
		top.scroll++
	case "pgup":
		top.scroll -= 8
	case "pgdown":
		top.scroll += 8
	case "home", "g":
		top.scroll = 0
	}
	top.scroll = max(0, top.scroll)
}

// infoView draws the page in h lines: a title line, then a window of the
// text with a line that says how much is above and below.
func (r *Renderer) infoView(top *step, w, h int) []string {
	th := r.th
	lines := r.infoLines(w)
	title := th.Bold.Render(tui.Fit("The table in words"+th.Bullet+"up/down: scroll"+th.Bullet+"esc or i: close", w, th.Ellip))
	room := h - 1
	if len(lines) <= room {
		top.scroll = 0
		return append([]string{title}, lines...)
	}
	room-- // the marker line
	top.scroll = min(top.scroll, len(lines)-room)
	shown := lines[top.scroll : top.scroll+room]
	marker := fmt.Sprintf("%s %d more lines above, %d below (up/down)", th.Ellip, top.scroll, len(lines)-room-top.scroll)
	return append(append([]string{title}, shown...), th.Subtle.Render(tui.Fit(marker, w, th.Ellip)))
}

// infoLines is the whole page, wrapped to width w.
func (r *Renderer) infoLines(w int) []string {
	v := r.v
	var out []string
	add := func(format string, args ...any) {
		out = append(out, strings.Split(tui.Wrap(fmt.Sprintf(format, args...), w), "\n")...)
	}
	add("Round %d of at most %d (one event card a round).", v.Round, v.MaxRounds)
	if warn := r.lastRound(false); warn != "" {
		add("%s", warn)
	}
	add("Decks: %d International Projects, %d event cards, %d Senior Consultants, %d Principals left.",
		v.IntlLeft, v.EventsLeft, v.SeniorDeck, v.PrincDeck)
	add("%s", r.eventText())
	if r.gs.Seat >= 0 {
		add("This round you pay: %s.", r.costsText())
	} else {
		add("This round: %s.", r.costsText())
	}
	out = append(out, "")
	add("Projects: desks from left to right; the rightmost consultant is paid first.")
	for i, p := range v.Projects {
		out = append(out, r.projectWords(i, p, w)...)
	}
	out = append(out, "")
	add("Players:")
	for _, p := range v.Players {
		var extra []string
		if p.Seat == v.Start {
			extra = append(extra, "start player")
		}
		if p.Seat == v.Turn && !v.Over {
			extra = append(extra, "to act")
		}
		if p.Passed && !p.Resigned {
			extra = append(extra, "passed")
		}
		if p.Resigned {
			extra = append(extra, "resigned")
		}
		if p.Seat == r.gs.Seat {
			extra = append(extra, "you")
		}
		tail := ""
		if len(extra) > 0 {
			tail = " (" + strings.Join(extra, ", ") + ")"
		}
		add("  %d %s: %s, %s in hand, %s left%s", p.Seat+1, r.name(p.Seat), aitg.Money(p.Dollars),
			plural(p.HandSize, "card"), plural(p.MovesLeft, "move"), tail)
	}
	if r.gs.Seat >= 0 && r.gs.Seat < len(v.Players) {
		add("Your hand: %s.", r.handText(false))
	}
	return out
}

// projectWords says one project in words.
func (r *Renderer) projectWords(i int, p aitg.ProjectView, w int) []string {
	num := fmt.Sprint(i + 1)
	if p.Kind == aitg.KindInnovation {
		num = "I"
	}
	if p.Empty {
		return strings.Split(tui.Wrap(num+"  (empty: no International Project was left to fill this place)", w), "\n")
	}
	head := fmt.Sprintf("%s  %s", num, p.Name)
	switch p.Kind {
	case aitg.KindInnovation:
		head += fmt.Sprintf(": pays %s to each consultant in the rewards, then they go back to their owners' hands; "+
			"it has as many desks as players, any colour, and never completes.", aitg.Money(aitg.InnovationPay))
	default:
		var xs []string
		for _, x := range p.Track {
			xs = append(xs, aitg.Money(x))
		}
		head += fmt.Sprintf(" (%s): pays %s, the rightmost consultant first.", p.Kind, strings.Join(xs, ", "))
		if p.Marker > 0 {
			head += fmt.Sprintf(" Deadline field %d of 5%s.", p.Marker, dueMeaning(p.Marker))
		}
	}
	var desks []string
	for d, dv := range p.Desks {
		who := "free"
		if dv.Owner >= 0 {
			who = r.name(dv.Owner) + "'s " + cardName(dv.Consultant, dv.Principal)
		}
		desks = append(desks, fmt.Sprintf("%d %s: %s", d+1, deskCode(dv), who))
	}
	out := strings.Split(tui.Wrap(head, w), "\n")
	return append(out, strings.Split(tui.Wrap("    desks: "+strings.Join(desks, "; "), w), "\n")...)
}

// dueMeaning says what a deadline field does (G002-06).
func dueMeaning(marker int) string {
	switch {
	case marker <= 2:
		return fmt.Sprintf(", green: completing it pays each consultant a %s bonus", aitg.Money(aitg.GreenBonus))
	case marker == 3:
		return ", yellow: no bonus, no penalty"
	case marker == 4:
		return fmt.Sprintf(", orange: in the rewards every player without a consultant on it pays %s", aitg.Money(aitg.PenaltyOrange))
	}
	return fmt.Sprintf(", red: in the rewards every player without a consultant on it pays %s", aitg.Money(aitg.PenaltyRed))
}
