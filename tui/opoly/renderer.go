package opoly

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/lobby"
	"boardroom/tui"
)

// mode is what has the keyboard.
type mode int

const (
	modeBoard   mode = iota // the board cursor and the action keys
	modeConfirm             // a y/n question (resign, bankruptcy, sell and mortgage)
	modePick                // a list of cells for one cell action
	modeTrade               // the trade dialog
	modeAmount              // an amount typed for a template (dialogs.go)
	modeSelect              // several cells chosen for one action (dialogs.go)
	modeChoice              // alternative ways of one answer, with their costs (redeem.go)
)

// Renderer draws a property game for one viewer and turns keys into
// actions. It implements tui.GameRenderer.
type Renderer struct {
	ctx     kept    // what it reads of its tui.RenderContext
	keyKept keptKey // the last ViewKey (shared.go)
	th      *tui.Theme
	st      *styles  // the theme's for the board (sharedStyles)
	lab     *variant // the game's words and knobs (shared: read only)
	// panel draws the variant's own phases and actions (panel.go).
	panel Panel
	w     words // the game's nouns (words.go)
	// frameLen is the length of the last drawn question or dialog of the
	// compact layout (fitFrame): the next one is built in a buffer of
	// about that size, not of the largest a frame could be.
	frameLen int
	// s is the buffers a frame is drawn in, taken for the frame (sc) and
	// given back when it is drawn (scratch.go); nil between frames.
	s      *scratch
	bands  map[bandKey]string        // the large board's band texts (largeview.go)
	labels barLabels                 // the bar's labels made of words and the fee (keys.go)
	dice   tui.Memo[diceKey, string] // the last dice line (panes.go)
	// last is the board's rows as drawn last (compactView, largeView),
	// which the next frame's rows are compared with (SharedRowsAfter);
	// behind a pointer, as the size class has 8 bytes left
	// (TestRendererFitsItsSizeClass).
	last *[]string

	gs    seen        // what it reads of the game state besides the view and the legal actions
	v     *opoly.View // nil until a property-game state arrives
	legal []engine.Action

	cursor int  // the inspected cell
	follow bool // the cursor follows the token of the player in turn
	player int  // the seat whose properties the detail pane lists; -1: the cursor's card
	// playerRow is the row of the player's list kept in view ({ and }).
	playerRow int
	explain   bool // the card starts with the cursor cell's code in words (i)

	mode    mode
	confirm confirmState
	pick    pickState
	trade   *tradeDialog
	bid     bidEntry
	amount  amountState
	sel     selectState
	choice  choiceState

	// lot and lotKind remember the last auction seen (its lot and kind),
	// so the revealed bids name what was sold: a shortage auction's lot
	// is one unit of the supply, not the cell it was asked for.
	lot     int
	lotKind string
	// offered is the cell on offer last shown (a buy decision or an
	// auction's lot), so the detail pane turns to a new offer once and
	// the player may inspect other cells after.
	offered int

	err     string        // the last refusal, shown until the next key
	names   nameCache     // the cells' names as drawn on the large board (ring.go)
	keyBuf  []key.Binding // the keys Keys made (the play screen has them written in its own list: AppendKeys)
	bar     []barEntry    // the entries the state's legal actions enable (barEntries), in barBuf
	barBuf  []barEntry
	barOK   bool      // bar is the state's
	wraps   wrapCache // the panes' long lines, wrapped (stackLines; wrap.go)
	handles []handle  // the seats' handles, sanitised (textcache.go)
}

// seen is what a renderer reads of the game state besides its view and
// legal actions, under the names of lobby.GameState: the whole state is
// 480 bytes, and the play screen keeps it already (issue 32).
type seen struct {
	Seat     int
	Prompt   engine.Prompt
	Deadline time.Time
	Table    seenTable
}

// seenTable is what a renderer reads of the table.
type seenTable struct {
	Seats   []lobby.Seat
	Options map[string]string
}

// kept is what a renderer reads of its tui.RenderContext: the whole is
// 248 bytes, most of them the game's Info, which it does not read
// (issue 32).
type kept struct {
	Submit func(engine.Action) error
	Now    func() time.Time
	Replay bool
}

// Send is tui.RenderContext.Send.
func (c kept) Send(a engine.Action) string { return tui.RenderContext{Submit: c.Submit}.Send(a) }

