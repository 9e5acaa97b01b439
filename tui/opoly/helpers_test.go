package opoly

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
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
	"boardroom/tui"
)

// Play areas the play screen gives a renderer (tui/play.go): at 80x24 the
// body is 21 lines, minus the title and prompt lines, minus the log/chat
// strip of 7 lines; at 160x50 the board column is 160-53 wide and 50-3-2
// lines high.
const (
	smallW, smallH = 80, 12
	largeW, largeH = 107, 45
)

// fixture is a real Unipoly game with a renderer for one viewer.
type fixture struct {
	t      testing.TB
	g      engine.Game
	table  lobby.Table
	r      *Renderer
	viewer int
	sent   []engine.Action
	refuse error // returned by Submit when set
	live   bool  // Submit applies the action to the game (and returns its refusal)
}

func newTheme(noColor bool) *tui.Theme {
	lr := lipgloss.NewRenderer(io.Discard)
	lr.SetColorProfile(termenv.ANSI256)
	return tui.NewTheme(lr, noColor, false)
}

// newFixture starts a game of n seats with seed and a renderer for viewer.
func newFixture(t testing.TB, n int, seed uint64, viewer int, noColor bool) *fixture {
	t.Helper()
	g, err := unipoly.Definition{}.New(engine.Setup{Seats: n, Seed: seed})
	require.NoError(t, err)
	return fixtureOf(t, g, unipoly.Definition{}.Info(), viewer, noColor)
}

// fixtureOf wraps a game of any property variant (info is its Info) in a
// fixture with a renderer for viewer; the last of 3 or more seats is a bot.
func fixtureOf(t testing.TB, g engine.Game, info engine.Info, viewer int, noColor bool) *fixture {
	t.Helper()
	n := g.Setup().Seats
	f := &fixture{t: t, g: g, viewer: viewer}
	names := []string{"ada", "bob", "cyd", "dee", "eve", "fay", "gus"}
	for i := 0; i < n; i++ {
		s := lobby.Seat{Index: i, AccountID: int64(i + 1), Handle: names[i]}
		if i == n-1 && n > 2 {
			s = lobby.Seat{Index: i, Handle: "bot-" + info.ID, Bot: true}
		}
		f.table.Seats = append(f.table.Seats, s)
	}
	f.table.Game, f.table.Status = info.ID, lobby.TablePlaying
	ctx := tui.RenderContext{Theme: newTheme(noColor), Info: info, Submit: func(a engine.Action) error {
		if f.refuse != nil {
			return f.refuse
		}
		if f.live {
			if _, err := f.g.Apply(f.viewer, a); err != nil {
				return err
			}
		}
		f.sent = append(f.sent, a)
		return nil
	}}
	f.r = New(ctx).(*Renderer)
	f.refresh()
	return f
}

// state is the GameState of viewer now.
func (f *fixture) state(viewer int) lobby.GameState {
	gs := lobby.GameState{Table: f.table, Seat: viewer, View: f.g.View(viewer), Prompt: f.g.Prompt(),
		Outcome: f.g.Outcome()}
	if viewer >= 0 {
		gs.Legal = f.g.Legal(viewer)
	}
	return gs
}

// refresh hands the renderer the viewer's current state.
func (f *fixture) refresh() { f.r.SetState(f.state(f.viewer)) }

// as switches the renderer to another viewer.
func (f *fixture) as(viewer int) {
	f.viewer = viewer
	f.refresh()
}

// apply applies an action for seat to the game and refreshes the view.
func (f *fixture) apply(seat int, a engine.Action) {
	f.t.Helper()
	_, err := f.g.Apply(seat, a)
	require.NoError(f.t, err, "%#v", a)
	f.refresh()
}

// applySent applies the last action the renderer submitted.
func (f *fixture) applySent() engine.Action {
	f.t.Helper()
	require.NotEmpty(f.t, f.sent, "nothing submitted")
	a := f.sent[len(f.sent)-1]
	f.apply(f.viewer, a)
	return a
}

func (f *fixture) view() opoly.View { return f.g.View(f.viewer).(opoly.View) }

// key presses keys by name ("enter", "esc", "left", ...) or runes.
func (f *fixture) key(ks ...string) {
	types := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"backspace": tea.KeyBackspace, "space": tea.KeySpace}
	for _, k := range ks {
		if kt, ok := types[k]; ok {
			f.r.Update(tea.KeyMsg{Type: kt})
			continue
		}
		f.r.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	}
}

// render draws w x h and checks the exact size.
func (f *fixture) render(w, h int) string {
	f.t.Helper()
	out := f.r.View(w, h)
	checkSize(f.t, out, w, h)
	return out
}

// plain renders without escape sequences.
func (f *fixture) plain(w, h int) string { return ansi.Strip(f.render(w, h)) }

func checkSize(t testing.TB, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	require.Len(t, lines, h, "lines at %dx%d", w, h)
	for i, l := range lines {
		require.Equal(t, w, ansi.StringWidth(l), "width of line %d at %dx%d: %q", i, w, h, ansi.Strip(l))
	}
}

// legalKind finds a legal action of seat by kind.
func legalKind(g engine.Game, seat int, kind string) engine.Action {
	for _, a := range g.Legal(seat) {
		if a.Kind() == kind {
			return a
		}
	}
	return nil
}

// untilPhase plays simple moves (decline nothing, roll, end turn, the
// prompt's default otherwise) until the view's phase is phase.
func (f *fixture) untilPhase(phase string, decline bool) bool {
	for i := 0; i < 2000; i++ {
		p := f.g.Prompt()
		if p.Phase == phase {
			f.refresh()
			return true
		}
		if len(p.Waiting) == 0 {
			return false
		}
		w := p.Waiting[0]
		a := w.Default
		switch {
		case decline && legalKind(f.g, w.Seat, "decline") != nil:
			a = opoly.Decline{}
		case legalKind(f.g, w.Seat, "buy") != nil:
			a = opoly.Buy{}
		case legalKind(f.g, w.Seat, "roll") != nil:
			a = opoly.Roll{}
		case legalKind(f.g, w.Seat, "end_turn") != nil:
			a = opoly.EndTurn{}
		}
		_, err := f.g.Apply(w.Seat, a)
		require.NoError(f.t, err)
	}
	return false
}

// colourSGR finds SGR sequences that set a colour (30-49, 90-107, 38/48).
var colourSGR = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

func hasColour(s string) bool {
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
