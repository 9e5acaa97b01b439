package opoly

import (
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/tui"
)

// barEntry is one action of the action bar: the key, a label, and the
// action kinds the key serves (the first legal one is taken).
type barEntry struct {
	key   string
	label string
	kinds []string
}

func (e barEntry) keys() []string {
	if e.key == "enter" {
		return []string{"enter"}
	}
	return []string{e.key}
}

// allEntries is the action bar in display order; entries whose kinds are
// not legal are left out by barEntries.
func (r *Renderer) allEntries() []barEntry { return r.buildEntries(nil) }

// buildEntries appends the state's bar entries, the variant's among the
// core's, to es.
func (r *Renderer) buildEntries(es []barEntry) []barEntry {
	w := r.w
	decline := "decline"
	if r.v.Rules != nil && r.v.Rules.Auction.OnDecline {
		decline = "decline (auction)"
	}
	es = append(es,
		barEntry{"r", "roll", kindsRoll},
		barEntry{"b", "buy", kindsBuy},
		barEntry{"n", decline, kindsDecline},
		barEntry{"f", r.labels.fee(r), kindsJailFee},
		barEntry{"c", "use " + w.jailCard, kindsJailCard},
		barEntry{"c", "choose project", kindsChooseProperty},
		barEntry{"enter", "bid", kindsBid},
		barEntry{"a", r.acceptLabel(), kindsAccept},
		barEntry{"n", "reject", kindsReject},
		barEntry{"c", "counter", kindsCounter},
		barEntry{"+", r.labels.build(r), kindsBuild},
		barEntry{"-", r.labels.sell(r), kindsSell},
		barEntry{"m", w.mortgage, kindsMortgage},
		barEntry{"u", r.lab.liftVerb, kindsUnmortgage},
		barEntry{"t", "trade", kindsPropose},
		barEntry{"e", "end turn", kindsEndTurn},
		barEntry{"d", "declare bankruptcy", kindsBankruptcy},
		barEntry{"x", r.resignLabel(), kindsResign},
	)
	return r.withVariantEntries(es)
}

// The action kinds of the core's bar entries (never changed: shared by
// every renderer).
var (
	kindsRoll           = []string{"roll"}
	kindsBuy            = []string{"buy"}
	kindsDecline        = []string{"decline"}
	kindsJailFee        = []string{"pay_jail_fee"}
	kindsJailCard       = []string{"use_jail_card"}
	kindsChooseProperty = []string{"choose_property"}
	kindsBid            = []string{"bid"}
	kindsAccept         = []string{"accept_trade"}
	kindsReject         = []string{"reject_trade"}
	kindsCounter        = []string{"counter_trade"}
	kindsBuild          = []string{"build"}
	kindsSell           = []string{"sell_building", "sell_group_down"}
	kindsMortgage       = []string{"mortgage", "sell_and_mortgage"}
	kindsUnmortgage     = []string{"unmortgage"}
	kindsPropose        = []string{"propose_trade"}
	kindsEndTurn        = []string{"end_turn"}
	kindsBankruptcy     = []string{"declare_bankruptcy"}
	kindsResign         = []string{"resign"}
)

// barEntries lists the entries with at least one legal action.
func (r *Renderer) barEntries() []barEntry {
	if r.barOK { // once per state, in the last state's slice: each frame draws the bar twice
		return r.bar
	}
	// Every entry is made on the stack, and only the legal ones are kept
	// in the renderer's slice (a list of them all, kept for the next
	// state, was 1 KiB of a playing session's heap; issue 32).
	var all [32]barEntry
	out := r.barBuf[:0]
	for _, e := range r.buildEntries(all[:0]) {
		for _, k := range e.kinds {
			if r.legalKind(k) != nil {
				out = append(out, e)
				break
			}
		}
	}
	r.bar, r.barBuf, r.barOK = out, out, true
	return out
}

// boardKey handles a key while nothing is open.
func (r *Renderer) boardKey(k tea.KeyMsg) {
	s := k.String()
	switch s {
	case "up", "k":
		r.move(-1, 0)
		return
	case "down", "j":
		r.move(1, 0)
		return
	case "left", "h":
		r.move(0, -1)
		return
	case "right", "l":
		r.move(0, 1)
		return
	case ".":
		r.follow, r.player = true, -1
		r.cursor = r.followCell()
		return
	case "[", "]":
		r.selectPlayer(s == "]")
		r.playerRow = 0
		return
	case "}", "{":
		if r.player >= 0 { // the player's list scrolls (pgup/pgdn scroll the log)
			if s == "}" {
				r.playerRow += 6
			} else {
				r.playerRow = max(r.playerRow-6, 0)
			}
			return
		}
	case "i":
		r.explain, r.player = !r.explain, -1
		return
	}
	if r.bid.open(r) && r.bid.key(r, k) {
		return
	}
	for _, e := range r.barEntries() {
		if e.key != s {
			continue
		}
		for _, kind := range e.kinds {
			if a := r.legalKind(kind); a != nil {
				r.act(kind, a)
				return
			}
		}
	}
}

