package opoly

import (
	"testing"

	"boardroom/tui/opoly/opolytuitest"
)

// newTPState starts a Technopoly game of n players for editing (see
// ppState): every start-up with the bank, everyone on Invest NI with cash.
func newTPState(t testing.TB, n int, cash int64) *ppState {
	t.Helper()
	return opolytuitest.NewTP(t, n, cash, fixtureMaker(t))
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
	tpTechMeetup   = opolytuitest.TPTechMeetup
)
