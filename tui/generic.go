package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// generic is the renderer of games without a dedicated one: the view as
// readable key/value text, the legal actions as a menu, and a number input
// for parameterised actions.
type generic struct {
	ctx     RenderContext
	gs      lobby.GameState
	sel     selectBox
	legal   []engine.Action
	tmpl    engine.Template // the template whose number is being typed
	in      Input           // the number input
	confirm engine.Action   // an action waiting for y/n (resign)
	err     string
	off     int // first shown line of the state
}

// NewGeneric returns the generic renderer.
func NewGeneric(ctx RenderContext) GameRenderer {
	return &generic{ctx: ctx, sel: newSelectBox(ctx.Theme)}
}

func (g *generic) SetState(gs lobby.GameState) {
	g.gs = gs
	g.legal = gs.Legal
	rows := make([][]string, len(g.legal))
	for i, a := range g.legal {
		rows[i] = []string{actionLabel(a)}
	}
	g.sel.set(g.ctx.Theme, []string{"Your actions"}, rows)
	// A pending input or confirmation only makes sense while it is legal.
	if g.tmpl != nil && FirstOfKind(g.legal, g.tmpl.Kind()) == nil {
		g.tmpl = nil
	}
	if g.confirm != nil && FirstOfKind(g.legal, g.confirm.Kind()) == nil {
		g.confirm = nil
	}
}

func (g *generic) Capturing() bool { return g.tmpl != nil || g.confirm != nil }

func (g *generic) Keys() []key.Binding {
	switch {
	case g.tmpl != nil:
		return []key.Binding{keyEnter("submit"), keyEsc("cancel")}
	case g.confirm != nil:
		return YesNoKeys()
	case len(g.legal) > 0:
		return []key.Binding{keyUpDown(), keyEnter("take action"), keyScrollState()}
	}
	return []key.Binding{keyScrollState()}
}

func keyScrollState() key.Binding { return Bind("[/]", "scroll the state", "[", "]") }

func (g *generic) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil
	}
	switch {
	case g.tmpl != nil:
		g.numberKey(k)
	case g.confirm != nil:
		// Only y confirms: Enter and every other key answer no.
		a := g.confirm
		g.confirm = nil
		if YesNo(k) == Yes {
			g.send(a)
		}
	case k.String() == "[":
		g.off = max(g.off-5, 0)
	case k.String() == "]":
		g.off += 5
	case k.Type == tea.KeyEnter:
		i := g.sel.cursor()
		if i < 0 || i >= len(g.legal) {
			return nil
		}
		g.choose(g.legal[i])
	default:
		g.sel.update(g.ctx.Theme, k)
	}
	return nil
}

func (g *generic) choose(a engine.Action) {
	g.err = ""
	if t, ok := a.(engine.Template); ok {
		p := t.Param()
		g.tmpl = t
		g.in = newShortInput(g.ctx.Theme, fmt.Sprintf("%d to %d", p.Min, p.Max), 20)
		g.in.Focus()
		return
	}
	if a.Kind() == "resign" {
		g.confirm = a
		return
	}
	g.send(a)
}

func (g *generic) numberKey(k tea.KeyMsg) {
	switch k.Type {
	case tea.KeyEsc:
		g.tmpl, g.err = nil, ""
	case tea.KeyEnter:
		p := g.tmpl.Param()
		v, err := strconv.ParseInt(strings.TrimSpace(g.in.Value()), 10, 64)
		step := max(p.Step, 1)
		switch {
		case err != nil:
			g.err = "Type a whole number."
		case v < p.Min || v > p.Max:
			g.err = fmt.Sprintf("The %s must be between %d and %d.", p.Name, p.Min, p.Max)
		case (v-p.Min)%step != 0:
			g.err = fmt.Sprintf("The %s goes in steps of %d from %d.", p.Name, step, p.Min)
		default:
			t := g.tmpl
			g.tmpl = nil
			g.send(t.With(v))
		}
	default:
		g.in.Update(k)
	}
}

func (g *generic) send(a engine.Action) {
	if err := g.ctx.Submit(a); err != nil {
		g.err = errText(err)
		return
	}
	g.err = ""
}

// actionLabel describes an action: its kind and fields, or the bounds of a
// template's number.
func actionLabel(a engine.Action) string {
	label := prettyKey(a.Kind())
	if t, ok := a.(engine.Template); ok {
		p := t.Param()
		return fmt.Sprintf("%s (%s %d to %d)", label, p.Name, p.Min, p.Max)
	}
	b, err := engine.EncodeAction(a)
	if err != nil {
		return label
	}
	var parts []string
	for _, kv := range flattenJSON(b) {
		if kv[0] != "Kind" {
			parts = append(parts, kv[0]+" "+kv[1])
		}
	}
	if len(parts) > 0 {
		label += ": " + strings.Join(parts, ", ")
	}
	return label
}