// move steps the cursor on the board grid.
func (r *Renderer) move(dr, dc int) {
	r.follow, r.player = false, -1
	g := gridOf(len(r.v.Board.Cells))
	row, col := g.pos(r.cursor)
	for {
		row, col = row+dr, col+dc
		if row < 0 || col < 0 || row > g.side || col > g.side {
			return
		}
		if c := g.at(row, col); c >= 0 {
			r.cursor = c
			return
		}
	}
}

// selectPlayer steps the detail pane through the players in play order
// and back to the cursor's card.
func (r *Renderer) selectPlayer(next bool) {
	order := r.v.Order
	if len(order) == 0 {
		return
	}
	i := -1
	for k, s := range order {
		if s == r.player {
			i = k
		}
	}
	if next {
		i++
	} else if i < 0 {
		i = len(order) - 1
	} else {
		i--
	}
	if i < 0 || i >= len(order) {
		r.player = -1
		return
	}
	r.player = order[i]
}

// act takes the legal action a of kind for the bar key that chose it.
// Cell actions always open their pick list; actions that spend or raise
// money ask first (money.go).
func (r *Renderer) act(kind string, a engine.Action) {
	if r.panel.Act(r, kind, a) {
		return
	}
	switch kind {
	case "build":
		r.cellAction(r.lab.build, []string{"build"})
	case "sell_building", "sell_group_down":
		r.cellAction(r.lab.sell, []string{"sell_building", "sell_group_down"})
	case "mortgage", "sell_and_mortgage":
		r.cellAction(r.mortgageVerb(), []string{"mortgage", "sell_and_mortgage"})
	case "unmortgage":
		r.cellAction(strings.Fields(r.lab.liftVerb)[0], []string{"unmortgage"})
	case "choose_property":
		r.cellAction("choose", []string{"choose_property"})
		r.pick.title = capital(r.w.bank) + " cancels one of your projects: choose which"
	case "propose_trade":
		r.openTrade(false)
	case "counter_trade":
		r.openTrade(true)
	case "accept_trade":
		r.openAccept(a)
	case "bid":
		r.bid.submit(r)
	default:
		if q := r.moneyQuestion(a); q != "" {
			r.ask(a, q)
			return
		}
		r.submit(a)
	}
}

// cellAction opens the list of the cells where a cell action is legal,
// every time, with the inspected cell highlighted when it is one of them:
// a key never acts on the cursor's cell at once.
func (r *Renderer) cellAction(verb string, kinds []string) {
	r.pick = pickState{verb: verb, kinds: kinds, count: 1}
	r.pick.refresh(r)
	if len(r.pick.cells) == 0 {
		return
	}
	for i, c := range r.pick.cells {
		if c == r.cursor {
			r.pick.idx = i
		}
	}
	r.mode = modePick
	r.cursor, r.follow = r.pick.cells[r.pick.idx], false
}

// ask opens a y/n question for a.
func (r *Renderer) ask(a engine.Action, q string) {
	r.confirm = confirmState{action: a, question: q}
	r.mode = modeConfirm
}

// confirmState is an open y/n question; send (optional) replaces the
// plain submission of action.
type confirmState struct {
	action   engine.Action
	question string
	send     func()
}

func (r *Renderer) confirmKey(k tea.KeyMsg) {
	switch tui.YesNo(k) {
	case tui.Yes:
		r.mode = modeBoard
		if r.confirm.send != nil {
			r.confirm.send()
			return
		}
		r.submit(r.confirm.action)
	case tui.No:
		r.mode = modeBoard
	}
}

// pickState is a list of cells where one cell action is legal; count is
// how many levels a build adds (set in the list, never by repeated keys).
type pickState struct {
	title string // the list's title ("" = "Choose where to " + verb)
	verb  string
	kinds []string
	cells []int
	acts  []engine.Action
	idx   int
	count int
}

func (p *pickState) refresh(r *Renderer) {
	p.cells, p.acts = p.cells[:0], p.acts[:0]
	for _, a := range r.legal {
		for _, k := range p.kinds {
			if a.Kind() == k {
				c, _ := cellArg(a)
				p.cells = append(p.cells, c)
				p.acts = append(p.acts, a)
			}
		}
	}
	p.idx = min(p.idx, max(len(p.cells)-1, 0))
	p.clampCount(r)
}

// building reports whether the list builds (and so has a count).
func (p *pickState) building() bool { return len(p.kinds) == 1 && p.kinds[0] == "build" }

func (p *pickState) clampCount(r *Renderer) {
	if !p.building() || p.idx >= len(p.cells) {
		p.count = 1
		return
	}
	p.count = clampInt(p.count, 1, r.maxBuild(p.cells[p.idx]))
}

