package projectopoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
	"boardroom/tui/opoly/opolytuitest"
	"boardroom/tui/tuitest"
)

// The play area of an 80x24 terminal (tuitest).
const smallW, smallH = tuitest.SmallW, tuitest.SmallH

// fixture is a Projectopoly game behind the core renderer with this
// package's panel, for one viewer.
type fixture struct {
	*tuitest.Fixture
	r *opolytui.Renderer
}

// fixtureOf wraps g in a fixture for viewer; the last of 3 or more seats
// is a bot.
func fixtureOf(t testing.TB, g engine.Game, info engine.Info, viewer int, noColor bool) *fixture {
	t.Helper()
	tf := tuitest.New(t, g, info, viewer).BotLast()
	f := &fixture{Fixture: tf, r: Renderers()[info.ID](tf.Context(tuitest.Theme(noColor, false))).(*opolytui.Renderer)}
	tf.Attach(f.r)
	return f
}

// newPPState starts a Projectopoly game of n PMs for editing
// (opolytuitest.State): every asset with FICO, every PM on Go! with cash.
func newPPState(t testing.TB, n int, cash int64) *opolytuitest.State[*fixture] {
	t.Helper()
	return opolytuitest.NewPP(t, n, cash, func(g engine.Game, info engine.Info, viewer int, noColor bool) *fixture {
		return fixtureOf(t, g, info, viewer, noColor)
	})
}

func (f *fixture) view() opoly.View { return (*engine.ViewOf[opoly.View](f.G.View(f.Viewer))) }

// text is the panes at full width (opolytuitest.Text).
func (f *fixture) text() string {
	f.T.Helper()
	return opolytuitest.Text(f.Fixture)
}

// frames is the text of the panes at 80x24 and 160x50
// (opolytuitest.Frames).
func frames(t *testing.T, f *fixture) []string {
	t.Helper()
	return opolytuitest.Frames(t, f.Fixture, f.r.PaneArea)
}

// pickCell moves the open pick list to cell c.
func (f *fixture) pickCell(c int) {
	f.T.Helper()
	require.Equal(f.T, "pick", f.r.Mode())
	cells, _, _ := f.r.PickList()
	for range cells {
		if _, _, idx := f.r.PickList(); cells[idx] == c {
			return
		}
		f.Key("down")
	}
	require.Failf(f.T, "not in the list", "cell %d not in %v", c, cells)
}

// pickIdx is the open pick list's highlighted row.
func pickIdx(f *fixture) int {
	_, _, i := f.r.PickList()
	return i
}

// Projectopoly cells the tests use (G000-02).
const (
	ppAgile     = opolytuitest.PPAgile
	ppIntranet  = opolytuitest.PPIntranet
	ppTimesheet = opolytuitest.PPTimesheet
	ppPrinter   = opolytuitest.PPPrinter
	ppDesk      = opolytuitest.PPDesk
	ppWebsite   = opolytuitest.PPWebsite
	ppPortal    = opolytuitest.PPPortal
	ppStore     = opolytuitest.PPStore
	ppField     = opolytuitest.PPField
	ppLoyalty   = opolytuitest.PPLoyalty
	ppBanking   = opolytuitest.PPBanking
	ppKPI       = opolytuitest.PPKPI
	ppWarehouse = opolytuitest.PPWarehouse
	ppCDP       = opolytuitest.PPCDP
	ppLegacy    = opolytuitest.PPLegacy
	ppHelpDesk  = opolytuitest.PPHelpDesk
)