func (g *generic) View(w, h int) string {
	th := g.ctx.Theme
	var players []string
	for i, s := range g.gs.Table.Seats {
		name := lobby.Sanitize(s.Handle, 16)
		if name == "" {
			name = "empty"
		}
		p := th.Seat(i).Render(fmt.Sprintf("%d %s", i+1, name))
		if i == g.gs.Seat {
			p += " (you)"
		}
		switch {
		case s.BotPlays:
			p += " (bot plays)"
		case s.Away:
			p += " (away)"
		}
		players = append(players, p)
	}
	var lines []string
	if len(players) > 0 {
		lines = append(lines, th.Subtle.Render("Seats:")+" "+strings.Join(players, ", "))
	}
	if b, err := json.Marshal(g.gs.View); err == nil {
		for _, kv := range flattenJSON(b) {
			lines = append(lines, th.Subtle.Render(kv[0]+":")+" "+lobby.Sanitize(kv[1], 500))
		}
	}
	// The lower part: the number input, a confirmation or the action menu.
	var bottom string
	switch {
	case g.tmpl != nil:
		p := g.tmpl.Param()
		g.in.Width = 20
		bottom = th.Bold.Render(fmt.Sprintf("%s: %s (%d to %d)", prettyKey(g.tmpl.Kind()), p.Name, p.Min, p.Max)) + "\n" + g.in.View()
	case g.confirm != nil:
		bottom = th.Accent.Render("Really "+strings.ToLower(prettyKey(g.confirm.Kind()))+"?") + "\n" + th.Key.Render(YesNoLine)
	case len(g.legal) > 0:
		mh := min(len(g.legal)+1, max(h/2, 3))
		bottom = g.sel.view(th, w, mh, true)
	case g.gs.Seat == engine.Spectator:
		bottom = th.Subtle.Render("You are watching this game.")
	case !g.gs.Outcome.Finished:
		bottom = th.Subtle.Render("Nothing to do: waiting for the others.")
	}
	if g.err != "" {
		bottom += "\n" + th.Error.Render(Fit(g.err, w, th.Ellip))
	}
	bh := 0
	if bottom != "" {
		bh = strings.Count(bottom, "\n") + 1
	}
	top := h - bh - 1
	if top < 1 {
		return Block(bottom, w, h)
	}
	g.off = clamp(g.off, 0, max(len(lines)-1, 0))
	return Block(columns(lines[g.off:], w, top), w, top) + "\n\n" + Block(bottom, w, bh)
}

// columns flows lines into as many columns as needed to fit h lines.
func columns(lines []string, w, h int) string {
	if len(lines) <= h || h < 1 {
		return strings.Join(lines, "\n")
	}
	n := (len(lines) + h - 1) / h
	cw := w / n
	if cw < 20 {
		return strings.Join(lines[:h], "\n")
	}
	var cols []string
	for i := 0; i < len(lines); i += h {
		cols = append(cols, Block(strings.Join(lines[i:min(i+h, len(lines))], "\n"), cw, h))
	}
	return HJoin(cols...)
}

// flattenJSON turns a JSON document into ordered "Label", "value" pairs:
// nested objects become "Parent child", arrays of scalars one
// comma-separated value, other arrays "Parent 1 ...".
func flattenJSON(b []byte) [][2]string {
	var out [][2]string
	walkJSON(b, "", &out, 0)
	return out
}

func walkJSON(b []byte, prefix string, out *[][2]string, depth int) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || depth > 8 {
		return
	}
	switch b[0] {
	case '{':
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if _, err := dec.Token(); err != nil {
			return
		}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return
			}
			k, _ := kt.(string)
			walkJSON(raw, joinLabel(prefix, prettyKey(k)), out, depth+1)
		}
	case '[':
		var items []json.RawMessage
		if err := json.Unmarshal(b, &items); err != nil {
			return
		}
		scalars := make([]string, 0, len(items))
		for _, it := range items {
			it = bytes.TrimSpace(it)
			if len(it) > 0 && (it[0] == '{' || it[0] == '[') {
				scalars = nil
				break
			}
			scalars = append(scalars, scalarText(it))
		}
		if scalars != nil || len(items) == 0 {
			*out = append(*out, [2]string{prefix, strings.Join(scalars, ", ")})
			return
		}
		for i, it := range items {
			walkJSON(it, joinLabel(prefix, itoa(i+1)), out, depth+1)
		}
	default:
		*out = append(*out, [2]string{prefix, scalarText(b)})
	}
}

func scalarText(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return string(b)
	}
	switch v := v.(type) {
	case nil:
		return "-"
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case string:
		return v
	}
	return string(b)
}

func joinLabel(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + " " + strings.ToLower(k)
}

// prettyKey turns "my_secret" or "mySecret" into "My secret".
func prettyKey(k string) string {
	var b strings.Builder
	for i, r := range k {
		switch {
		case r == '_' || r == '-':
			b.WriteByte(' ')
		case r >= 'A' && r <= 'Z' && i > 0:
			b.WriteByte(' ')
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
