package technopoly

import (
	"strings"
	"testing"
	"time"

	"boardroom/engine"
	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
	"boardroom/tui/opoly/opolytuitest"
	"boardroom/tui/tuitest"
)

// The play areas of 80x24 and 160x50 terminals (tuitest).
const (
	smallW, smallH = tuitest.SmallW, tuitest.SmallH
	largeW, largeH = tuitest.LargeW, tuitest.LargeH
)

// fixture is a Technopoly game behind the core renderer with this
// package's panel, for one viewer; now is the session's clock (zero until
// a test sets it, which matters only once a turn deadline is set).
type fixture struct {
	*tuitest.Fixture
	r   *opolytui.Renderer
	now time.Time
}

// fixtureOf wraps g in a fixture for viewer; the last of 3 or more seats
// is a bot.
func fixtureOf(t testing.TB, g engine.Game, info engine.Info, viewer int, noColor bool) *fixture {
	t.Helper()
	tf := tuitest.New(t, g, info, viewer).BotLast()
	f := &fixture{Fixture: tf}
	ctx := tf.Context(tuitest.Theme(noColor, false))
	ctx.Now = func() time.Time { return f.now }
	f.r = Renderers()[info.ID](ctx).(*opolytui.Renderer)
	tf.Attach(f.r)
	return f
}

// maker wraps a restored game in this package's fixture.
func maker(t testing.TB) opolytuitest.Fixture[*fixture] {
	return func(g engine.Game, info engine.Info, viewer int, noColor bool) *fixture {
		return fixtureOf(t, g, info, viewer, noColor)
	}
}

// newTPState starts a Technopoly game of n players for editing
// (opolytuitest.State): every start-up with the bank, everyone on Invest
// NI with cash.
func newTPState(t testing.TB, n int, cash int64) *opolytuitest.State[*fixture] {
	t.Helper()
	return opolytuitest.NewTP(t, n, cash, maker(t))
}

// tpBoard is the Technopoly position of the screen tests
// (opolytuitest.TPBoard).
func tpBoard(t *testing.T, cash int64) *opolytuitest.State[*fixture] {
	return opolytuitest.TPBoard(t, cash, maker(t))
}

func (f *fixture) view() opoly.View { return (*engine.ViewOf[opoly.View](f.G.View(f.Viewer))) }

// text is the panes at full width (opolytuitest.Text).
func (f *fixture) text() string {
	f.T.Helper()
	return opolytuitest.Text(f.Fixture)
}

// pickCells, pickActs and pickIdx are the open pick list's cells,
// actions and highlighted row.
func pickCells(f *fixture) []int {
	c, _, _ := f.r.PickList()
	return c
}

func pickActs(f *fixture) []engine.Action {
	_, a, _ := f.r.PickList()
	return a
}

func pickIdx(f *fixture) int {
	_, _, i := f.r.PickList()
	return i
}

// tpFlat makes every run of spaces one space.
func tpFlat(s string) string { return strings.Join(strings.Fields(s), " ") }

// seatDigit is the seat's mark in the players pane ("1" for seat 0).
func seatDigit(s int) string { return string(rune('1' + s)) }

func anySlice[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// Technopoly cells the tests use (G001-01).
const (
	tpFieldSense   = opolytuitest.TPFieldSense
	tpHerdTrack    = opolytuitest.TPHerdTrack
	tpLaganFibre   = opolytuitest.TPLaganFibre
	tpLearnLoop    = opolytuitest.TPLearnLoop
	tpQuizForge    = opolytuitest.TPQuizForge
	tpTutorNest    = opolytuitest.TPTutorNest
	tpHarbourCloud = opolytuitest.TPHarbourCloud
	tpGlensHosting = opolytuitest.TPGlensHosting
)