func newRenderer(ctx tui.RenderContext, v *variant, p Panel) *Renderer {
	ctx = ctx.Themed()
	th := ctx.Theme
	return &Renderer{ctx: kept{Submit: ctx.Submit, Now: ctx.Now, Replay: ctx.Replay}, th: th, st: sharedStyles(th, nil), lab: v, panel: p, w: wordsOf(nil), follow: true, player: -1,
		lot: -1, offered: -1, wraps: wrapCache{th: th}}
}

// viewOf extracts the property-game view from a game state.
func viewOf(ev engine.View) (*opoly.View, bool) {
	v := engine.ViewOf[opoly.View](ev)
	return v, v != nil && v.Board != nil && v.Rules != nil
}

// SetState implements tui.GameRenderer.
func (r *Renderer) SetState(gs lobby.GameState) {
	r.gs = seen{Seat: gs.Seat, Prompt: gs.Prompt, Deadline: gs.Deadline,
		Table: seenTable{Seats: gs.Table.Seats, Options: gs.Table.Options}}
	r.barOK = false
	r.legal = gs.Legal
	// The lobby's states carry the game's shared *View (engine/opoly's
	// View): read in place, never copied (issue 32).
	v, ok := viewOf(gs.View)
	if !ok {
		r.v = nil
		r.mode = modeBoard
		return
	}
	if r.v == nil || r.v.Board != v.Board {
		r.names = nameCache{} // another board: other names
	}
	r.v = v
	r.w = wordsOf(v.Rules)
	if r.st.board != v.Board {
		r.st = sharedStyles(r.th, v.Board)
	}
	n := len(v.Board.Cells)
	if r.follow || r.cursor >= n {
		r.cursor = r.followCell()
	}
	if r.player >= len(v.Players) {
		r.player = -1
	}
	r.bid.sync(v)
	if c := r.onOffer(); c != r.offered {
		// A new offer: the detail pane shows the cell on offer, not a
		// cell inspected earlier.
		r.offered = c
		if c >= 0 {
			r.cursor, r.player = c, -1
		}
	}
	if a := v.Auction; a != nil {
		r.lot, r.lotKind = a.Lot, a.Kind
	}
	// An open dialog only makes sense while its action is still legal.
	switch r.mode {
	case modeConfirm:
		if r.find(r.confirm.action) == nil {
			r.mode = modeBoard
		}
	case modePick:
		r.pick.refresh(r)
		if len(r.pick.cells) == 0 {
			r.mode = modeBoard
		}
	case modeTrade:
		if !r.trade.stillLegal(r) {
			r.trade, r.mode = nil, modeBoard
		}
	case modeAmount:
		if r.amount.template(r) == nil {
			r.mode = modeBoard
		}
	case modeSelect:
		if r.legalKind(r.sel.Kind) == nil {
			r.mode = modeBoard
		}
	case modeChoice:
		if !r.choice.stillLegal(r) {
			r.mode = modeBoard
		}
	}
}

// onOffer is the cell on offer now: the cell of a buy decision (the
// active player's), the lot of an auction of a property, or the start-up
// a takeover request asks for; -1 for none.
func (r *Renderer) onOffer() int {
	v := r.v
	switch {
	case r.gs.Prompt.Phase == opoly.PhaseBuy:
		if p := v.Player(v.Active); p.Seat >= 0 && p.Position >= 0 && p.Position < len(v.Board.Cells) {
			return p.Position
		}
	case v.Auction != nil && v.Auction.Lot >= 0 && v.Auction.Lot < len(v.Board.Cells):
		return v.Auction.Lot
	case r.isTakeover() && v.Trade.Offer != nil && len(v.Trade.Offer.ToCells) == 1: // its two parties see which
		return v.Trade.Offer.ToCells[0]
	}
	return -1
}

// followCell is where the cursor goes in follow mode: the token of the
// player in turn, else the viewer's, else START.
func (r *Renderer) followCell() int {
	v := r.v
	for _, s := range []int{v.Active, r.gs.Seat} {
		if p := v.Player(s); p.Seat >= 0 && !p.Out && p.Position >= 0 && p.Position < len(v.Board.Cells) {
			return p.Position
		}
	}
	return 0
}

// Capturing implements tui.GameRenderer: dialogs and questions take every
// key, esc included.
func (r *Renderer) Capturing() bool { return r.v != nil && r.mode != modeBoard }

// Update implements tui.GameRenderer.
func (r *Renderer) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok || r.v == nil {
		return nil
	}
	r.err = ""
	switch r.mode {
	case modeConfirm:
		r.confirmKey(k)
	case modePick:
		r.pickKey(k)
	case modeTrade:
		r.tradeKey(k)
	case modeAmount:
		r.amountKey(k)
	case modeSelect:
		r.selectKey(k)
	case modeChoice:
		r.choiceKey(k)
	default:
		r.boardKey(k)
	}
	return nil
}

