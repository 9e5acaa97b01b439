package billionaire

import (
	"fmt"
	"slices"
	"strings"

	bill "boardroom/engine/billionaire"
)

// money writes an amount in M€ ("MEUR" on the ASCII theme).
func (r *Renderer) money(v int64) string {
	if r.th.ASCII {
		return fmt.Sprintf("%d MEUR", v)
	}
	return fmt.Sprintf("%d M€", v)
}

// arrow is the "before -> after" sign.
func (r *Renderer) arrow() string {
	if r.th.ASCII {
		return " -> "
	}
	return " → "
}

// place is a location's name, folded to ASCII on the ASCII theme.
func (r *Renderer) place(loc int) string {
	if loc < 0 || loc >= len(r.locs) {
		return "off the map"
	}
	n := r.locs[loc].Name
	if r.th.ASCII {
		n = strings.NewReplacer("ã", "a", "á", "a", "ó", "o", "é", "e").Replace(n)
	}
	return n
}

// seatTag is "P1".."P4".
func seatTag(s int) string { return fmt.Sprintf("P%d", s+1) }

// zoneTitle is the heading of a zone on the map: "East zone (AS, OC)",
// marked "*" and "active" on the zone the sun is over; the compact form
// names the units of the columns instead of the continents (the Ct
// column has them).
func (r *Renderer) zoneTitle(z int, full bool) string {
	t := bill.ZoneName(z) + " zone"
	if full {
		var conts []string
		for _, l := range r.locs {
			if l.Zone == z && !slices.Contains(conts, bill.ContinentCode(l.Continent)) {
				conts = append(conts, bill.ContinentCode(l.Continent))
			}
		}
		t += " (" + strings.Join(conts, ", ") + ")"
	}
	if r.v.Phase == bill.PhaseZone || r.v.Phase == bill.PhaseDecide {
		switch {
		case z == r.v.Zone:
			t = "* " + t + ", active"
		case z < r.v.Zone:
			t += ", done"
		default:
			t += ", later"
		}
	}
	if !full {
		t += " (M€, man-days)"
	}
	return t
}

// mapHeader is the column line of the map; the compact one leaves out
// the overhead, which the type gives (S 1, M 2, L 3 man-days).
func mapHeader(full bool) string {
	if full {
		return " Location      Ct T Cost Upk Cap Ovh Own"
	}
	return " Location      Ct T Cost Upk Cap Own"
}

// mapRow is one location: own-Lab mark, name, continent, type, cost,
// upkeep, capacity, overhead (full only), owner and marks (see Legend).
func (r *Renderer) mapRow(lv bill.LocationView, full bool) string {
	own := " "
	if lv.Owner >= 0 && lv.Owner == r.gs.Seat {
		own = "#"
	}
	owner := " ."
	if lv.Owner >= 0 {
		owner = seatTag(lv.Owner)
	}
	flags := ""
	if lv.Continent == r.v.Blocked {
		flags += "!"
	}
	if lv.Owner >= 0 {
		if lv.Bought == r.v.Round && r.v.Phase != bill.PhaseOver {
			flags += "+"
		}
		if p := r.seat(lv.Owner); p != nil && slices.Contains(p.Used, lv.ID) {
			flags += "u"
		}
	}
	ovh := ""
	if full {
		ovh = fmt.Sprintf(" %3d", lv.Overhead)
	}
	line := fmt.Sprintf("%s%-13s %-2s %s %4d %3d %3d%s %s%s", own, fitRunes(r.place(lv.ID), 13),
		bill.ContinentCode(lv.Continent), lv.Type, lv.Cost, lv.Upkeep, lv.Capacity, ovh, owner, flags)
	if lv.Owner >= 0 {
		return r.th.Seat(lv.Owner).Render(line)
	}
	return line
}

// fitRunes cuts s to n runes (the longest location, San Francisco, has 13).
func fitRunes(s string, n int) string {
	rs := []rune(s)
	if len(rs) > n {
		return string(rs[:n])
	}
	return s
}

