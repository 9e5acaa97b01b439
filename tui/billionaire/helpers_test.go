package billionaire

import (
	tea "github.com/charmbracelet/bubbletea"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
	"boardroom/tui/tuitest"
)

// The play areas of 80x24 and 160x50 terminals (tuitest).
const (
	smallW, smallH   = tuitest.SmallW, tuitest.SmallH
	largeW2, largeH2 = tuitest.LargeW, tuitest.LargeH // largeW is the layout's own
)

// fixture is a real game with a renderer for one viewer; Submit applies
// the action to the game and reloads the state.
type fixture struct {
	*tuitest.Fixture
	r *Renderer
}

func newFixture(t testing.TB, n int, seed uint64, viewer int, noColor bool) *fixture {
	t.Helper()
	g, err := bill.Definition{}.New(engine.Setup{Seats: n, Seed: seed})
	require.NoError(t, err)
	tf := tuitest.New(t, g, bill.Definition{}.Info(), viewer)
	tf.Live, tf.Reload = true, true
	f := &fixture{Fixture: tf, r: New(tf.Context(tuitest.Theme(noColor, false)))}
	tf.Attach(f.r)
	return f
}

func (f *fixture) view() bill.View { return f.G.View(f.Viewer).(bill.View) }

// play applies the prompt's default or the first action of a kind in
// prefer for every awaited seat but skip, until cond holds; it reports
// whether it did within the step budget.
func (f *fixture) play(skip int, cond func() bool, prefer ...string) bool {
	for i := 0; i < 3000; i++ {
		if cond() {
			f.Refresh()
			return true
		}
		p := f.G.Prompt()
		moved := false
		for _, w := range p.Waiting {
			if w.Seat == skip {
				continue
			}
			a := w.Default
			legal := f.G.Legal(w.Seat)
		pick:
			for _, k := range prefer {
				for _, l := range legal {
					if l.Kind() == k {
						a = l
						break pick
					}
				}
			}
			_, err := f.G.Apply(w.Seat, a)
			require.NoError(f.T, err)
			moved = true
			break
		}
		if !moved {
			f.Refresh()
			return cond()
		}
	}
	return false
}

// bobHolds makes seat 1 (bob) choose a Select Work card, which it can play
// in every zone: the round then waits on bob rather than ending as soon
// as ada has played her one card (a seat that can play nothing more is
// passed at once).
func bobHolds(f *fixture) {
	f.T.Helper()
	f.Apply(1, bill.Choose{Select: 1})
}

// keyMsg is a key by name, as tuitest presses it.
func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}
