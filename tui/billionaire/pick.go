package billionaire

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
	"boardroom/tui"
)

// The pick lists: every row is one of the engine's legal actions of one
// kind, so the lists offer exactly what the rules allow. Rows that spend
// or raise money, or give up a Lab, lead to a y/n question.

// pickState is a list of the legal actions of one kind.
type pickState struct {
	kind, title, verb string
	acts              []engine.Action
	idx               int
}

func (r *Renderer) openPick(kind string) {
	titles := map[string][2]string{
		"acquire_lab": {"Buy a Lab in the " + bill.ZoneName(r.v.Zone) + " zone", "buy"},
		"sell_lab":    {"Sell a Lab (50% of its cost) and lose a Work Container", "sell"},
		"forced_sell": {"You cannot pay the upkeep: sell a Lab (50%) and lose a Work Container", "sell"},
		"select_work": {"Select Work: the stacks of your two draws", "draw"},
		"do_work":     {"Do Work: container, Labs (one Do Work card each), man-days added", "work"},
		"stop_work":   {"Stop Work: drop an item for its cancellation fee", "stop"},
	}
	t := titles[kind]
	r.pick = pickState{kind: kind, title: t[0], verb: t[1]}
	r.pick.refresh(r)
	if len(r.pick.acts) > 0 {
		r.mode = modePick
	}
}

// refresh reloads the list from the legal actions, keeping the row.
func (p *pickState) refresh(r *Renderer) {
	p.acts = tui.AllOfKind(r.legal, p.kind)
	p.idx = max(0, min(p.idx, len(p.acts)-1))
}

func (r *Renderer) pickKey(k tea.KeyMsg) {
	p := &r.pick
	switch k.String() {
	case "up", "k":
		if p.idx > 0 {
			p.idx--
		}
	case "down", "j":
		if p.idx < len(p.acts)-1 {
			p.idx++
		}
	case "enter":
		if p.idx >= len(p.acts) {
			return
		}
		a := p.acts[p.idx]
		if q := r.moneyQuestion(a); q != "" {
			r.ask(a, q)
			return
		}
		if r.submit(a) {
			r.mode = modeMap
		}
	case "esc":
		r.mode = modeMap
	}
}

// capitalChange says what delta does to the viewer's capital.
func (r *Renderer) capitalChange(delta int64) string {
	var c int64
	if me := r.me(); me != nil {
		c = me.Capital
	}
	return "capital " + r.money(c) + r.arrow() + r.money(c+delta)
}

// moneyQuestion is the y/n question of an action that spends or raises
// money or gives up a Lab, or "" for one that needs none.
func (r *Renderer) moneyQuestion(a engine.Action) string {
	switch a := a.(type) {
	case bill.AcquireLab:
		l := r.locs[a.Loc]
		return fmt.Sprintf("Buy the %s Lab in %s for %s? %s; upkeep %s a round; it works from the next round.",
			bill.SizeName(l.Type), r.place(a.Loc), r.money(l.Cost), r.capitalChange(-l.Cost), r.money(l.Upkeep))
	case bill.SellLab:
		return r.sellQuestion(a.Lab, a.Container, "Sell")
	case bill.ForcedSell:
		return r.sellQuestion(a.Lab, a.Container, "Sell (upkeep)")
	case bill.StopWork:
		it, where := r.myItem(a.Item)
		return fmt.Sprintf("Stop %s (%s) and pay its cancellation fee of %s? %s.", it.Code, where, r.money(it.Fee),
			r.capitalChange(-it.Fee))
	}
	return ""
}

func (r *Renderer) sellQuestion(lab, container int, verb string) string {
	x := r.locs[lab].Cost / 2
	return fmt.Sprintf("%s your Lab in %s for %s and lose %s? %s.", verb, r.place(lab), r.money(x),
		r.lostContainer(container), r.capitalChange(x))
}

// lostContainer says what losing a container means.
func (r *Renderer) lostContainer(i int) string {
	me := r.me()
	if me == nil || i < 0 || i >= len(me.Containers) {
		return fmt.Sprintf("C%d", i+1)
	}
	c := me.Containers[i]
	if c.Item == nil {
		return fmt.Sprintf("C%d (empty)", i+1)
	}
	return fmt.Sprintf("C%d (%s back to the head of the queue, its %s of work lost)", i+1, c.Item.Code,
		bill.Plural(int(c.Rings), "man-day"))
}

