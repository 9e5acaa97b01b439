package billionaire

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
)

// barEntry is one action key of the map mode.
type barEntry struct {
	key, label string
	do         func()
}

// barEntries lists the keys of the actions the viewer can take now; an
// entry appears only when the engine lists a legal action of its kind.
func (r *Renderer) barEntries() []barEntry {
	var es []barEntry
	add := func(kind, k, label string, do func()) {
		if r.legalKind(kind) != nil {
			es = append(es, barEntry{k, label, do})
		}
	}
	add("choose", "c", "choose cards", r.openCards)
	add("forced_sell", "f", "sell a Lab for upkeep", func() { r.openPick("forced_sell") })
	add("acquire_lab", "a", "buy a Lab", func() { r.openPick("acquire_lab") })
	add("sell_lab", "s", "sell a Lab", func() { r.openPick("sell_lab") })
	add("select_work", "w", "select work", func() { r.openPick("select_work") })
	add("do_work", "d", "do work", func() { r.openPick("do_work") })
	add("stop_work", "x", "stop work", func() { r.openPick("stop_work") })
	add("accept", "y", "accept", func() { r.submit(bill.Accept{}) })
	add("decline", "n", "decline", func() { r.submit(bill.Decline{}) })
	add("end_zone", "e", "end visit", r.endVisit)
	add("resign", "R", "resign", func() {
		r.ask(bill.Resign{}, "Resign? You leave the game: your Labs are sold at 50%, your Work Items are dropped "+
			"without fees, and you rank last.")
	})
	return es
}

// mapKey handles a key in the map mode.
func (r *Renderer) mapKey(k tea.KeyMsg) {
	s := k.String()
	for _, e := range r.barEntries() {
		if e.key == s {
			e.do()
			return
		}
	}
	switch s {
	case "left", "right":
		d := 1
		if s == "left" {
			d = 2
		}
		r.zone, r.follow = (r.zone+d)%3, false
	case ".":
		r.follow, r.zone = true, r.v.Zone
	case "[", "]":
		n := len(r.v.Players)
		d := 1
		if s == "[" {
			d = n - 1
		}
		r.player = (r.shown() + d) % n
	case "v":
		r.details = !r.details
	}
}

// endVisit ends the visit, asking first when cards could still be played.
func (r *Renderer) endVisit() {
	me := r.me()
	playable := 0
	for _, l := range r.legal {
		switch l.Kind() {
		case "end_zone", "resign":
		default:
			playable++
		}
	}
	if me == nil || me.Hand == nil || playable == 0 {
		r.submit(bill.EndZone{})
		return
	}
	r.ask(bill.EndZone{}, fmt.Sprintf("End your visit to the %s zone? You still hold %s; "+
		"cards not played by the end of the West zone are lost for the round.", bill.ZoneName(r.v.Zone), handText(*me.Hand)))
}

// confirmState is a y/n question before an action.
type confirmState struct {
	question string
	action   engine.Action
	back     mode // where no goes back to
}

// ask opens a y/n question for a legal action.
func (r *Renderer) ask(a engine.Action, question string) {
	r.confirm = confirmState{question: question, action: a, back: r.mode}
	if r.confirm.back == modeConfirm {
		r.confirm.back = modeMap
	}
	r.mode = modeConfirm
}

func (r *Renderer) confirmKey(k tea.KeyMsg) {
	switch k.String() {
	case "y", "Y", "enter":
		a := r.confirm.action
		r.mode = modeMap
		if !r.submit(a) {
			r.mode = r.confirm.back
			if r.mode == modePick {
				r.pick.refresh(r)
				if len(r.pick.acts) == 0 {
					r.mode = modeMap
				}
			}
		}
	case "n", "N", "esc":
		r.mode = r.confirm.back
	}
}

// cardPicker is the secret choice of action cards (the viewer's 18
// cards, by type). It offers only a selection the engine lists as legal.
type cardPicker struct {
	n      [5]int
	cursor int
}

func (r *Renderer) openCards() {
	if r.legalKind("choose") == nil {
		return
	}
	r.cards = cardPicker{}
	r.mode = modeCards
}

// cardLimit is how many cards the viewer may choose this round.
func (r *Renderer) cardLimit() int {
	if me := r.me(); me != nil {
		return 1 + len(me.Labs)
	}
	return 0
}

