package opoly

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/tui/opoly/opolytuitest"
)

// ppState is a property game's snapshot edited for a test
// (opolytuitest.State), restored behind the package's fixture.
type ppState = opolytuitest.State[*fixture]

// newPPState starts a Projectopoly game of n PMs and clears its board:
// every asset with FICO, every PM on Go! with cash.
func newPPState(t testing.TB, n int, cash int64) *ppState {
	t.Helper()
	return opolytuitest.NewPP(t, n, cash, fixtureMaker(t))
}

// fixtureMaker wraps a restored game in the package's fixture.
func fixtureMaker(t testing.TB) opolytuitest.Fixture[*fixture] {
	return func(g engine.Game, info engine.Info, viewer int, noColor bool) *fixture {
		return fixtureOf(t, g, info, viewer, noColor)
	}
}

// Projectopoly cells the tests use (G000-02).
const (
	ppAgile     = opolytuitest.PPAgile
	ppIntranet  = opolytuitest.PPIntranet
	ppTimesheet = opolytuitest.PPTimesheet
	ppPrinter   = opolytuitest.PPPrinter
	ppWebsite   = opolytuitest.PPWebsite
	ppDesk      = opolytuitest.PPDesk
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

// text is the renderer's panes at full width (opolytuitest.Text).
func (f *fixture) text() string {
	f.T.Helper()
	return opolytuitest.Text(f.Fixture)
}

// pickCell moves the open pick list to cell c.
func (f *fixture) pickCell(c int) {
	f.T.Helper()
	require.Equal(f.T, modePick, f.r.mode)
	for i := range f.r.pick.cells {
		if f.r.pick.cells[f.r.pick.idx] == c {
			return
		}
		_ = i
		f.Key("down")
	}
	require.Failf(f.T, "not in the list", "cell %d not in %v", c, f.r.pick.cells)
}
