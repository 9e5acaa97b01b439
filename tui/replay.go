package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// errReplaying refuses actions from a renderer that shows a replay.
var errReplaying = errors.New("this is a replay: nothing can be played here")

// replayPage plays back a finished game move by move with the game's own
// renderer, fed the state a spectator saw at each step. Keys the replay
// does not use go to the renderer to look around; a spectator's state has
// no legal actions and Submit refuses, so a replay cannot be played.
type replayPage struct {
	tableID int64
	f       lobby.ReplayFrame
	r       GameRenderer
	reason  string // how the game ended
	jumping bool
	in      Input
	err     string
}

// replayFastStep is how far pgup/pgdown move.
const replayFastStep = 10

// openReplay opens the replay of a finished table at its first step.
func (m *Model) openReplay(tableID int64) {
	f, err := m.src.replays.Replay(m.ctx, m.acc, tableID, 0)
	if err != nil {
		m.setErr(err)
		return
	}
	info := engine.Info{ID: f.State.Table.Game, Title: f.State.Table.GameTitle}
	if g, ok := m.gameInfo(info.ID); ok {
		info = g
	}
	p := &replayPage{tableID: tableID, f: f, reason: f.State.Outcome.Reason}
	if g, err := m.src.results.Results(m.ctx, m.acc, tableID); err == nil && g.Reason != "" {
		p.reason = g.Reason // names the players where the engine says "Seat 2"
	}
	p.r = m.rendererFor(RenderContext{Theme: m.th, Info: info, Now: m.now, Replay: true,
		Submit: func(engine.Action) error { return errReplaying }})
	p.r.SetState(f.State)
	m.pushPage(p)
}

// seek shows the game after step actions (clamped by the server).
func (p *replayPage) seek(m *Model, step int) {
	f, err := m.src.replays.Replay(m.ctx, m.acc, p.tableID, step)
	if err != nil {
		p.err = errText(err)
		return
	}
	p.f, p.err = f, ""
	p.r.SetState(f.State)
}

func (p *replayPage) title() string { return "Replay of table #" + itoa(int(p.tableID)) }

func (p *replayPage) typing() bool { return p.jumping }

func (p *replayPage) keys(m *Model) []key.Binding {
	if p.jumping {
		return []key.Binding{keyEnter("go to round"), keyEsc("cancel")}
	}
	own := replayKeys()
	return append(own, withoutKeys(p.r.Keys(), own)...)
}

