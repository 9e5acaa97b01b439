package allinthegame

import (
	"fmt"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
)

// A decision is a stack of steps: the menu (built from the legal actions),
// then lists (a consultant in hand, a consultant on a desk), the desk
// picker, and a y/n question before anything that spends dollars. Every
// list offers only what the legal actions allow, so nothing on screen can
// be refused by the rules.

type stepKind int

const (
	stepList    stepKind = iota // choose one item
	stepDesk                    // choose a desk on the board
	stepConfirm                 // y only; any other key answers no
	stepInfo                    // the whole table in words (info.go)
)

// item is one row of a list, or one desk of the desk picker.
type item struct {
	key   string // a shortcut on the menu ("a"), or ""
	short string // the shortcut's help text
	label string
	chip  string // the label side by side with others on a short screen ("" for label)
	// Exactly one of these is set: the action to submit (after the
	// question, when set), or the step that opens next. The question is
	// asked again at every frame, so dollars it names stay current.
	act      engine.Action
	question func() string
	next     func() *step
	// desk is the desk of an item of the desk picker.
	desk deskRef
}

type deskRef struct{ project, desk int }

type step struct {
	kind  stepKind
	title string
	items []item
	// cursor is the highlighted item; -1 when nothing is (a waiting
	// player's menu: Enter there does nothing).
	cursor int
	// waiting marks the menu of a player the game does not wait for: its
	// title is the waiting text of the state on screen.
	waiting bool
	// question and act for stepConfirm.
	question func() string
	act      engine.Action
	// scroll is the first line shown of stepInfo.
	scroll int
}

// menu is the first step: what the viewer may do now, from r.legal.
func (r *Renderer) menu() *step {
	s := &step{kind: stepList}
	if r.v == nil || len(r.legal) == 0 {
		return s
	}
	if !r.gs.Prompt.Awaits(r.gs.Seat) {
		// C-8: a player may resign at any time, also outside their turn,
		// but only by its key x: nothing is highlighted, so Enter (pressed
		// twice while waiting) does nothing.
		s.waiting, s.cursor = true, -1
		r.resignItem(s)
		return s
	}
	switch r.gs.Prompt.Phase {
	case aitg.PhaseChooseStart:
		s.title = "You have the fewest dollars: choose the start player of this round"
		for _, a := range r.legal {
			if cs, ok := a.(aitg.ChooseStart); ok {
				s.items = append(s.items, item{label: fmt.Sprintf("%d %s starts", cs.Seat+1, r.name(cs.Seat)), act: a})
			}
		}
	case aitg.PhaseHeadhunters:
		s.title = "Headhunters: give back one Senior Consultant to the deck"
		for _, a := range r.legal {
			if rs, ok := a.(aitg.ReturnSenior); ok {
				s.items = append(s.items, item{label: "Give back a " + cardName(rs.Colour, false), act: a})
			}
		}
	case aitg.PhaseTrainPick, aitg.PhaseRecruitPick:
		what, deck := "Senior", "Senior"
		if r.gs.Prompt.Phase == aitg.PhaseRecruitPick {
			what, deck = "Principal", "Principal"
		}
		s.title = "Secret pick (only you see this): take any " + what + " from the " + deck + " deck"
		for _, a := range r.legal {
			c, isP := pickOf(a)
			if c < 0 {
				continue
			}
			n := 0
			if r.v.Search != nil {
				n = r.v.Search[c]
			}
			s.items = append(s.items, item{label: fmt.Sprintf("Take a %s (%d in the deck)", cardName(c, isP), n), act: a})
		}
	case aitg.PhaseWork:
		r.workMenu(s)
		return s
	}
	r.markDefault(s)
	r.resignItem(s)
	return s
}

// markDefault highlights the answer the game takes when the viewer's time
// runs out (the prompt's default: themselves as start player, the colour
// with most cards, the first Senior) and says so. Not in Let's work!,
// whose default is Pass: that is never the highlighted entry.
func (r *Renderer) markDefault(s *step) {
	for _, w := range r.gs.Prompt.Waiting {
		if w.Seat != r.gs.Seat || w.Default == nil {
			continue
		}
		for i := range s.items {
			if s.items[i].act == w.Default {
				s.cursor = i
				s.items[i].label += " (if time runs out)"
				return
			}
		}
	}
}

func pickOf(a engine.Action) (int, bool) {
	switch a := a.(type) {
	case aitg.TakeSenior:
		return a.Colour, false
	case aitg.TakePrincipal:
		return a.Colour, true
	}
	return -1, false
}

