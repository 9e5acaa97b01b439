package billionaire

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
	bill "boardroom/engine/billionaire"
	"boardroom/lobby"
	"boardroom/tui"
)

// Play areas the play screen gives a renderer (tui/play.go): 80x12 at an
// 80x24 terminal, 107x45 at 160x50.
const (
	smallW, smallH   = 80, 12
	largeW2, largeH2 = 107, 45
)

// fixture is a real game with a renderer for one viewer; Submit applies
// the action to the game.
type fixture struct {
	t      testing.TB
	g      engine.Game
	table  lobby.Table
	r      *Renderer
	viewer int
	sent   []engine.Action
}

func newTheme(noColor, ascii bool) *tui.Theme {
	lr := lipgloss.NewRenderer(io.Discard)
	lr.SetColorProfile(termenv.ANSI256)
	return tui.NewTheme(lr, noColor, ascii)
}

func newFixture(t testing.TB, n int, seed uint64, viewer int, noColor bool) *fixture {
	t.Helper()
	g, err := bill.Definition{}.New(engine.Setup{Seats: n, Seed: seed})
	require.NoError(t, err)
	f := &fixture{t: t, g: g, viewer: viewer}
	names := []string{"ada", "bob", "cyd", "dee"}
	for i := 0; i < n; i++ {
		f.table.Seats = append(f.table.Seats, lobby.Seat{Index: i, AccountID: int64(i + 1), Handle: names[i]})
	}
	f.table.Game, f.table.Status = bill.ID, lobby.TablePlaying
	ctx := tui.RenderContext{Theme: newTheme(noColor, false), Info: bill.Definition{}.Info(), Submit: func(a engine.Action) error {
		if _, err := f.g.Apply(f.viewer, a); err != nil {
			return err
		}
		f.sent = append(f.sent, a)
		f.refresh()
		return nil
	}}
	f.r = New(ctx)
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

func (f *fixture) view() bill.View { return f.g.View(f.viewer).(bill.View) }

func (f *fixture) key(ks ...string) {
	types := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight}
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

// play applies the prompt's default or the first action of a kind in
// prefer for every awaited seat but skip, until cond holds; it reports
// whether it did within the step budget.
func (f *fixture) play(skip int, cond func() bool, prefer ...string) bool {
	for i := 0; i < 3000; i++ {
		if cond() {
			f.refresh()
			return true
		}
		p := f.g.Prompt()
		moved := false
		for _, w := range p.Waiting {
			if w.Seat == skip {
				continue
			}
			a := w.Default
			legal := f.g.Legal(w.Seat)
		pick:
			for _, k := range prefer {
				for _, l := range legal {
					if l.Kind() == k {
						a = l
						break pick
					}
				}
			}
			_, err := f.g.Apply(w.Seat, a)
			require.NoError(f.t, err)
			moved = true
			break
		}
		if !moved {
			f.refresh()
			return cond()
		}
	}
	return false
}

func hasColour(s string) bool {
	for _, m := range colourSGR.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.Split(m[1], ";") {
			switch {
			case p == "38" || p == "48":
				return true
			case len(p) == 2 && (p[0] == '3' || p[0] == '4') && p != "39" && p != "49":
				return true
			case len(p) == 2 && p[0] == '9', len(p) == 3 && p[:2] == "10":
				return true
			}
		}
	}
	return false
}

var colourSGR = regexp.MustCompile(`\x1b\[([0-9;]*)m`)