// zoneLines is one zone of the map: title, (compact: the columns) and its
// six locations. They depend on the state alone, so they are drawn once
// per state (SetState clears the cache), not on every frame.
func (r *Renderer) zoneLines(z int, full bool) []string {
	f := 0
	if full {
		f = 1
	}
	if z < 0 || z >= len(r.zones[f]) {
		return r.drawZone(z, full)
	}
	if r.zones[f][z] == nil {
		r.zones[f][z] = r.drawZone(z, full)
	}
	return r.zones[f][z]
}

func (r *Renderer) drawZone(z int, full bool) []string {
	title := r.zoneTitle(z, full)
	if z == r.v.Zone && (r.v.Phase == bill.PhaseZone || r.v.Phase == bill.PhaseDecide) {
		title = r.th.Accent.Render(title)
	} else {
		title = r.th.Bold.Render(title)
	}
	out := []string{title}
	if !full {
		out = append(out, mapHeader(false))
	}
	for _, lv := range r.v.Locations {
		if lv.Zone == z {
			out = append(out, r.mapRow(lv, full))
		}
	}
	return out
}

// statusLine says the round, the active zone, whose visit it is and the
// event, most important first (it is cut at the right with "…").
func (r *Renderer) statusLine() string {
	v := r.v
	parts := []string{fmt.Sprintf("Round %d/%d", v.Round, v.MaxRounds)}
	switch v.Phase {
	case bill.PhaseUpkeep:
		parts = append(parts, "upkeep")
		if v.Debtor >= 0 {
			parts = append(parts, r.name(v.Debtor)+" must sell a Lab")
		}
	case bill.PhaseSelect:
		parts = append(parts, "secret choice of action cards")
	case bill.PhaseZone, bill.PhaseDecide:
		parts = append(parts, bill.ZoneName(v.Zone)+" zone")
		if v.Current >= 0 {
			parts = append(parts, r.name(v.Current)+"'s visit")
		}
	case bill.PhaseOver:
		parts = append(parts, "game over")
	}
	if v.Event != "" {
		parts = append(parts, fmt.Sprintf("%s closed (%s)", bill.ContinentName(v.Blocked), v.Event))
	}
	return strings.Join(parts, r.th.Bullet)
}

// playerWide is the width from which the money trail adds Labs and
// upkeep.
const playerWide = 60

// nameWidth is the name column of the money trail in a column of w cells.
func nameWidth(w int) int {
	if w >= playerWide {
		return 16
	}
	return max(6, w-28)
}

// playerHeader and playerRow are the money trail: every player's name,
// capital and adjusted capital (R003-19, what decides after the last
// round) and cards; from playerWide on also Labs and upkeep.
func (r *Renderer) playerHeader(w int) string {
	n := nameWidth(w)
	if w >= playerWide {
		return fmt.Sprintf("   # %-*s %7s L %-11s %9s %6s", n, "player", "capital", "cards", "adjusted", "upkeep")
	}
	return fmt.Sprintf("   # %-*s %7s %8s %s", n, "player", "capital", "adjusted", "cards")
}

func (r *Renderer) playerRow(s int, w int) string {
	p := &r.v.Players[s]
	mark := " "
	if r.gs.Prompt.Awaits(s) {
		mark = ">"
	}
	shown := " "
	if s == r.shown() {
		shown = "*"
	}
	wide := w >= playerWide
	var cards string
	switch {
	case p.Out:
		cards = "out"
	case r.v.Phase == bill.PhaseSelect && wide:
		cards = "chosen: no"
		if p.Chosen {
			cards = "chosen: yes"
		}
	case r.v.Phase == bill.PhaseSelect:
		cards = "no"
		if p.Chosen {
			cards = "yes"
		}
	case r.v.Phase == bill.PhaseOver:
		cards = "-"
	default:
		cards = fmt.Sprintf("%d left", p.HandCount)
		if !wide {
			cards = itoa(p.HandCount)
		}
	}
	n := nameWidth(w)
	name := r.name(s)
	if s == r.gs.Seat && len([]rune(name))+6 <= n {
		name += " (you)"
	}
	name = r.fit(name, n)
	var line string
	if wide {
		line = fmt.Sprintf("%s%s%d %-*s %7s %d %-11s %9s %6s", mark, shown, s+1, n, name, r.money(p.Capital),
			len(p.Labs), cards, r.money(p.Adjusted), r.money(p.Upkeep))
	} else {
		line = fmt.Sprintf("%s%s%d %-*s %7s %8s %s", mark, shown, s+1, n, name, r.money(p.Capital), r.money(p.Adjusted), cards)
	}
	return r.th.Seat(s).Render(line)
}

