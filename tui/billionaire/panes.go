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

// zoneTitle is the heading of a zone on the map: "East (AS, OC)", with
// "* active" on the zone the sun is over.
func (r *Renderer) zoneTitle(z int) string {
	var conts []string
	for _, l := range r.locs {
		if l.Zone == z && !slices.Contains(conts, bill.ContinentCode(l.Continent)) {
			conts = append(conts, bill.ContinentCode(l.Continent))
		}
	}
	t := fmt.Sprintf("%s zone (%s)", bill.ZoneName(z), strings.Join(conts, ", "))
	if r.v.Phase == bill.PhaseZone || r.v.Phase == bill.PhaseDecide {
		if z == r.v.Zone {
			t = "* " + t + " - active"
		} else if z < r.v.Zone {
			t += " - done"
		}
	}
	return t
}

// mapHeader is the column line of the map.
const mapHeader = " Location      Ct T Cost Upk Cap Ovh Own"

// mapRow is one location: own-Lab mark, name, continent, type, cost,
// upkeep, capacity, overhead, owner and marks (see Legend).
func (r *Renderer) mapRow(lv bill.LocationView) string {
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
	line := fmt.Sprintf("%s%-13s %-2s %s %4d %3d %3d %3d %s%s", own, fitRunes(r.place(lv.ID), 13),
		bill.ContinentCode(lv.Continent), lv.Type, lv.Cost, lv.Upkeep, lv.Capacity, lv.Overhead, owner, flags)
	if lv.Owner >= 0 {
		return r.th.Seat(lv.Owner).Render(line)
	}
	return line
}

// fitRunes cuts s to n runes.
func fitRunes(s string, n int) string {
	rs := []rune(s)
	if len(rs) > n {
		return string(rs[:n])
	}
	return s
}

// zoneLines is one zone of the map: title, and its six locations. They
// depend on the state alone, so they are drawn once per state (SetState
// clears the cache), not on every frame.
func (r *Renderer) zoneLines(z int) []string {
	if z < 0 || z >= len(r.zones) {
		return r.drawZone(z)
	}
	if r.zones[z] == nil {
		r.zones[z] = r.drawZone(z)
	}
	return r.zones[z]
}

func (r *Renderer) drawZone(z int) []string {
	title := r.zoneTitle(z)
	if z == r.v.Zone && (r.v.Phase == bill.PhaseZone || r.v.Phase == bill.PhaseDecide) {
		title = r.th.Accent.Render(title)
	} else {
		title = r.th.Bold.Render(title)
	}
	out := []string{title}
	for _, lv := range r.v.Locations {
		if lv.Zone == z {
			out = append(out, r.mapRow(lv))
		}
	}
	return out
}

// statusLine says the round, the active zone, the event and whose turn it
// is, most important first (it is cut at the right).
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

// playerHeader and playerRow are the money trail. wide adds the adjusted
// capital, upkeep and Labs by name.
func (r *Renderer) playerHeader(wide bool) string {
	if wide {
		return "   # player        capital L cards        adjusted upkeep"
	}
	return "   # player    capital L cards"
}

func (r *Renderer) playerRow(s int, wide bool) string {
	p := &r.v.Players[s]
	mark := " "
	if r.gs.Prompt.Awaits(s) {
		mark = ">"
	}
	shown := " "
	if s == r.shown() {
		shown = "*"
	}
	var cards string
	switch {
	case p.Out:
		cards = "out"
	case r.v.Phase == bill.PhaseSelect:
		cards = "chosen: no"
		if p.Chosen {
			cards = "chosen: yes"
		}
	case r.v.Phase == bill.PhaseOver:
		cards = "-"
	default:
		cards = fmt.Sprintf("%d left", p.HandCount)
	}
	name := r.name(s)
	if s == r.gs.Seat {
		name += " (you)"
	}
	var line string
	if wide {
		line = fmt.Sprintf("%s%s%d %-13s %7s %d %-11s %9s %6s", mark, shown, s+1, fitRunes(name, 13), r.money(p.Capital),
			len(p.Labs), cards, r.money(p.Adjusted), r.money(p.Upkeep))
	} else {
		line = fmt.Sprintf("%s%s%d %-9s %7s %d %s", mark, shown, s+1, fitRunes(name, 9), r.money(p.Capital), len(p.Labs), cards)
	}
	return r.th.Seat(s).Render(line)
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
	return fmt.Sprintf("%s: %s for %s, %d man-days, %s, %s, fee %s", it.Code, kind, bill.ContinentName(it.Customer),
		it.Duration, r.money(it.Revenue), risk, r.money(it.Fee))
}

