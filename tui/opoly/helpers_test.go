package opoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui/tuitest"
)

// The play areas of 80x24 and 160x50 terminals (tuitest).
const (
	smallW, smallH = tuitest.SmallW, tuitest.SmallH
	largeW, largeH = tuitest.LargeW, tuitest.LargeH
)

// fixture is a real property game with a renderer for one viewer.
type fixture struct {
	*tuitest.Fixture
	r *Renderer
}

// newFixture starts a Unipoly game of n seats with seed and a renderer for viewer.
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
	tf := tuitest.New(t, g, info, viewer).BotLast()
	f := &fixture{Fixture: tf, r: testNew(tf.Context(tuitest.Theme(noColor, false))).(*Renderer)}
	tf.Attach(f.r)
	return f
}

func (f *fixture) view() opoly.View { return (*engine.ViewOf[opoly.View](f.G.View(f.Viewer))) }

// untilPhase plays simple moves (decline nothing, roll, end turn, the
// prompt's default otherwise) until the view's phase is phase.
func (f *fixture) untilPhase(phase string, decline bool) bool {
	for i := 0; i < 2000; i++ {
		p := f.G.Prompt()
		if p.Phase == phase {
			f.Refresh()
			return true
		}
		if len(p.Waiting) == 0 {
			return false
		}
		w := p.Waiting[0]
		a := w.Default
		switch {
		case decline && tuitest.LegalKind(f.G, w.Seat, "decline") != nil:
			a = opoly.Decline{}
		case tuitest.LegalKind(f.G, w.Seat, "buy") != nil:
			a = opoly.Buy{}
		case tuitest.LegalKind(f.G, w.Seat, "roll") != nil:
			a = opoly.Roll{}
		case tuitest.LegalKind(f.G, w.Seat, "end_turn") != nil:
			a = opoly.EndTurn{}
		}
		_, err := f.G.Apply(w.Seat, a)
		require.NoError(f.T, err)
	}
	return false
}
