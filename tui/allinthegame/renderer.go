// Package allinthegame draws IT's All in the Game (engine/allinthegame)
// inside the play screen: the projects as rows of desks, the event card,
// the players, the viewer's own hand and an action menu built from the
// viewer's legal actions, with a desk picker that offers only legal desks
// and a confirmation before anything that spends dollars.
package allinthegame

import (
	"fmt"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
	"boardroom/lobby"
	"boardroom/tui"
)

// Renderers returns the factory of this game's renderer by game id, for
// tui.Options.Renderers.
func Renderers() map[string]tui.RendererFactory {
	return map[string]tui.RendererFactory{aitg.ID: New}
}

// New returns the renderer for one session.
func New(ctx tui.RenderContext) tui.GameRenderer {
	ctx = ctx.Themed()
	r := &Renderer{ctx: ctx, th: ctx.Theme}
	r.st = newStyles(ctx.Theme)
	return r
}

// Renderer draws the game for one viewer and turns keys into actions. It
// implements tui.GameRenderer, tui.Legender and tui.PhaseNamer.
type Renderer struct {
	ctx tui.RenderContext
	th  *tui.Theme
	st  styles

	gs    lobby.GameState
	v     *aitg.View // nil until a state of this game arrives
	legal []engine.Action
	key   string // the legal actions as text: the menu is rebuilt when they change

	// stack holds the open steps of a decision; stack[0] is the menu.
	stack []*step
	err   string // the last refusal, shown until the next key
}

// styles are the renderer's own styles, built from the session's theme,
// and the desk cells' styled parts, rendered once per session rather than
// for every desk of every frame.
type styles struct {
	colour [aitg.NumColours]lipgloss.Style // consultant and desk colours
	field  [aitg.MaxMarker + 1]lipgloss.Style
	// code is a desk's colour code (narrow: one letter, wide: DEV) in its
	// colour; occupant the owner's seat number and rank (s, P) in the
	// seat's colour.
	code     [2][aitg.NumColours]string
	occupant [maxSeats][2]string
}

// maxSeats is the game's largest table (engine.Info.MaxSeats).
const maxSeats = 4

func newStyles(th *tui.Theme) styles {
	var s styles
	ns := th.Renderer.NewStyle
	for c := range s.colour {
		s.colour[c] = th.Base
	}
	for f := range s.field {
		s.field[f] = th.Base
	}
	if th.NoColor {
		s.field[4], s.field[5] = th.Warn, th.Bold
	} else {
		// Blue, Red, Orange, Grey (G002-01), as plain ANSI colours.
		for c, col := range []string{"12", "9", "3", "7"} {
			s.colour[c] = ns().Foreground(lipgloss.Color(col))
		}
		for f, col := range map[int]string{1: "10", 2: "10", 3: "11", 4: "3", 5: "9"} {
			s.field[f] = ns().Foreground(lipgloss.Color(col))
		}
	}
	for c := range s.colour {
		code := aitg.ColourCode(c)
		s.code[0][c], s.code[1][c] = s.colour[c].Render(code[:1]), s.colour[c].Render(code)
	}
	for o := range s.occupant {
		s.occupant[o] = [2]string{th.Seat(o).Render(strconv.Itoa(o+1) + "s"), th.Seat(o).Render(strconv.Itoa(o+1) + "P")}
	}
	return s
}

// viewOf extracts this game's view from a game state.
func viewOf(ev engine.View) *aitg.View {
	return engine.ViewOf[aitg.View](ev)
}

// SetState implements tui.GameRenderer. An open decision stays open while
// the viewer's legal actions are unchanged; otherwise the menu starts over.
// The menu itself is built again from every state: what it says (whose
// action it waits for, moves left, costs) is the state's, not an earlier
// one's, and its cursor stays on the same entry.
func (r *Renderer) SetState(gs lobby.GameState) {
	r.gs = gs
	r.v = viewOf(gs.View)
	r.legal = gs.Legal
	k := fmt.Sprint(gs.Prompt.Phase, gs.Legal)
	same := k == r.key
	r.key = k
	if same && len(r.stack) > 1 {
		return
	}
	cursor := -1
	if same && len(r.stack) > 0 {
		cursor = r.stack[0].cursor
	}
	m := r.menu()
	if cursor >= 0 && m.cursor >= 0 && cursor < len(m.items) {
		m.cursor = cursor
	}
	r.stack = []*step{m}
}

