package billionaire

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
	"boardroom/tui"
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
	add("resign", "R", "resign", func() { r.ask(bill.Resign{}, r.resignQuestion()) })
	return es
}

// resignQuestion says what resigning does, with the score it leaves.
func (r *Renderer) resignQuestion() string {
	q := "Resign? You leave the game for good: your Labs are sold at 50%, your Work Items are dropped without " +
		"fees, and you rank last."
	if me := r.me(); me != nil {
		q += fmt.Sprintf(" Your score: your adjusted capital now, %s.", r.money(me.Adjusted))
	}
	return q
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
	// The key of a held card that cannot be played says why.
	for t, ck := range cardKeys {
		if ck == s {
			if why := r.blocked(t); why != "" {
				r.err = bill.CardName(t) + " cannot be played: " + why + "."
			}
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
		r.player, r.scroll = (r.shown()+d)%n, 0
	case "v":
		r.details, r.scroll = !r.details, 0
	case "up", "k":
		r.scroll = max(0, r.scroll-1)
	case "down", "j":
		r.scroll++ // View stops it at the end
	}
}

// endVisit ends the visit, asking first when cards could still be played.
func (r *Renderer) endVisit() {
	me := r.me()
	playable := 0
	for _, l := range r.legal {
		switch l.Kind() {
		case "end_zone", "resign":
			// not a card
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

// confirmLines draw the question, wrapped to w, and its keys: y only
// says yes (tui.YesNo).
func (r *Renderer) confirmLines(w int) []string {
	out := wrap([]string{r.th.Accent.Render(r.confirm.question)}, w)
	return append(out, "", r.th.Key.Render(tui.YesNoLine))
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
	switch tui.YesNo(k) {
	case tui.Yes:
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
	case tui.No:
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
			if c.n[c.cursor] >= bill.CardCopies(c.cursor) {
				r.err = fmt.Sprintf("You hold %s.", bill.Plural(bill.CardCopies(c.cursor), bill.CardName(c.cursor)+" card"))
			} else {
				r.err = fmt.Sprintf("At most %s this round: 1 + %s.", bill.Plural(r.cardLimit(), "card"),
					bill.Plural(r.cardLimit()-1, "Lab"))
			}
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
			"cannot change them this round. Choosing costs nothing: %s.", handText(c.n), r.v.Round, r.capitalChange(0)))
	case "esc":
		r.mode = modeMap
	}
}

func chooseOf(n [5]int) bill.Choose {
	return bill.Choose{Acquire: n[bill.CardAcquire], Sell: n[bill.CardSell], Select: n[bill.CardSelect],
		Work: n[bill.CardWork], Stop: n[bill.CardStop]}
}

// cardLines draw the picker, w wide: the viewer's 18 cards by type, how
// many are chosen and, for a card that could not be played this round as
// things stand, why.
func (r *Renderer) cardLines(w int) []string {
	c := &r.cards
	total := 0
	for _, n := range c.n {
		total += n
	}
	out := []string{r.th.Accent.Render(fmt.Sprintf("Your secret choice for round %d: %d of at most %s",
		r.v.Round, total, bill.Plural(r.cardLimit(), "card"))),
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
		use := cardUse(t)
		if note := r.cardNote(t); note != "" {
			use = "! " + note
		}
		line := r.fit(fmt.Sprintf("%s%s%-13s %8d %6d  %s", mark, chosen, bill.CardName(t), bill.CardCopies(t), c.n[t], use), w)
		if t == c.cursor {
			line = r.th.Selected.Render(line)
		}
		out = append(out, line)
	}
	out = append(out, wrap([]string{r.th.Subtle.Render("The others see only whether you have chosen. Unplayed cards " +
		"stay secret. ! marks a card you could not play now.")}, w)...)
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
