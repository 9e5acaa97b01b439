package opoly

import (
	"testing"

	"boardroom/engine/opoly/technopoly"
)

// newTPState starts a Technopoly game of n players for editing (see
// ppState): every start-up with the bank, everyone on Invest NI with cash.
func newTPState(t testing.TB, n int, cash int64) *ppState {
	t.Helper()
	return newEditState(t, technopoly.Definition{}, n, cash)
}

// laps sets a player's trips round the board.
func (s *ppState) laps(seat, n int) *ppState { s.player(seat)["laps"] = n; return s }

// Technopoly cells the tests use (G001-01).
const (
	tpFieldSense   = 1
	tpHerdTrack    = 3
	tpLaganFibre   = 5
	tpLearnLoop    = 6
	tpQuizForge    = 8
	tpTutorNest    = 9
	tpHarbourCloud = 12
	tpGlensHosting = 28
	tpTechMeetup   = 2
)

// news switches the Tech News deck on (G001-07).
func (s *ppState) news() *ppState {
	setup := s.m["setup"].(map[string]any)
	opts, _ := setup["options"].(map[string]any)
	if opts == nil {
		opts = map[string]any{}
	}
	opts["techNewsDeck"] = "on"
	setup["options"] = opts
	return s
}

// at puts seat's token on cell c.
func (s *ppState) at(seat, c int) *ppState { s.player(seat)["pos"] = c; return s }

// buying opens the active player's buy decision on the cell its token
// stands on.
func (s *ppState) buying() *ppState { s.m["phase"] = 1; return s }
