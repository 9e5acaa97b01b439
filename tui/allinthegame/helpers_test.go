package allinthegame

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
	aitg "boardroom/engine/allinthegame"
	"boardroom/lobby"
	"boardroom/tui"
)

// Play areas the play screen gives a renderer (tui/play.go): 80x12 at
// 80x24, 107x45 at 160x50.
const (
	smallW, smallH = 80, 12
	largeW, largeH = 107, 45
)

type fixture struct {
	t      testing.TB
	g      engine.Game
	table  lobby.Table
	r      *Renderer
	viewer int
	sent   []engine.Action
	live   bool // Submit applies the action to the game
}

func newTheme(noColor bool) *tui.Theme {
	lr := lipgloss.NewRenderer(io.Discard)
	lr.SetColorProfile(termenv.ANSI256)
	return tui.NewTheme(lr, noColor, false)
}

func newFixture(t testing.TB, n int, opts map[string]string, seed uint64, viewer int, noColor bool) *fixture {
	t.Helper()
	g, err := aitg.Definition{}.New(engine.Setup{Seats: n, Seed: seed, Options: opts})
	require.NoError(t, err)
	f := &fixture{t: t, g: g, viewer: viewer, live: true}
	names := []string{"ada", "bob", "cyd", "dee"}
	for i := 0; i < n; i++ {
		f.table.Seats = append(f.table.Seats, lobby.Seat{Index: i, AccountID: int64(i + 1), Handle: names[i]})
	}
	f.table.Game, f.table.Status = aitg.ID, lobby.TablePlaying
	ctx := tui.RenderContext{Theme: newTheme(noColor), Info: aitg.Definition{}.Info(), Submit: func(a engine.Action) error {
		if f.live {
			if _, err := f.g.Apply(f.viewer, a); err != nil {
				return err
			}
		}
		f.sent = append(f.sent, a)
		f.refresh()
		return nil
	}}
	f.r = New(ctx).(*Renderer)
	f.refresh()
	return f
}

func (f *fixture) state(viewer int) lobby.GameState {
	gs := lobby.GameState{Table: f.table, Seat: viewer, View: f.g.View(viewer), Prompt: f.g.Prompt(), Outcome: f.g.Outcome()}
	if viewer >= 0 {
		gs.Legal = f.g.Legal(viewer)
	}
	return gs
}

func (f *fixture) refresh() { f.r.SetState(f.state(f.viewer)) }

func (f *fixture) as(viewer int) {
	f.viewer = viewer
	f.refresh()
}

func (f *fixture) view() aitg.View { return f.g.View(f.viewer).(aitg.View) }

// until plays bots' choices for every seat until cond holds (true) or the
// game ends (false).
func (f *fixture) until(cond func() bool) bool {
	f.t.Helper()
	bots := map[int]engine.Bot{}
	for i := 0; i < 5000; i++ {
		if cond() {
			f.refresh()
			return true
		}
		p := f.g.Prompt()
		if len(p.Waiting) == 0 {
			return false
		}
		s := p.Waiting[0].Seat
		if bots[s] == nil {
			bots[s] = aitg.Definition{}.NewBot(s, uint64(s+7))
		}
		a := bots[s].Choose(f.g.View(s), f.g.Legal(s))
		_, err := f.g.Apply(s, a)
		require.NoError(f.t, err)
	}
	return false
}

// myWork waits until the viewer is to act in the work phase with at least
// one action of each kind in kinds legal.
func (f *fixture) myWork(kinds ...string) bool {
	return f.until(func() bool {
		p := f.g.Prompt()
		if p.Phase != aitg.PhaseWork || !p.Awaits(f.viewer) {
			return false
		}
		for _, k := range kinds {
			if legalKind(f.g, f.viewer, k) == nil {
				return false
			}
		}
		return true
	})
}

func legalKind(g engine.Game, seat int, kind string) engine.Action {
	for _, a := range g.Legal(seat) {
		if a.Kind() == kind {
			return a
		}
	}
	return nil
}

func (f *fixture) key(ks ...string) {
	types := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight}
	for _, k := range ks {
		if kt, ok := types[k]; ok {
			f.r.Update(tea.KeyMsg{Type: kt})
			continue
		}
		f.r.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	}
}

func (f *fixture) render(w, h int) string {
	f.t.Helper()
	out := f.r.View(w, h)
	checkSize(f.t, out, w, h)
	return out
}

func (f *fixture) plain(w, h int) string { return ansi.Strip(f.render(w, h)) }

func checkSize(t testing.TB, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	require.Len(t, lines, h, "lines at %dx%d", w, h)
	for i, l := range lines {
		require.Equal(t, w, ansi.StringWidth(l), "width of line %d at %dx%d: %q", i, w, h, ansi.Strip(l))
	}
}

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