// workMenu lists the work actions, one entry per kind that is legal.
func (r *Renderer) workMenu(s *step) {
	v := r.v
	me := r.gs.Seat
	s.title = "Your action"
	count := map[string]int{}
	for _, a := range r.legal {
		count[a.Kind()]++
	}
	if count["assign"] > 0 {
		s.items = append(s.items, item{key: "a", short: "assign", label: "Assign a consultant from your hand to a desk", chip: "Assign",
			next: func() *step { return r.cardStep("assign") }})
	}
	if count["move"] > 0 {
		s.items = append(s.items, item{key: "m", short: "move", label: fmt.Sprintf("Move one of your consultants to another project (%s left this round)", plural(v.Players[me].MovesLeft, "move")),
			chip: "Move", next: r.moveStep})
	}
	if count["train"] > 0 {
		s.items = append(s.items, item{key: "t", short: "train", label: fmt.Sprintf("Train: %s, give back a card, pick a Senior in secret", aitg.Money(v.TrainCost)),
			chip: "Train " + aitg.Money(v.TrainCost), next: func() *step { return r.cardStep("train") }})
	}
	if count["promote"] > 0 {
		s.items = append(s.items, item{key: "p", short: "promote", label: fmt.Sprintf("Promote: %s, a card becomes a Principal of its colour", aitg.Money(v.PromoteCost)),
			chip: "Promote " + aitg.Money(v.PromoteCost), next: func() *step { return r.cardStep("promote") }})
	}
	if count["recruit"] > 0 {
		s.items = append(s.items, item{key: "r", short: "recruit", label: fmt.Sprintf("Recruit: %s, give back a card, pick a Principal in secret", aitg.Money(v.RecruitCost)),
			chip: "Recruit " + aitg.Money(v.RecruitCost), next: func() *step { return r.cardStep("recruit") }})
	}
	if count["pass"] > 0 {
		s.items = append(s.items, item{key: "s", short: "pass", label: "Pass: no more actions this round", chip: "Pass",
			act: aitg.Pass{}, question: func() string { return "Pass? You take no more actions this round." }})
	}
	r.resignItem(s)
}

// resignItem adds the Resign entry when the engine lists it.
func (r *Renderer) resignItem(s *step) {
	for _, a := range r.legal {
		if a.Kind() == "resign" {
			s.items = append(s.items, item{key: "x", short: "resign", label: "Resign the game (asks first)", chip: "Resign",
				act: aitg.Resign{}, question: func() string {
					return fmt.Sprintf("Resign the game? You leave it at once with %s and rank last; your consultants go back to the decks.",
						aitg.Money(r.v.Players[r.gs.Seat].Dollars))
				}})
			return
		}
	}
}

