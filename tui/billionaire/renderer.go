// Package billionaire draws IT Billionaire (engine/billionaire) for one
// viewer inside the play screen: the world map of the three time zones,
// the money trail, the companies (Labs, Work Containers, Work Queue,
// Product Payment List), the event of the round, and the pickers that turn
// keys into the engine's legal actions.
//
// Every choice is made from the engine's Legal list, so the screen offers
// exactly what the rules allow; anything that spends or raises money asks
// a y/n question that says what it does to the viewer's capital first.
package billionaire

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
	"boardroom/lobby"
	"boardroom/tui"
)

// mode is what has the keyboard.
type mode int

const (
	modeMap     mode = iota // the map, the panes and the action keys
	modeCards               // the secret choice of action cards
	modePick                // a list of legal actions of one kind
	modeConfirm             // a y/n question before an action
)

// Renderer draws IT Billionaire for one viewer. It implements
// tui.GameRenderer, tui.Legender and tui.PhaseNamer.
type Renderer struct {
	ctx  tui.RenderContext
	th   *tui.Theme
	locs []bill.Location

	gs    lobby.GameState
	v     *bill.View // nil until a state of this game arrives
	legal []engine.Action

	zone    int     // the zone the small map shows
	follow  bool    // the small map follows the active zone
	turn    turnKey // the turn the arrows looked around in
	player  int     // the seat whose company the side pane shows; -1: the viewer's
	details bool    // the small layout shows the company in place of the map
	scroll  int     // the first line of the company shown in place of the map

	mode     mode
	cards    cardPicker
	pick     pickState
	confirm  confirmState
	autoCard int // the round whose card picker was opened by itself

	err string // the last refusal, shown until the next key

	zones [2][3][]string // the map's zones as drawn for this state, compact and full (zoneLines)
}

// turnKey is one seat's turn: looking around with the arrows lasts until
// it changes.
type turnKey struct {
	round, zone, current int
	phase                string
}

// Renderers returns the factory of this game's renderer by game id, for
// tui.Options.Renderers.
func Renderers() map[string]tui.RendererFactory {
	return map[string]tui.RendererFactory{bill.ID: func(ctx tui.RenderContext) tui.GameRenderer { return New(ctx) }}
}

// New returns the renderer of IT Billionaire.
func New(ctx tui.RenderContext) *Renderer {
	ctx = ctx.Themed()
	return &Renderer{ctx: ctx, th: ctx.Theme, locs: bill.Locations(), follow: true, player: -1}
}

// viewOf extracts the game's view from a state.
func viewOf(ev engine.View) (*bill.View, bool) {
	v := engine.ViewOf[bill.View](ev)
	return v, v != nil && len(v.Locations) == bill.NumLocations
}

// SetState implements tui.GameRenderer.
func (r *Renderer) SetState(gs lobby.GameState) {
	r.gs, r.legal = gs, gs.Legal
	r.zones = [2][3][]string{}
	v, ok := viewOf(gs.View)
	if !ok {
		r.v, r.mode = nil, modeMap
		return
	}
	r.v = v
	// The map follows the sun at every turn: the arrows look around only
	// until the next turn or zone (issue 24: at 80x24 a player played
	// West while looking at Center).
	if t := (turnKey{round: v.Round, zone: v.Zone, current: v.Current, phase: v.Phase}); t != r.turn {
		r.turn, r.follow = t, true
	}
	if r.follow {
		r.zone = v.Zone
	}
	if r.player >= len(v.Players) {
		r.player = -1
	}
	// An open dialog only makes sense while its actions are still legal.
	switch r.mode {
	case modeCards:
		if r.legalKind("choose") == nil {
			// Closed by the state, not by the player: it may open by
			// itself again when the choice is due in this round.
			r.mode, r.autoCard = modeMap, 0
		}
	case modePick:
		r.pick.refresh(r)
		if len(r.pick.acts) == 0 {
			r.mode = modeMap
		}
	case modeConfirm:
		if r.find(r.confirm.action) == nil {
			r.mode = modeMap
		}
	}
	// A player who resigned watches: no dialog of theirs stays open.
	if r.resigned() {
		r.mode = modeMap
	}
	// The secret choice opens by itself once a round, when it is due.
	if r.mode == modeMap && v.Phase == bill.PhaseSelect && r.legalKind("choose") != nil && r.autoCard != v.Round {
		r.autoCard = v.Round
		r.openCards()
	}
}

// Capturing implements tui.GameRenderer: dialogs take every key.
func (r *Renderer) Capturing() bool { return r.v != nil && r.mode != modeMap }

// Update implements tui.GameRenderer.
func (r *Renderer) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok || r.v == nil {
		return nil
	}
	r.err = ""
	switch r.mode {
	case modeCards:
		r.cardsKey(k)
	case modePick:
		r.pickKey(k)
	case modeConfirm:
		r.confirmKey(k)
	default:
		r.mapKey(k)
	}
	return nil
}

// submit sends an action and keeps the refusal to show it.
func (r *Renderer) submit(a engine.Action) bool {
	r.err = r.ctx.Send(a)
	return r.err == ""
}

// legalKind returns the first legal action of a kind, or nil.
func (r *Renderer) legalKind(kind string) engine.Action { return tui.FirstOfKind(r.legal, kind) }

