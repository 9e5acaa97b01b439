// Package tuitest is the test harness of the game renderers (tui/<game>):
// a real game and the table around it, a renderer for one viewer fed that
// viewer's state, keys pressed by name, and frames drawn at the play
// screen's sizes with their exact width and height checked. It is a
// non-test package so that every renderer package's tests share it.
package tuitest

import (
	"io"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/tui"
)

// Play areas the play screen gives a renderer (tui/play.go): at 80x24 the
// body is 21 lines, minus the title and prompt lines, minus the log/chat
// strip of 7 lines; at 160x50 the board column is 160-53 wide and 50-3-2
// lines high.
const (
	SmallW, SmallH = 80, 12
	LargeW, LargeH = 107, 45
)

// Fixture is a real game with a renderer for one viewer. Submit (the
// renderer's RenderContext.Submit) records every accepted action in Sent.
type Fixture struct {
	T      testing.TB
	G      engine.Game
	Info   engine.Info
	Table  lobby.Table
	R      tui.GameRenderer
	Viewer int
	Sent   []engine.Action
	// Refuse, when set, is what Submit returns (nothing is applied).
	Refuse error
	// Live makes Submit apply the action to the game and return its
	// refusal; otherwise Submit only records it.
	Live bool
	// Reload hands the renderer the new state after an accepted Submit,
	// as the play screen does; otherwise the test refreshes by itself.
	Reload bool
}

var names = []string{"ada", "bob", "cyd", "dee", "eve", "fay", "gus"}

// New wraps game g (info is its Info) in a playing table of human seats
// ada, bob, cyd... for viewer. Attach a renderer made from Context.
func New(t testing.TB, g engine.Game, info engine.Info, viewer int) *Fixture {
	t.Helper()
	f := &Fixture{T: t, G: g, Info: info, Viewer: viewer}
	n := g.Setup().Seats
	require.LessOrEqual(t, n, len(names), "seats")
	for i := 0; i < n; i++ {
		f.Table.Seats = append(f.Table.Seats, lobby.Seat{Index: i, AccountID: int64(i + 1), Handle: names[i]})
	}
	f.Table.Game, f.Table.Status = info.ID, lobby.TablePlaying
	return f
}

// BotLast makes the last of three or more seats a bot of the table's game.
func (f *Fixture) BotLast() *Fixture {
	if n := len(f.Table.Seats); n > 2 {
		f.Table.Seats[n-1] = lobby.Seat{Index: n - 1, Handle: "bot-" + f.Table.Game, Bot: true}
	}
	return f
}

// Context is the RenderContext for the fixture's renderer: its Submit
// follows Refuse, Live and Reload.
func (f *Fixture) Context(th *tui.Theme) tui.RenderContext {
	return tui.RenderContext{Theme: th, Info: f.Info, Submit: f.submit}
}

func (f *Fixture) submit(a engine.Action) error {
	if f.Refuse != nil {
		return f.Refuse
	}
	if f.Live {
		if _, err := f.G.Apply(f.Viewer, a); err != nil {
			return err
		}
	}
	f.Sent = append(f.Sent, a)
	if f.Reload {
		f.Refresh()
	}
	return nil
}

// Attach sets the renderer and hands it the viewer's state.
func (f *Fixture) Attach(r tui.GameRenderer) {
	f.R = r
	f.Refresh()
}

// Theme is a session theme on a 256-colour terminal.
func Theme(noColor, ascii bool) *tui.Theme {
	lr := lipgloss.NewRenderer(io.Discard)
	lr.SetColorProfile(termenv.ANSI256)
	return tui.NewTheme(lr, noColor, ascii)
}

// State is the GameState of viewer now.
func (f *Fixture) State(viewer int) lobby.GameState {
	gs := lobby.GameState{Table: f.Table, Seat: viewer, View: f.G.View(viewer), Prompt: f.G.Prompt(),
		Outcome: f.G.Outcome()}
	if viewer >= 0 {
		gs.Legal = append([]engine.Action(nil), f.G.Legal(viewer)...) // valid until the next Apply: keep a copy
	}
	return gs
}

