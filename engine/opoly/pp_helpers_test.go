package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// Projectopoly cells used by the tests (G000-02).
const (
	pGo         = 0
	pLegacy     = 1
	pChest1     = 2
	pHelpDesk   = 3
	pAudit      = 4
	pAgile      = 5
	pIntranet   = 6
	pChance1    = 7
	pTimesheet  = 8
	pPrinter    = 9
	pWFA        = 10
	pWebsite    = 11
	pDesk       = 12
	pPortal     = 13
	pStore      = 14
	pRisk       = 15
	pField      = 16
	pLoyalty    = 18
	pBanking    = 19
	pVacation   = 20
	pKPI        = 21
	pChance2    = 22
	pCICD       = 26
	pK8s        = 27
	pCloudHost  = 28
	pMigration  = 29
	pGoToWFA    = 30
	pHR         = 31
	pCRM        = 32
	pERP        = 34
	pPortfolio  = 35
	pChance3    = 36
	pAI         = 37
	pScopeCreep = 38
	pCoreBank   = 39
	pProgramme  = 25
)

const (
	dChance = projectopoly.DeckChance
	dChest  = projectopoly.DeckProjectChest
)

// newPP starts a Projectopoly game of seats PMs with a clean board: every
// asset with FICO, everyone on Go! with cash, and seat 0 to play.
func newPP(t *testing.T, seats int, cash int64, opts map[string]string) *tg {
	t.Helper()
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: seats, Seed: 7, Options: opts})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	x.e.Clean(cash).Turn(0)
	x.done()
	return x
}

// supply returns the free FTE and QM teams.
func (x *tg) supply() (int, int) {
	s := x.v(engine.Spectator).Supply
	require.NotNil(x.t, s)
	return s.UnitsFree, s.TopsFree
}

// level returns the staffing level of cell c (1-4 FTE, 5 Team+QM).
func (x *tg) level(c int) int { return x.v(engine.Spectator).Cells[c].Level }

// extended reports whether cell c is under budget extension.
func (x *tg) extended(c int) bool { return x.v(engine.Spectator).Cells[c].Mortgaged }

func projectopolyDef() engine.Definition { return projectopoly.Definition{} }

// fee is what a non-owner would pay on cell c now for a dice total of 7.
func (x *tg) fee(c int) int64 {
	v := x.v(0)
	return v.Rent(c, 7)
}

func projectopolyRules() *opoly.Ruleset { return projectopoly.Rules() }
