package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
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
	return opolytest.New(t, projectopoly.Definition{}, seats, cash, opts)
}

// tg is a Projectopoly game under test (the core's test kit).
type tg = opolytest.Game

// supply returns the free FTE and QM teams.
func supply(x *tg) (int, int) {
	s := x.V(engine.Spectator).Supply
	require.NotNil(x.T, s)
	return s.UnitsFree, s.TopsFree
}

// extended reports whether cell c is under budget extension.
func extended(x *tg, c int) bool { return x.V(engine.Spectator).Cells[c].Mortgaged }

func projectopolyDef() engine.Definition { return projectopoly.Definition{} }

func projectopolyRules() *opoly.Ruleset { return projectopoly.Rules() }