// orderLine is this round's turn order and, when capital was tied, the
// dice that decided it (G003-11).
func (r *Renderer) orderLine() string {
	v := r.v
	names := make([]string, len(v.Order))
	for k, s := range v.Order {
		names[k] = r.name(s)
	}
	line := "Turn order: " + strings.Join(names, ", ")
	if len(v.Rolls) > 0 {
		dice := make([]string, len(v.Rolls))
		for k, d := range v.Rolls {
			dice[k] = fmt.Sprintf("%s %d", r.name(d.Seat), d.Die)
		}
		line += " (tie broken by a die: " + strings.Join(dice, ", ") + ")"
	}
	return line
}

// itemLong is a Work Item in words, for the drawn cards and the pickers.
func (r *Renderer) itemLong(it bill.Item) string {
	kind := "project, paid once"
	if it.Product {
		kind = fmt.Sprintf("product, paid in %d rounds", it.Payments)
	}
	risk := "low risk"
	if it.HighRisk {
		risk = "high risk (a die per Lab)"
	}
	return fmt.Sprintf("%s: %s for %s, %d man-days, %s, %s, cancellation fee %s", it.Code, kind, bill.ContinentName(it.Customer),
		it.Duration, r.money(it.Revenue), risk, r.money(it.Fee))
}

// containerText is one Work Container: "C1 L-PD-HI-07 EU 12/80 md
// @Toronto 360 M€".
func (r *Renderer) containerText(i int, c bill.ContainerView) string {
	if c.Item == nil {
		return fmt.Sprintf("C%d empty", i+1)
	}
	at := "off the map"
	if c.Loc >= 0 {
		at = "@" + r.place(c.Loc)
	}
	return fmt.Sprintf("C%d %s %s %d/%d md %s %s", i+1, c.Item.Code, bill.ContinentCode(c.Item.Customer),
		c.Rings, c.Item.Duration, at, r.money(c.Item.Revenue))
}

// companyLines describe one seat's company, wrapped to w: Labs,
// containers, queue, payments and the projects to be paid tonight.
func (r *Renderer) companyLines(s, w int) []string {
	p := r.seat(s)
	if p == nil {
		return nil
	}
	title := r.name(s) + "'s company"
	if s == r.gs.Seat {
		title = "Your company"
	}
	var labs []string
	for _, l := range p.Labs {
		loc := r.locs[l.Loc]
		labs = append(labs, fmt.Sprintf("%s %s %s", r.place(l.Loc), bill.ContinentCode(loc.Continent), loc.Type))
	}
	head := title + ": no Labs"
	if p.Out {
		head = title + ": resigned"
	} else if len(labs) > 0 {
		head = fmt.Sprintf("%s: Labs %s; upkeep %s", title, strings.Join(labs, ", "), r.money(p.Upkeep))
	}
	out := []string{r.th.Seat(s).Render(head)}
	if p.Out {
		return wrap(out, w)
	}
	for i, c := range p.Containers {
		out = append(out, " "+r.containerText(i, c))
	}
	if len(p.Containers) == 0 {
		out = append(out, " No Work Containers yet (one per Lab)")
	}
	q := make([]string, len(p.Queue))
	for i, it := range p.Queue {
		q[i] = fmt.Sprintf("%s %s %d md", it.Code, bill.ContinentCode(it.Customer), it.Duration)
	}
	out = append(out, fmt.Sprintf(" Queue %d/%d: %s", len(p.Queue), bill.QueueSize, orNone(q)))
	pay := make([]string, len(p.PPL))
	for i, e := range p.PPL {
		pay[i] = fmt.Sprintf("%s %s, %d left", e.Item.Code, r.money(e.Payment), e.Left)
	}
	out = append(out, " Payments: "+orNone(pay))
	if len(p.Finished) > 0 {
		f := make([]string, len(p.Finished))
		for i, it := range p.Finished {
			f[i] = fmt.Sprintf("%s %s", it.Code, r.money(it.Revenue))
		}
		out = append(out, " Paid tonight: "+strings.Join(f, ", "))
	}
	return wrap(out, w)
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, ", ")
}