// cardStep lists the hand cards that kind may use.
func (r *Renderer) cardStep(kind string) *step {
	verbs := map[string]string{"assign": "Assign which consultant?", "train": "Train: give back which card?",
		"promote": "Promote which card to a Principal?", "recruit": "Recruit: give back which card?"}
	s := &step{kind: stepList, title: verbs[kind]}
	seen := map[[2]int]bool{}
	for _, a := range r.legal {
		if a.Kind() != kind {
			continue
		}
		c, isP := handCardOf(a)
		k := [2]int{c, boolInt(isP)}
		if seen[k] {
			continue
		}
		seen[k] = true
		it := item{label: fmt.Sprintf("%s (you hold %d)", cardName(c, isP), r.holding(c, isP))}
		switch kind {
		case "assign":
			it.next = func() *step { return r.deskStep(c, isP, -1, -1) }
		default:
			if kind == "promote" && isP {
				it.label += ": is a Principal already, nothing changes"
			}
			it.act, it.question = a, func() string { return r.spendQuestion(a) }
		}
		s.items = append(s.items, it)
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func handCardOf(a engine.Action) (int, bool) {
	switch a := a.(type) {
	case aitg.Assign:
		return a.Colour, a.Principal
	case aitg.Train:
		return a.Colour, a.Principal
	case aitg.Promote:
		return a.Colour, a.Principal
	case aitg.Recruit:
		return a.Colour, a.Principal
	}
	return -1, false
}

func (r *Renderer) holding(c int, isP bool) int {
	for _, h := range r.v.Hand {
		if h.Colour == c && h.Principal == isP {
			return h.Count
		}
	}
	return 0
}

// spendQuestion says what Train, Promote or Recruit will do, dollars
// before and after.
func (r *Renderer) spendQuestion(a engine.Action) string {
	v := r.v
	have := v.Players[r.gs.Seat].Dollars
	change := func(cost int64) string {
		return fmt.Sprintf("\nDollars %s%s%s.", aitg.Money(have), r.arrow(), aitg.Money(have-cost))
	}
	switch a := a.(type) {
	case aitg.Train:
		return fmt.Sprintf("Train for %s? You give back a %s and then pick any Senior from the deck in secret.%s",
			aitg.Money(v.TrainCost), cardName(a.Colour, a.Principal), change(v.TrainCost))
	case aitg.Promote:
		if a.Principal { // A002-14: legal, but it only costs
			return fmt.Sprintf("Promote for %s? Your %s is a Principal already: you give it back and take another %s, "+
				"so nothing changes but your dollars.%s", aitg.Money(v.PromoteCost), cardName(a.Colour, true), cardName(a.Colour, true), change(v.PromoteCost))
		}
		return fmt.Sprintf("Promote for %s? You give back a %s and take a %s; everyone sees both.%s",
			aitg.Money(v.PromoteCost), cardName(a.Colour, a.Principal), cardName(a.Colour, true), change(v.PromoteCost))
	case aitg.Recruit:
		return fmt.Sprintf("Recruit for %s? You give back a %s and then pick any Principal from the deck in secret.%s",
			aitg.Money(v.RecruitCost), cardName(a.Colour, a.Principal), change(v.RecruitCost))
	}
	return ""
}

func (r *Renderer) arrow() string {
	if r.th.ASCII {
		return " -> "
	}
	return " → "
}

// moveStep lists the viewer's consultants on desks that have somewhere to go.
func (r *Renderer) moveStep() *step {
	s := &step{kind: stepList, title: "Move which consultant? (to another project)"}
	seen := map[deskRef]bool{}
	for _, a := range r.legal {
		m, ok := a.(aitg.Move)
		if !ok {
			continue
		}
		from := deskRef{m.FromProject, m.FromDesk}
		if seen[from] {
			continue
		}
		seen[from] = true
		p := r.v.Projects[m.FromProject]
		d := p.Desks[m.FromDesk]
		s.items = append(s.items, item{label: fmt.Sprintf("%s on desk %d of %s", cardName(d.Consultant, d.Principal), m.FromDesk+1, p.Name),
			desk: from, next: func() *step { return r.deskStep(d.Consultant, d.Principal, from.project, from.desk) }})
	}
	return s
}

// deskStep is the desk picker: only the legal desks of an Assign of the
// hand card (colour, isP), or of a Move from (fromP, fromD) when fromP >= 0.
func (r *Renderer) deskStep(colour int, isP bool, fromP, fromD int) *step {
	s := &step{kind: stepDesk, title: "Assign a " + cardName(colour, isP)}
	if fromP >= 0 {
		s.title = fmt.Sprintf("Move the %s from %s", cardName(colour, isP), r.v.Projects[fromP].Name)
	}
	for _, a := range r.legal {
		var to deskRef
		switch a := a.(type) {
		case aitg.Assign:
			if fromP >= 0 || a.Colour != colour || a.Principal != isP {
				continue
			}
			to = deskRef{a.Project, a.Desk}
		case aitg.Move:
			if fromP < 0 || a.FromProject != fromP || a.FromDesk != fromD {
				continue
			}
			to = deskRef{a.Project, a.Desk}
		default:
			continue
		}
		p := r.v.Projects[to.project]
		label := fmt.Sprintf("desk %d of %s (%s)", to.desk+1, p.Name, deskCode(p.Desks[to.desk]))
		if isP && p.Kind != aitg.KindInnovation && to.desk == len(p.Desks)-1 {
			label += ": completes the project, it pays out now"
		}
		s.items = append(s.items, item{label: label, act: a, desk: to})
	}
	return s
}

// deskPicker is the open desk picker (the top step), or nil.
func (r *Renderer) deskPicker() *step {
	if len(r.stack) == 0 {
		return nil
	}
	if top := r.stack[len(r.stack)-1]; top.kind == stepDesk {
		return top
	}
	return nil
}

// cardName is "Senior DEV" or "Principal SEC".
func cardName(c int, isP bool) string {
	if isP {
		return "Principal " + aitg.ColourCode(c)
	}
	return "Senior " + aitg.ColourCode(c)
}

// deskCode names a desk's requirement: "DEV", "SEC, Principal only", "any".
func deskCode(d aitg.DeskView) string {
	s := aitg.ColourCode(d.Colour)
	if d.Colour == aitg.AnyColour {
		s = "any colour"
	}
	if d.PrincipalOnly {
		s += ", Principal only"
	}
	return s
}

// plural is "1 move" or "2 moves".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