// containerText is one Work Container: "C1 L-PD-HI-07 EU 12/80md @Toronto".
func (r *Renderer) containerText(i int, c bill.ContainerView) string {
	if c.Item == nil {
		return fmt.Sprintf("C%d empty", i+1)
	}
	at := "off"
	if c.Loc >= 0 {
		at = "@" + r.place(c.Loc)
	}
	return fmt.Sprintf("C%d %s %s %d/%dmd %s %s", i+1, c.Item.Code, bill.ContinentCode(c.Item.Customer),
		c.Rings, c.Item.Duration, at, r.money(c.Item.Revenue))
}

// companyLines describe one seat's company: Labs, containers, queue,
// payments and the projects to be paid tonight.
func (r *Renderer) companyLines(s int) []string {
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
		labs = append(labs, r.place(l.Loc))
	}
	head := title + ": no Labs"
	if len(labs) > 0 {
		head = fmt.Sprintf("%s: Labs %s (upkeep %s)", title, strings.Join(labs, ", "), r.money(p.Upkeep))
	}
	out := []string{r.th.Seat(s).Render(head)}
	for i, c := range p.Containers {
		out = append(out, " "+r.containerText(i, c))
	}
	if len(p.Containers) == 0 {
		out = append(out, " No Work Containers (one comes with each Lab)")
	}
	q := make([]string, len(p.Queue))
	for i, it := range p.Queue {
		q[i] = fmt.Sprintf("%s %s %dmd", it.Code, bill.ContinentCode(it.Customer), it.Duration)
	}
	out = append(out, fmt.Sprintf(" Queue %d/%d: %s", len(p.Queue), bill.QueueSize, orNone(q)))
	pay := make([]string, len(p.PPL))
	for i, e := range p.PPL {
		pay[i] = fmt.Sprintf("%s %dx%d", e.Item.Code, e.Payment, e.Left)
	}
	out = append(out, " Pay: "+orNone(pay))
	if len(p.Finished) > 0 {
		f := make([]string, len(p.Finished))
		for i, it := range p.Finished {
			f[i] = fmt.Sprintf("%s %s", it.Code, r.money(it.Revenue))
		}
		out = append(out, " Paid tonight: "+strings.Join(f, ", "))
	}
	return out
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
	case v.Phase == bill.PhaseDecide && len(v.Drawn) > 0:
		more := ""
		if len(v.Drawn) > 1 {
			more = fmt.Sprintf(" (%d more to decide)", len(v.Drawn)-1)
		}
		return r.th.Accent.Render("You drew "+v.Drawn[0].Code+more+".") + " " + r.acceptWhere()
	case v.Phase == bill.PhaseUpkeep && v.Debtor >= 0 && v.Debtor == r.gs.Seat:
		return r.th.Accent.Render("You cannot pay the upkeep of your Labs: f sells one at 50% of its cost.")
	case v.Phase == bill.PhaseDecide:
		return fmt.Sprintf("%s decides on %d drawn Work Item(s).", r.name(v.Current), v.DrawnCount)
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseSelect && me.Chosen:
		return "Your secret cards: " + handText(*me.Hand) + ". Waiting for the others to choose."
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseSelect:
		return r.th.Accent.Render(fmt.Sprintf("Choose your action cards in secret: up to %d (c).", 1+len(me.Labs)))
	case me != nil && me.Hand != nil && v.Phase == bill.PhaseZone && v.Current == r.gs.Seat && me.HandCount == 0:
		return r.th.Accent.Render("No cards left: e ends your visit.")
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
		return "It cannot be accepted (no room): n declines."
	}
	for i, c := range me.Containers {
		if c.Item == nil {
			return fmt.Sprintf("y: accept onto C%d, n: decline.", i+1)
		}
	}
	return "y: accept into the queue, n: decline."
}

// drawnLines describe the viewer's drawn Work Items still to decide, the
// first one to decide now.
func (r *Renderer) drawnLines() []string {
	v := r.v
	if v.Phase != bill.PhaseDecide || len(v.Drawn) == 0 {
		return nil
	}
	out := []string{r.th.Accent.Render("Drawn, only you see it: accept (y) or decline (n)")}
	for i, it := range v.Drawn {
		mark := "> "
		if i > 0 {
			mark = "  then "
		}
		out = append(out, mark+r.itemLong(it))
	}
	return out
}