// replayKeys are the keys the replay page takes before the renderer.
func replayKeys() []key.Binding {
	return []key.Binding{Bind("right/n", "next move", "right", "n"), Bind("left/p", "previous move", "left", "p"),
		Bind("pgdown/pgup", fmt.Sprintf("%d moves", replayFastStep), "pgdown", "pgup"),
		Bind("home/end", "first/last", "home", "end", "g", "G"), Bind("0-9", "go to round", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Bind("esc/q", "back", "esc", "q")}
}

// withoutKeys drops from the renderer's bindings the keys the replay page
// takes first: a binding keeps its other keys, named one by one ("arrows/hjkl,
// inspect cell" becomes "up/down/h/j/k/l"), and one left with none goes, so
// that the help never offers left/right for anything but stepping.
func withoutKeys(ks, taken []key.Binding) []key.Binding {
	used := map[string]bool{}
	for _, b := range taken {
		for _, k := range b.Keys() {
			used[k] = true
		}
	}
	var out []key.Binding
	for _, b := range ks {
		var keep []string
		for _, k := range b.Keys() {
			if !used[k] {
				keep = append(keep, k)
			}
		}
		switch {
		case len(keep) == 0:
		case len(keep) == len(b.Keys()):
			out = append(out, b)
		default:
			out = append(out, Bind(strings.Join(keep, "/"), b.Help().Desc, keep...))
		}
	}
	return out
}

func (p *replayPage) update(m *Model, k tea.KeyMsg) tea.Cmd {
	if p.jumping {
		p.jumpKey(m, k)
		return nil
	}
	step := p.f.Step
	switch k.String() {
	case "esc", "q":
		m.popPage()
		return nil
	case "right", "n":
		step++
	case "left", "p":
		step--
	case "pgdown":
		step += replayFastStep
	case "pgup":
		step -= replayFastStep
	case "home", "g":
		step = 0
	case "end", "G":
		step = p.f.Steps
	default:
		if s := k.String(); len(s) == 1 && s[0] >= '0' && s[0] <= '9' {
			p.jumping, p.err = true, ""
			p.in = newShortInput(m.th, "round", 5)
			p.in.SetValue(s)
			p.in.Focus()
			return nil
		}
		// Other keys let the renderer look around (inspect a cell, scroll
		// its text); with no legal actions and Submit refusing, nothing
		// can be played.
		return p.r.Update(k)
	}
	step = clamp(step, 0, p.f.Steps)
	if step != p.f.Step {
		p.seek(m, step)
	}
	return nil
}

func (p *replayPage) jumpKey(m *Model, k tea.KeyMsg) {
	switch k.Type {
	case tea.KeyEsc:
		p.jumping = false
	case tea.KeyEnter:
		round, err := strconv.Atoi(strings.TrimSpace(p.in.Value()))
		if err != nil || round < 1 {
			p.err = "Type a round number (1 or more)."
			return
		}
		p.jumping = false
		step, err := m.src.replays.ReplayRoundStart(m.ctx, m.acc, p.tableID, round)
		if err != nil {
			p.err = errText(err)
			return
		}
		p.seek(m, step)
	default:
		p.in.Update(k)
	}
}

// replayLayout splits the body below the two header lines into the game
// area and the log: side by side on wide terminals, else the log below.
func replayLayout(w, h int) (gw, gh int, side bool) {
	bh := h - 2
	if w >= 120 {
		return w - max(40, w/3), bh, true
	}
	return w, bh - max(7, bh/3), false
}

func (p *replayPage) view(m *Model, w, h int) string {
	th := m.th
	st := p.f.State
	head := fmt.Sprintf("%s%sTable #%d%s%s%sstep %d/%d", th.Title.Render("Replay"), th.Bullet, p.tableID, th.Bullet,
		gameName(st.Table.GameTitle, st.Table.Game), th.Bullet, p.f.Step, p.f.Steps)
	if p.f.Round > 0 {
		head += fmt.Sprintf("%sround %d", th.Bullet, p.f.Round)
	}
	second := p.promptText(th)
	switch {
	case p.jumping:
		p.in.Width = 8
		second = "Go to round: " + p.in.View()
	case p.err != "":
		second = th.Error.Render(p.err)
	}
	top := Block(Fit(head, w, th.Ellip), w, 1) + "\n" + Block(Fit(second, w, th.Ellip), w, 1)
	gw, gh, side := replayLayout(w, h)
	game := Block(p.r.View(gw, gh), gw, gh)
	if side {
		return top + "\n" + HJoin(game, p.logPanel(th, w-gw, gh))
	}
	return top + "\n" + game + "\n" + p.logPanel(th, w, h-2-gh)
}

// promptText says what the game waited for at this step, or how it ended,
// with the phase in the game's words as the play screen says it.
func (p *replayPage) promptText(th *Theme) string {
	st := p.f.State
	if p.f.Step == p.f.Steps && st.Outcome.Finished {
		return th.Accent.Render("Game over. ") + lobby.Sanitize(p.reason, 200)
	}
	var names []string
	for _, wt := range st.Prompt.Waiting {
		name := fmt.Sprintf("seat %d", wt.Seat+1)
		if wt.Seat >= 0 && wt.Seat < len(st.Table.Seats) {
			if h := lobby.Sanitize(st.Table.Seats[wt.Seat].Handle, 16); h != "" {
				name = h
			}
		}
		names = append(names, th.Seat(wt.Seat).Render(name))
	}
	var parts []string
	if st.Prompt.Phase != "" {
		parts = append(parts, phaseText(p.r, st.Prompt.Phase))
	}
	if len(names) > 0 {
		parts = append(parts, "next: "+strings.Join(names, ", "))
	}
	return strings.Join(parts, th.Bullet)
}

// logPanel shows the newest lines of the frame's log that fit.
func (p *replayPage) logPanel(th *Theme, w, h int) string {
	iw, ih := PanelInner(w), h-2
	if iw < 1 || ih < 1 {
		return Block("", w, h)
	}
	var lines []string
	for i := range p.f.State.Log.Len() {
		lines = append(lines, strings.Split(Wrap(lobby.Sanitize(p.f.State.Log.At(i).Text, 2000), iw), "\n")...)
	}
	if len(lines) > ih {
		lines = lines[len(lines)-ih:]
	}
	if len(lines) == 0 {
		lines = []string{th.Subtle.Render("Nothing has happened yet.")}
	}
	return th.Panel("Log", strings.Join(lines, "\n"), w, h, false)
}