// Refresh hands the renderer the viewer's current state.
func (f *Fixture) Refresh() { f.R.SetState(f.State(f.Viewer)) }

// As switches the renderer to another viewer.
func (f *Fixture) As(viewer int) {
	f.Viewer = viewer
	f.Refresh()
}

// Apply applies an action for seat to the game and refreshes the view.
func (f *Fixture) Apply(seat int, a engine.Action) {
	f.T.Helper()
	_, err := f.G.Apply(seat, a)
	require.NoError(f.T, err, "%#v", a)
	f.Refresh()
}

// ApplySent applies the last action the renderer submitted.
func (f *Fixture) ApplySent() engine.Action {
	f.T.Helper()
	require.NotEmpty(f.T, f.Sent, "nothing submitted")
	a := f.Sent[len(f.Sent)-1]
	f.Apply(f.Viewer, a)
	return a
}

var keyTypes = map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"backspace": tea.KeyBackspace, "space": tea.KeySpace}

// Key presses keys by name ("enter", "esc", "left", ...) or runes.
func (f *Fixture) Key(ks ...string) {
	for _, k := range ks {
		if kt, ok := keyTypes[k]; ok {
			f.R.Update(tea.KeyMsg{Type: kt})
			continue
		}
		f.R.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	}
}

// Render draws w x h and checks the exact size.
func (f *Fixture) Render(w, h int) string {
	f.T.Helper()
	out := f.R.View(w, h)
	CheckSize(f.T, out, w, h)
	return out
}

// Plain renders without escape sequences.
func (f *Fixture) Plain(w, h int) string { return ansi.Strip(f.Render(w, h)) }

// CheckSize requires out to be exactly h lines of w cells.
func CheckSize(t testing.TB, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	require.Len(t, lines, h, "lines at %dx%d", w, h)
	for i, l := range lines {
		require.Equal(t, w, ansi.StringWidth(l), "width of line %d at %dx%d: %q", i, w, h, ansi.Strip(l))
	}
}

// LegalKind finds a legal action of seat by kind.
func LegalKind(g engine.Game, seat int, kind string) engine.Action {
	return tui.FirstOfKind(g.Legal(seat), kind)
}

// colourSGR finds SGR sequences; HasColour looks in them for a colour.
var colourSGR = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// HasColour reports whether s sets a colour (SGR 30-49 but the defaults
// 39 and 49, 90-107, or 38/48).
func HasColour(s string) bool {
	for _, m := range colourSGR.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.Split(m[1], ";") {
			switch {
			case p == "38" || p == "48":
				return true
			case len(p) == 2 && (p[0] == '3' || p[0] == '4') && p[1] <= '9' && p != "39" && p != "49":
				return true
			case len(p) == 2 && p[0] == '9', len(p) == 3 && p[:2] == "10":
				return true
			}
		}
	}
	return false
}

// PlayBots lets the game's bots (newBot, one per seat: seed seat+1) play
// up to steps actions for whoever is awaited, then hands the renderer the
// state: a mid-game position for benchmarks.
func (f *Fixture) PlayBots(steps int, newBot func(seat int, seed uint64) engine.Bot) {
	f.T.Helper()
	bots := make([]engine.Bot, f.G.Setup().Seats)
	for i := range bots {
		bots[i] = newBot(i, uint64(i+1))
	}
	for step := 0; step < steps && !f.G.Outcome().Finished; step++ {
		w := f.G.Prompt().Waiting[0].Seat
		_, err := f.G.Apply(w, bots[w].Choose(f.G.View(w), f.G.Legal(w)))
		require.NoError(f.T, err)
	}
	f.Refresh()
}

// BenchmarkView draws one frame of the renderer at the play areas of
// 160x50 and 80x24 terminals.
func (f *Fixture) BenchmarkView(b *testing.B) {
	for _, s := range []struct {
		name string
		w, h int
	}{{"160x50", LargeW, LargeH}, {"80x24", SmallW, SmallH}} {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = f.R.View(s.w, s.h)
			}
		})
	}
}