// find returns the legal action equal to a, or nil.
func (r *Renderer) find(a engine.Action) engine.Action {
	if a == nil {
		return nil
	}
	want := fmt.Sprintf("%#v", a)
	for _, l := range r.legal {
		if l.Kind() == a.Kind() && fmt.Sprintf("%#v", l) == want {
			return l
		}
	}
	return nil
}

// me is the viewer's seat view, or nil for a spectator and a player who
// resigned (who watches like a spectator).
func (r *Renderer) me() *bill.PlayerView {
	if p := r.seat(r.gs.Seat); p != nil && !p.Out {
		return p
	}
	return nil
}

// resigned reports whether the viewer had a seat and left the game.
func (r *Renderer) resigned() bool {
	p := r.seat(r.gs.Seat)
	return p != nil && p.Out
}

func (r *Renderer) seat(s int) *bill.PlayerView {
	if r.v == nil || s < 0 || s >= len(r.v.Players) {
		return nil
	}
	return &r.v.Players[s]
}

// shown is the seat whose company the side pane shows.
func (r *Renderer) shown() int {
	if r.player >= 0 {
		return r.player
	}
	if r.gs.Seat >= 0 {
		return r.gs.Seat
	}
	if r.v != nil && r.v.Current >= 0 {
		return r.v.Current
	}
	return 0
}

// name is a seat's handle, sanitised for other players' screens.
func (r *Renderer) name(s int) string {
	for _, st := range r.gs.Table.Seats {
		if st.Index == s {
			if n := lobby.Sanitize(st.Handle, 16); n != "" { // handles have up to 16 letters; columns cut with "…"
				return n
			}
		}
	}
	return fmt.Sprintf("seat %d", s+1)
}

// Keys implements tui.GameRenderer.
func (r *Renderer) Keys() []key.Binding {
	if r.v == nil {
		return nil
	}
	switch r.mode {
	case modeCards:
		return []key.Binding{tui.Bind("up/down", "card", "up", "down"), tui.Bind("+/-", "how many", "+", "-", "right", "left"),
			tui.Bind("enter", "lock in", "enter"), tui.Bind("esc", "later", "esc")}
	case modePick:
		return []key.Binding{tui.Bind("up/down", "choose", "up", "down"), tui.Bind("enter", r.pick.verb, "enter"),
			tui.Bind("esc", "cancel", "esc")}
	case modeConfirm:
		return tui.YesNoKeys()
	}
	var ks []key.Binding
	for _, e := range r.barEntries() {
		ks = append(ks, tui.Bind(e.key, e.label, e.key))
	}
	if r.details {
		ks = append(ks, tui.Bind("up/down", "scroll", "up", "down"))
	}
	return append(ks, tui.Bind("left/right", "zone", "left", "right"), tui.Bind("[ ]", "company", "[", "]"),
		tui.Bind("v", "map/company", "v"))
}

// PhaseText implements tui.PhaseNamer.
func (r *Renderer) PhaseText(phase string) string {
	switch phase {
	case bill.PhaseUpkeep:
		return "upkeep: a Lab must be sold"
	case bill.PhaseSelect:
		return "choosing action cards"
	case bill.PhaseZone:
		if r.v != nil {
			return "visits to the " + bill.ZoneName(r.v.Zone) + " zone"
		}
		return "zone visits"
	case bill.PhaseDecide:
		return "accept or decline drawn Work Items"
	}
	return phase
}

// Legend implements tui.Legender: what the marks and columns of this
// screen mean, in IT Billionaire's words.
func (r *Renderer) Legend() string {
	return "Money: M€ (millions of euros). Work: md = man-days (time rings).\n" +
		"Map: one line per location: # your own Lab, the name, the continent (EU Europe, NA North America, OC Oceania, " +
		"AS Asia, SA South America, AF Africa), the Lab type (S small, M medium, L large), its cost and upkeep a round " +
		"in M€, its capacity in man-days (Ovh on the large map: the overhead, 1, 2 or 3 man-days for S, M, L), the owner " +
		"(P1-P4, . free) and marks: ! no work there this round (the event), + acquired this round (works from the next), " +
		"u has worked this round. '*' marks the active time zone; left/right look at another zone until the next turn, " +
		"'.' goes back.\n" +
		"Players: '>' the player the game waits for, '*' the company shown ([ ] shows another). Capital is the money " +
		"now; adjusted capital is capital + half the cost of the Labs + half the product payments still to come - the " +
		"cancellation fees of the Work Items held: after the last round it decides the winner (reaching 1,000 M€ of " +
		"capital first wins outright). Cards: during the secret choice whether the player has chosen, afterwards how " +
		"many selected cards are left.\n" +
		"Companies: C1.. Work Containers with the Work Item code, customer continent, man-days done/needed, where the " +
		"container stands (@Lab or off the map) and the revenue; Queue: the Work Queue (5 places); Payments: the " +
		"Product Payment List (payment a round, payments left). Item codes: S/L small or large stack, PJ project or " +
		"PD product, LO/HI low or high risk, card number.\n" +
		"A card that cannot be played in your visit is listed with the reason; a player who can play nothing in a " +
		"zone is passed at once."
}