// submit sends an action and keeps the refusal to show it.
func (r *Renderer) submit(a engine.Action) bool {
	r.err = r.ctx.Send(a)
	return r.err == ""
}

// find returns the legal action equal to a (same kind and fields), or nil.
func (r *Renderer) find(a engine.Action) engine.Action {
	if a == nil {
		return nil
	}
	for _, l := range r.legal {
		if l.Kind() == a.Kind() && sameCell(l, a) {
			return l
		}
	}
	return nil
}

// sameCell compares the cell (or deck) of two cell actions; other actions
// of one kind are the same.
func sameCell(a, b engine.Action) bool {
	ca, oka := cellArg(a)
	cb, okb := cellArg(b)
	return oka == okb && ca == cb
}

// cellArg is the cell of a cell action.
func cellArg(a engine.Action) (int, bool) {
	switch a := a.(type) {
	case opoly.Build:
		return a.Cell, true
	case opoly.SellBuilding:
		return a.Cell, true
	case opoly.Mortgage:
		return a.Cell, true
	case opoly.SellAndMortgage:
		return a.Cell, true
	case opoly.Unmortgage:
		return a.Cell, true
	case opoly.UseJailCard:
		return a.Deck, true
	case opoly.SellGroupDown:
		return a.Cell, true
	case opoly.ChooseProperty:
		return a.Cell, true
	case opoly.OfferToAll:
		return a.Cell, true
	case opoly.RequestTakeover:
		return a.Cell, true
	case opoly.PlaceUnit:
		return a.Cell, true
	case opoly.RedeemReceived:
		return a.Cell, true
	}
	return -1, false
}

// legalKind returns the first legal action of a kind, or nil.
func (r *Renderer) legalKind(kind string) engine.Action { return tui.FirstOfKind(r.legal, kind) }

// Keys implements tui.GameRenderer: the keys made in the renderer's own
// slice each call (the caller copies the list before the next call).
func (r *Renderer) Keys() []key.Binding {
	if r.v == nil {
		return nil
	}
	ks := r.AppendKeys(r.keyBuf[:0])
	r.keyBuf = ks[:0]
	return ks
}

var _ tui.KeysAppender = (*Renderer)(nil)

// AppendKeys implements tui.KeysAppender: the play screen's list of keys
// is made in its own slice, the renderer keeps none (issue 32).
func (r *Renderer) AppendKeys(ks []key.Binding) []key.Binding {
	if r.v == nil {
		return ks
	}
	switch r.mode {
	case modeConfirm:
		return append(ks, tui.YesNoKeys()...)
	case modePick:
		ks = append(ks, tui.Bind("up/down", "choose", "up", "down"))
		if r.pick.building() {
			ks = append(ks, tui.Bind("+/-", "how many", "+", "-", "left", "right"))
		}
		return append(ks, tui.Bind("enter", r.pick.verb, "enter"), tui.Bind("esc", "cancel", "esc"))
	case modeTrade:
		return append(ks, r.trade.keys()...)
	case modeChoice:
		return append(ks, choiceKeys()...)
	case modeAmount:
		return append(ks, tui.Bind("0-9", "amount", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
			tui.Bind("enter", "next", "enter"), tui.Bind("esc", "cancel", "esc"))
	case modeSelect:
		return append(ks, tui.Bind("up/down", "move", "up", "down"), tui.Bind("space", "select", " "),
			tui.Bind("enter", r.sel.Verb, "enter"), tui.Bind("esc", "cancel", "esc"))
	}
	ks = append(ks, boardKeys...)
	if r.player >= 0 {
		ks = append(ks, playerListKey)
	}
	if r.bid.open(r) {
		ks = append(ks, typeBidKey)
	}
	for _, e := range r.barEntries() {
		ks = append(ks, tui.Bind(e.key, e.label, e.keys()...))
	}
	return ks
}

// The board's own keys (values shared by every renderer: a binding is
// copied into each list, never changed).
var (
	boardKeys = []key.Binding{tui.Bind("arrows/hjkl", "inspect cell", "up", "down", "left", "right", "h", "j", "k", "l"),
		tui.Bind("[ ]", "players", "[", "]"), tui.Bind(".", "follow turn", "."), tui.Bind("i", "explain cell code", "i")}
	playerListKey = tui.Bind("{ }", "scroll the player's list", "{", "}")
	typeBidKey    = tui.Bind("0-9", "type bid", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
)