// myItem finds one of the viewer's items and where it is.
func (r *Renderer) myItem(id int) (bill.Item, string) {
	me := r.me()
	if me == nil {
		return bill.Item{ID: id}, "?"
	}
	for i, c := range me.Containers {
		if c.Item != nil && c.Item.ID == id {
			return *c.Item, fmt.Sprintf("on C%d, %d of %d man-days done", i+1, c.Rings, c.Item.Duration)
		}
	}
	for i, it := range me.Queue {
		if it.ID == id {
			return it, fmt.Sprintf("queue place %d", i+1)
		}
	}
	return bill.Item{ID: id}, "?"
}

// pickRow is one row of a pick list.
func (r *Renderer) pickRow(a engine.Action) string {
	stack := func(s int) string { return [2]string{"small", "large"}[s] }
	switch a := a.(type) {
	case bill.AcquireLab:
		l := r.locs[a.Loc]
		return fmt.Sprintf("%-13s %s %s cost %s, upkeep %s, capacity %d md, overhead %d md", fitRunes(r.place(a.Loc), 13),
			bill.ContinentCode(l.Continent), l.Type, r.money(l.Cost), r.money(l.Upkeep), l.Capacity, l.Overhead)
	case bill.SellLab:
		return fmt.Sprintf("%s +%s, lose %s", r.place(a.Lab), r.money(r.locs[a.Lab].Cost/2), r.lostContainer(a.Container))
	case bill.ForcedSell:
		return fmt.Sprintf("%s +%s, lose %s", r.place(a.Lab), r.money(r.locs[a.Lab].Cost/2), r.lostContainer(a.Container))
	case bill.SelectWork:
		return fmt.Sprintf("first from the %s stack, then from the %s stack", stack(a.First), stack(a.Second))
	case bill.StopWork:
		it, where := r.myItem(a.Item)
		return fmt.Sprintf("%s (%s): fee %s", it.Code, where, r.money(it.Fee))
	case bill.DoWork:
		return r.workRow(a)
	}
	return a.Kind()
}

// workRow previews a Do Work: the item, the Labs and the rings it adds.
func (r *Renderer) workRow(a bill.DoWork) string {
	me := r.me()
	if me == nil || a.Container >= len(me.Containers) || me.Containers[a.Container].Item == nil {
		return "?"
	}
	c := me.Containers[a.Container]
	it := *c.Item
	names := make([]string, len(a.Labs))
	for k, l := range a.Labs {
		names[k] = r.place(l)
	}
	lo, hi := bill.WorkRange(a.Labs, a.Host, c.Loc, it)
	rings := fmt.Sprintf("+%d", lo)
	if hi != lo {
		rings = fmt.Sprintf("+%d to %d (dice)", lo, hi)
	}
	rings += " md"
	host := ""
	if len(a.Labs) > 1 {
		host = ", container on " + r.place(a.Host)
	}
	return fmt.Sprintf("C%d %s %s %d/%d md: %s%s %s", a.Container+1, it.Code, bill.ContinentCode(it.Customer),
		c.Rings, it.Duration, strings.Join(names, "+"), host, rings)
}

// pickLines draw the pick list in h lines of width w, scrolled to keep
// the row in view, with a line saying how many rows are above or below.
func (r *Renderer) pickLines(w, h int) []string {
	p := &r.pick
	out := []string{r.th.Accent.Render(p.title)}
	rows := max(1, h-1)
	if len(p.acts) > rows {
		rows = max(1, rows-2) // room for the "more" lines above and below
	}
	from := 0
	if p.idx >= rows {
		from = p.idx - rows + 1
	}
	to := min(len(p.acts), from+rows)
	if len(p.acts) > max(1, h-1) {
		out = append(out, r.th.Subtle.Render(fmt.Sprintf("%s %d more above", r.upMark(), from)))
	}
	for i := from; i < to; i++ {
		line := r.fit("  "+r.pickRow(p.acts[i]), w)
		if i == p.idx {
			line = r.th.Selected.Render(r.fit("> "+r.pickRow(p.acts[i]), w))
		}
		out = append(out, line)
	}
	if len(p.acts) > max(1, h-1) {
		out = append(out, r.th.Subtle.Render(fmt.Sprintf("%s %d more below", r.moreMark(), len(p.acts)-to)))
	}
	return out
}

// upMark starts a "more above" line: an arrow up, "^" on the ASCII theme.
func (r *Renderer) upMark() string {
	if r.th.ASCII {
		return "^"
	}
	return "↑"
}
