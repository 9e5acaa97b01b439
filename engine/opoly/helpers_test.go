package opoly_test

import (
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// Unipoly cells used by the tests.
const (
	cGO          = 0
	cBikeShed    = 1
	cProb1       = 2
	cOldCanteen  = 3
	cTuition     = 4
	cNorthGate   = 5
	cNorthDorm   = 6
	cUnexp1      = 7
	cSouthDorm   = 8
	cIntlHouse   = 9
	cJail        = 10
	cLanguage    = 11
	cWiFi        = 12
	cArts        = 13
	cLaw         = 14
	cEastGate    = 15
	cSports      = 16
	cProb2       = 17
	cUnion       = 18
	cBar         = 19
	cParking     = 20
	cChemistry   = 21
	cUnexp2      = 22
	cPhysics     = 23
	cBiology     = 24
	cSouthGate   = 25
	cEconomics   = 26
	cEngineering = 27
	cPrint       = 28
	cCompSci     = 29
	cGoToJail    = 30
	cMedical     = 31
	cResearch    = 32
	cProb3       = 33
	cLibrary     = 34
	cWestGate    = 35
	cUnexp3      = 36
	cRector      = 37
	cFine        = 38
	cGreatHall   = 39
)

const (
	dU = unipoly.DeckUnexpected
	dP = unipoly.DeckProbability
)

// tg is a Unipoly game under test with a clean board.
type tg struct {
	t *testing.T
	g engine.Game
	e *opoly.Editor
}

// newTG starts a game of seats players, every property with the bank,
// everyone on GO with cash, and seat 0 to play.
func newTG(t *testing.T, seats int, cash int64, opts map[string]string) *tg {
	t.Helper()
	g, err := unipoly.Definition{}.New(engine.Setup{Seats: seats, Seed: 7, Options: opts})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	x.e.Clean(cash).Turn(0)
	x.done()
	return x
}

// done republishes after edits and checks the invariants.
func (x *tg) done() {
	x.t.Helper()
	require.NoError(x.t, x.e.Done())
}

func (x *tg) do(seat int, a engine.Action) []engine.Event {
	x.t.Helper()
	ev, err := x.g.Apply(seat, a)
	require.NoError(x.t, err, "seat %d %s", seat, a.Kind())
	require.NoError(x.t, x.g.(engine.Checker).CheckInvariants())
	return ev
}

func (x *tg) refuse(seat int, a engine.Action, code string) {
	x.t.Helper()
	before, _ := x.g.Snapshot()
	_, err := x.g.Apply(seat, a)
	require.Error(x.t, err, "seat %d %s should be refused", seat, a.Kind())
	re, ok := engine.IsRuleError(err)
	require.True(x.t, ok, "not a rule error: %v", err)
	require.Equal(x.t, code, re.Code, re.Msg)
	after, _ := x.g.Snapshot()
	require.Equal(x.t, string(before), string(after), "a refused action changed the state")
}

// roll scripts the dice and rolls for seat.
func (x *tg) roll(seat, d1, d2 int) []engine.Event {
	x.t.Helper()
	x.e.Dice(d1, d2)
	return x.do(seat, opoly.Roll{})
}

func (x *tg) v(seat int) opoly.View { return (*engine.ViewOf[opoly.View](x.g.View(seat))) }

func (x *tg) cash(seat int) int64 { return x.v(seat).Players[seat].Cash }

func (x *tg) pos(seat int) int { return x.v(seat).Players[seat].Position }

func (x *tg) phase() string { return x.g.Prompt().Phase }

func (x *tg) active() int { return x.v(engine.Spectator).Active }

func (x *tg) owner(c int) int { return x.v(engine.Spectator).Cells[c].Owner }

// next returns the seat after seat in play order.
func (x *tg) next(seat int) int {
	o := x.e.Order()
	for i, s := range o {
		if s == seat {
			return o[(i+1)%len(o)]
		}
	}
	return -1
}

// hasAction reports whether seat's legal actions include one of kind.
func (x *tg) hasAction(seat int, kind string) bool {
	for _, a := range x.g.Legal(seat) {
		if a.Kind() == kind {
			return true
		}
	}
	return false
}

// text joins the sentences viewer may read.
func text(evs []engine.Event, viewer int) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.TextFor(viewer))
		b.WriteString("\n")
	}
	return b.String()
}