func (r *Renderer) cardsKey(k tea.KeyMsg) {
	c := &r.cards
	switch k.String() {
	case "up", "k":
		c.cursor = (c.cursor + 4) % 5
	case "down", "j":
		c.cursor = (c.cursor + 1) % 5
	case "+", "right", "l", " ":
		c.n[c.cursor]++
		if r.find(chooseOf(c.n)) == nil {
			c.n[c.cursor]--
			r.err = fmt.Sprintf("At most %d cards this round (1 + your Labs), and %d %s cards.", r.cardLimit(),
				bill.CardCopies(c.cursor), bill.CardName(c.cursor))
		}
	case "-", "left", "h":
		if c.n[c.cursor] > 0 {
			c.n[c.cursor]--
		}
	case "enter":
		a := chooseOf(c.n)
		if r.find(a) == nil {
			r.err = "That selection is not allowed."
			return
		}
		r.ask(a, fmt.Sprintf("Lock in %s for round %d? Nobody sees them until you play them, and you "+
			"cannot change them this round.", handText(c.n), r.v.Round))
	case "esc":
		r.mode = modeMap
	}
}

func chooseOf(n [5]int) bill.Choose {
	return bill.Choose{Acquire: n[bill.CardAcquire], Sell: n[bill.CardSell], Select: n[bill.CardSelect],
		Work: n[bill.CardWork], Stop: n[bill.CardStop]}
}

// cardLines draw the picker: the viewer's 18 cards by type and how many
// are chosen.
func (r *Renderer) cardLines() []string {
	c := &r.cards
	total := 0
	for _, n := range c.n {
		total += n
	}
	out := []string{r.th.Accent.Render(fmt.Sprintf("Your secret choice for round %d: %d of at most %d cards",
		r.v.Round, total, r.cardLimit())),
		"    card          you hold chosen  what it does"}
	for t := 0; t < 5; t++ {
		mark := "  "
		if t == c.cursor {
			mark = "> "
		}
		chosen := "  "
		if c.n[t] > 0 {
			chosen = "* "
		}
		line := fmt.Sprintf("%s%s%-13s %8d %6d  %s", mark, chosen, bill.CardName(t), bill.CardCopies(t), c.n[t], cardUse(t))
		if t == c.cursor {
			line = r.th.Selected.Render(line)
		}
		out = append(out, line)
	}
	out = append(out, r.th.Subtle.Render("The others see only whether you have chosen. Unplayed cards stay secret."))
	return out
}

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
		"do_work":     {"Do Work: container, Labs (one Do Work card each), rings", "work"},
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
	p.acts = r.legalOf(p.kind)
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
			l.Type, r.place(a.Loc), r.money(l.Cost), r.capitalChange(-l.Cost), r.money(l.Upkeep))
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
	return fmt.Sprintf("C%d (%s back to the head of the queue, %d rings lost)", i+1, c.Item.Code, c.Rings)
}

// myItem finds one of the viewer's items and where it is.
func (r *Renderer) myItem(id int) (bill.Item, string) {
	me := r.me()
	if me == nil {
		return bill.Item{ID: id}, "?"
	}
	for i, c := range me.Containers {
		if c.Item != nil && c.Item.ID == id {
			return *c.Item, fmt.Sprintf("on C%d, %d rings", i+1, c.Rings)
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
		return fmt.Sprintf("%-13s %s %s cost %s, upkeep %s, cap %d, ovh %d", fitRunes(r.place(a.Loc), 13),
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
	host := ""
	if len(a.Labs) > 1 {
		host = ", container on " + r.place(a.Host)
	}
	return fmt.Sprintf("C%d %s %s %d/%d: %s%s %s rings", a.Container+1, it.Code, bill.ContinentCode(it.Customer),
		c.Rings, it.Duration, strings.Join(names, "+"), host, rings)
}

// pickLines draw the pick list in h lines, scrolled to keep the row in
// view.
func (r *Renderer) pickLines(h int) []string {
	p := &r.pick
	out := []string{r.th.Accent.Render(p.title)}
	rows := max(1, h-1)
	from := 0
	if p.idx >= rows {
		from = p.idx - rows + 1
	}
	for i := from; i < len(p.acts) && i < from+rows; i++ {
		line := "  " + r.pickRow(p.acts[i])
		if i == p.idx {
			line = r.th.Selected.Render("> " + r.pickRow(p.acts[i]))
		}
		out = append(out, line)
	}
	return out
}

// cardUse says in a few words what a card does, for the picker.
func cardUse(t int) string {
	switch t {
	case bill.CardAcquire:
		return "buy a Lab in the zone"
	case bill.CardSell:
		return "sell a zone Lab for 50%"
	case bill.CardSelect:
		return "draw 2 items, keep or drop"
	case bill.CardWork:
		return "a zone Lab works an item"
	case bill.CardStop:
		return "drop an item, pay its fee"
	}
	return ""
}