// handText is the viewer's own secret cards: "1 Acquire Lab, 1 Do Work".
func handText(h [5]int) string {
	var parts []string
	for t, n := range h {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, bill.CardName(t)))
		}
	}
	if len(parts) == 0 {
		return "no cards"
	}
	return strings.Join(parts, ", ")
}

// infoLine is the line above the key bar: the last refusal, the drawn
// Work Item to decide, the viewer's secret cards, or the end.
func (r *Renderer) infoLine() string {
	v := r.v
	me := r.me()
	switch {
	case r.err != "":
		return r.th.Error.Render(r.err)
	case v.Phase == bill.PhaseOver:
		return r.th.Accent.Render(v.EndReason)
	case r.resigned():
		return r.th.Accent.Render("You resigned: you watch the rest of the game.")
	case r.zone != v.Zone && (v.Phase == bill.PhaseZone || v.Phase == bill.PhaseDecide):
		return r.th.Accent.Render(fmt.Sprintf("You look at the %s zone; the sun is over the %s zone (. goes back).",
			bill.ZoneName(r.zone), bill.ZoneName(v.Zone)))
	case v.Phase == bill.PhaseDecide && len(v.Drawn) > 0:
		return r.th.Accent.Render("Accept (y) or decline (n) " + v.Drawn[0].Code + ".")
	case v.Phase == bill.PhaseUpkeep && v.Debtor >= 0 && v.Debtor == r.gs.Seat:
		return r.th.Accent.Render("You cannot pay the upkeep of your Labs: f sells one at 50% of its cost.")
	case v.Phase == bill.PhaseDecide:
		return fmt.Sprintf("%s decides on %d drawn %s.", r.name(v.Current), v.DrawnCount, plural(v.DrawnCount, "Work Item"))
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseSelect && me.Chosen:
		return "Your secret cards: " + handText(*me.Hand) + ". Waiting for the others to choose."
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseSelect:
		n := 1 + len(me.Labs)
		return r.th.Accent.Render(fmt.Sprintf("Choose your action cards in secret: up to %d %s (c).", n, plural(n, "card")))
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseZone && v.Current == r.gs.Seat:
		return r.th.Accent.Render("Your visit. Your cards: " + handText(*me.Hand) + ".")
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseZone && me.HandCount == 0:
		return "You have played your cards: the next round's choice comes after the West zone."
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseZone:
		return "Your cards left: " + handText(*me.Hand) + "."
	}
	return ""
}

// acceptWhere says where an accepted item goes.
func (r *Renderer) acceptWhere() string {
	me := r.me()
	if me == nil {
		return ""
	}
	if r.legalKind("accept") == nil {
		return "It cannot be accepted (no free container, the queue is full): n declines."
	}
	for i, c := range me.Containers {
		if c.Item == nil {
			return fmt.Sprintf("y accepts it onto Work Container C%d, n declines it.", i+1)
		}
	}
	return fmt.Sprintf("y accepts it into the Work Queue (%d/%d), n declines it.", len(me.Queue), bill.QueueSize)
}

// drawnLines describe the viewer's drawn Work Items still to decide, the
// first one to decide now, wrapped to w.
func (r *Renderer) drawnLines(w int) []string {
	v := r.v
	if v.Phase != bill.PhaseDecide || len(v.Drawn) == 0 {
		return nil
	}
	out := []string{r.th.Accent.Render("You drew, only you see it:") + " " + r.acceptWhere()}
	for i, it := range v.Drawn {
		mark := "> now: "
		if i > 0 {
			mark = "  then: "
		}
		out = append(out, mark+r.itemLong(it))
	}
	return wrap(out, w)
}
