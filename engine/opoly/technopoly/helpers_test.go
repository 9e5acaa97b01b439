package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// Technopoly spaces used by the tests (G001-01).
const (
	tInvestNI   = 0
	tFieldSense = 1
	tMeetup     = 2
	tHerdTrack  = 3
	tHackathon  = 4
	tLagan      = 5
	tLearnLoop  = 6
	tQuizForge  = 8
	tTutorNest  = 9
	tCatalyst   = 10
	tRunway     = 20
	tSperrin    = 35
	tQubit      = 37
	tCareers    = 38
	tEntangle   = 39
)

// tg is a Technopoly game under test (the core's test kit).
type tg = opolytest.Game

// newTP starts a Technopoly game of seats players with a clean board: every
// start-up unowned, everyone on Invest NI with cash, and seat 0 to play.
func newTP(t *testing.T, seats int, cash int64, opts map[string]string) *tg {
	t.Helper()
	return opolytest.New(t, technopoly.Definition{}, seats, cash, opts)
}

// moneyEvents checks that every money change of evs has a reason and the
// balance the view shows afterwards (R001-10).
func moneyEvents(t *testing.T, x *tg, evs []engine.Event) int {
	t.Helper()
	n := 0
	for _, e := range evs {
		for _, m := range e.Money {
			require.NotEmpty(t, m.Reason, "%q", e.Text)
			require.Contains(t, e.Text, "balance", "%q", e.Text)
			n++
		}
	}
	return n
}