func (r *Renderer) pickKey(k tea.KeyMsg) {
	p := &r.pick
	switch k.String() {
	case "up", "k":
		p.idx = max(p.idx-1, 0)
	case "down", "j":
		p.idx = min(p.idx+1, len(p.cells)-1)
	case "right", "l", "+", "=":
		if p.building() {
			p.count++
		}
	case "left", "h", "-":
		p.count--
	case "enter":
		r.pickDo(p.idx)
		return
	case "esc", "q", "n":
		r.mode = modeBoard
		return
	}
	p.clampCount(r)
	if p.idx >= 0 && p.idx < len(p.cells) {
		r.cursor = p.cells[p.idx]
	}
}

// pickDo chooses the i-th action of the pick list. Nothing is sent yet:
// the question of what it does (the preview, with the cash before and
// after) opens and takes y; an offer to all asks its reserve first.
func (r *Renderer) pickDo(i int) {
	if i < 0 || i >= len(r.pick.acts) {
		return
	}
	a := r.pick.acts[i]
	r.mode = modeBoard
	if q, ok := r.panel.Question(r, a); ok {
		r.ask(a, q)
		return
	}
	if r.panel.Choose(r, a) { // the variant's row asks for more first (an amount)
		return
	}
	q := r.pickPreview()
	if b, ok := a.(opoly.Build); ok && r.pick.count > 1 {
		plan := r.buildPlan(b.Cell, r.pick.count)
		r.ask(a, q)
		r.confirm.send = func() { r.buildMany(plan) }
		return
	}
	if q == "" {
		q = capital(r.pick.verb) + " " + r.cellName(cellOf(a)) + "?"
	}
	r.ask(a, q)
}

// cellOf is the cell of a cell action (-1 for others).
func cellOf(a engine.Action) int {
	c, _ := cellArg(a)
	return c
}

// pickLabel describes one entry of the pick list.
func (r *Renderer) pickLabel(a engine.Action) string {
	v := r.v
	c, _ := cellArg(a)
	name := v.Board.Cells[c].Name
	if l, ok := r.panel.PickLabel(r, a); ok {
		return l
	}
	switch a.(type) {
	case opoly.Build:
		return name + " (" + v.FormatMoney(v.Board.Cells[c].BuildPrice) + ")"
	case opoly.SellBuilding:
		return name + " (+" + v.FormatMoney(v.Rules.SellRefund(c)) + ")"
	case opoly.Mortgage:
		return name + " (+" + v.FormatMoney(v.Board.Cells[c].Mortgage) + ")"
	case opoly.SellAndMortgage:
		if r.w.mortgage != "mortgage" {
			return name + " (releases the group's staff first)"
		}
		return name + " (sells the group's " + r.lab.building + "s)"
	case opoly.Unmortgage:
		return name + " (" + v.FormatMoney(v.Rules.LiftCost(c)) + ")"
	case opoly.ChooseProperty:
		return name + " (+" + v.FormatMoney(v.Board.Cells[c].Price/2) + ")"
	}
	return name
}

// transferPct is the transfer fee of a property received under a mortgage
// ("10%"), for the bar.
func (r *Renderer) transferPct() string {
	if r.v.Rules == nil {
		return "the fee"
	}
	return strconv.FormatInt(r.v.Rules.Mortgage.TransferPct, 10) + "%"
}

// withVariantEntries puts the variant panel's bar entries into the
// core's: each before the core entry it names, in the panel's order, or
// after them all.
func (r *Renderer) withVariantEntries(core []barEntry) []barEntry {
	out := core
	for _, e := range r.panel.BarEntries(r) {
		be := barEntry{e.Key, e.Label, e.Kinds}
		at := len(out)
		for i, c := range out {
			if e.Before != "" && len(c.kinds) > 0 && c.kinds[0] == e.Before {
				at = i
				break
			}
		}
		out = slices.Insert(out, at, be)
	}
	return out
}

// barLabels are the bar's labels made of the game's words and its jail
// fee, made once rather than for every state (buildEntries).
type barLabels struct {
	feeMoney                        string // the fee as written in feeLabel
	feeLabel, buildLabel, sellLabel string
}

// fee is "pay £50 fee" for the state's jail fee.
func (l *barLabels) fee(r *Renderer) string {
	var b [32]byte
	if m := r.appendMoney(b[:0], r.v.JailFee); l.feeLabel == "" || l.feeMoney != string(m) {
		l.feeMoney = string(m)
		l.feeLabel = "pay " + l.feeMoney + " fee"
	}
	return l.feeLabel
}

// build is "build house/hotel" (the variant's verb and building words,
// the renderer's for good).
func (l *barLabels) build(r *Renderer) string {
	if l.buildLabel == "" {
		l.buildLabel = r.lab.build + " " + r.lab.building + "/" + r.lab.top
	}
	return l.buildLabel
}

// sell is "sell house".
func (l *barLabels) sell(r *Renderer) string {
	if l.sellLabel == "" {
		l.sellLabel = r.lab.sell + " " + r.lab.building
	}
	return l.sellLabel
}
