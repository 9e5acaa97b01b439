package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
	"boardroom/tui/tuitest"
)

// The play areas of 80x24 and 160x50 terminals (tuitest).
const (
	smallW, smallH = tuitest.SmallW, tuitest.SmallH
	largeW, largeH = tuitest.LargeW, tuitest.LargeH
)

// fixture is a real game with a renderer for one viewer; Submit applies
// the action to the game (unless Live is cleared) and reloads the state.
type fixture struct {
	*tuitest.Fixture
	r *Renderer
}

func newFixture(t testing.TB, n int, opts map[string]string, seed uint64, viewer int, noColor bool) *fixture {
	t.Helper()
	g, err := aitg.Definition{}.New(engine.Setup{Seats: n, Seed: seed, Options: opts})
	require.NoError(t, err)
	tf := tuitest.New(t, g, aitg.Definition{}.Info(), viewer)
	tf.Live, tf.Reload = true, true
	f := &fixture{Fixture: tf, r: New(tf.Context(tuitest.Theme(noColor, false))).(*Renderer)}
	tf.Attach(f.r)
	return f
}

func (f *fixture) view() aitg.View { return f.G.View(f.Viewer).(aitg.View) }

// until plays bots' choices for every seat until cond holds (true) or the
// game ends (false).
func (f *fixture) until(cond func() bool) bool {
	f.T.Helper()
	bots := map[int]engine.Bot{}
	for i := 0; i < 5000; i++ {
		if cond() {
			f.Refresh()
			return true
		}
		p := f.G.Prompt()
		if len(p.Waiting) == 0 {
			return false
		}
		s := p.Waiting[0].Seat
		if bots[s] == nil {
			bots[s] = aitg.Definition{}.NewBot(s, uint64(s+7))
		}
		a := bots[s].Choose(f.G.View(s), f.G.Legal(s))
		_, err := f.G.Apply(s, a)
		require.NoError(f.T, err)
	}
	return false
}

// myWork waits until the viewer is to act in the work phase with at least
// one action of each kind in kinds legal.
func (f *fixture) myWork(kinds ...string) bool {
	return f.until(func() bool {
		p := f.G.Prompt()
		if p.Phase != aitg.PhaseWork || !p.Awaits(f.Viewer) {
			return false
		}
		for _, k := range kinds {
			if tuitest.LegalKind(f.G, f.Viewer, k) == nil {
				return false
			}
		}
		return true
	})
}