// Capturing implements tui.GameRenderer: a step beyond the menu takes
// every key, esc included (esc goes back one step).
func (r *Renderer) Capturing() bool { return r.v != nil && len(r.stack) > 1 }

// Update implements tui.GameRenderer.
func (r *Renderer) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok || r.v == nil || len(r.stack) == 0 {
		return nil
	}
	r.err = ""
	r.stepKey(k)
	return nil
}

// submit sends an action and keeps the refusal to show it.
func (r *Renderer) submit(a engine.Action) bool {
	if r.err = r.ctx.Send(a); r.err != "" {
		return false
	}
	r.stack = []*step{r.menu()}
	return true
}

// Keys implements tui.GameRenderer.
func (r *Renderer) Keys() []key.Binding {
	if r.v == nil || len(r.stack) == 0 {
		return nil
	}
	top := r.stack[len(r.stack)-1]
	info := tui.Bind(keyInfo, "details", keyInfo)
	if r.v.Over {
		info.SetEnabled(false)
	}
	switch top.kind {
	case stepConfirm:
		return tui.YesNoKeys()
	case stepInfo:
		return []key.Binding{tui.Bind("up/down", "scroll", "up", "down"), tui.Bind("esc/i", "close", "esc", keyInfo)}
	case stepDesk:
		return []key.Binding{tui.Bind("arrows", "choose desk", "up", "down", "left", "right"),
			tui.Bind("enter", "place", "enter"), tui.Bind("esc", "back", "esc")}
	}
	var ks []key.Binding
	if top.cursor >= 0 && len(top.items) > 0 {
		ks = append(ks, tui.Bind("arrows", "choose", "up", "down", "k", "j"), tui.Bind("enter", "select", "enter"))
	}
	if len(r.stack) > 1 {
		return append(ks, tui.Bind("esc", "back", "esc"), info)
	}
	for _, it := range top.items {
		if it.key != "" {
			ks = append(ks, tui.Bind(it.key, it.short, it.key))
		}
	}
	return append(ks, info)
}

// name is a seat's handle, sanitised, or "seat N".
func (r *Renderer) name(seat int) string { return tui.SeatName(r.gs.Table, seat, 16) }

// PhaseText implements tui.PhaseNamer.
func (r *Renderer) PhaseText(phase string) string {
	switch phase {
	case aitg.PhaseChooseStart:
		return "choosing the start player"
	case aitg.PhaseHeadhunters:
		return "Headhunters: giving back a Senior"
	case aitg.PhaseWork:
		return "Let's work!"
	case aitg.PhaseTrainPick:
		return "secret pick of a trained Senior"
	case aitg.PhaseRecruitPick:
		return "secret pick of a recruited Principal"
	case aitg.PhaseOver:
		return "game over"
	}
	return phase
}

// Legend implements tui.Legender: the marks of the board for the help
// overlay (?), in this game's words only.
func (r *Renderer) Legend() string {
	return "Each project is a row of desks like [D*2P], from left to right: the desk's colour (D DEV blue, S SEC red, " +
		"I INF orange, B BIZ grey, A any colour on the Innovation Project), * for a desk that takes only a Principal, " +
		"then .. for a free desk or the owner's seat number with s (Senior Consultant) or P (Principal). " +
		"Pays \"right 6 4 2 1\": in the rewards the rightmost consultant gets $6, the next one to its left $4, then $2 " +
		"and $1; the Innovation Project pays $1 to each consultant. Due: the deadline field 1/5 to 5/5 (+3: a $3 bonus " +
		"per consultant if completed on fields 1-2; -6 / -10: the penalty on fields 4 / 5 for players without a " +
		"consultant there). While you choose a desk, the desks you may take are in round brackets (D ..) and the chosen " +
		"one is between > and <. Players: > marks whose action it is; h hand size, m moves left, passed. The first " +
		"line counts the International Projects left and warns before the last round (LAST ROUND). Your actions stand " +
		"side by side on a short screen, > marks the highlighted one; a list that does not fit says how many more " +
		"there are. Text cut short ends with " + r.th.Ellip + "; i shows the whole table in words. A question takes " +
		"only y as yes. Your hand is yours alone: the others see only how many cards you hold."
}
