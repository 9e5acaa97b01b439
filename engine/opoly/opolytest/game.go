package opolytest

import (
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Game is a property game under test, for a variant's rule tests: its
// position is set with E (opoly.Editor) and then played through the engine
// contract, each step checked (the action is legal, the invariants hold, a
// refused action changes nothing). A variant test builds one with New.
type Game struct {
	T testing.TB
	G engine.Game
	E *opoly.Editor
}

// New starts a game of def with seats players and opts, with a clean
// board: every property with the bank, everyone on the start cell with
// cash, and seat 0 to play. The seed is fixed (7): rule tests script the
// dice they need.
func New(t testing.TB, def engine.Definition, seats int, cash int64, opts map[string]string) *Game {
	t.Helper()
	g, err := def.New(engine.Setup{Seats: seats, Seed: 7, Options: opts})
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	x := &Game{T: t, G: g, E: opoly.Edit(g)}
	x.E.Clean(cash).Turn(0)
	x.Done()
	return x
}

// Done republishes after edits and checks the invariants.
func (x *Game) Done() {
	x.T.Helper()
	if err := x.E.Done(); err != nil {
		x.T.Fatalf("after editing: %v", err)
	}
}

// Do applies a for seat; it must be accepted and keep the invariants.
func (x *Game) Do(seat int, a engine.Action) []engine.Event {
	x.T.Helper()
	ev, err := x.G.Apply(seat, a)
	if err != nil {
		x.T.Fatalf("seat %d %s: %v", seat, a.Kind(), err)
	}
	if err := x.G.(engine.Checker).CheckInvariants(); err != nil {
		x.T.Fatalf("after seat %d %s: %v", seat, a.Kind(), err)
	}
	return ev
}

// Refuse applies a for seat, which must be refused with a rule error of
// code and leave the state as it was.
func (x *Game) Refuse(seat int, a engine.Action, code string) {
	x.T.Helper()
	before, _ := x.G.Snapshot()
	_, err := x.G.Apply(seat, a)
	if err == nil {
		x.T.Fatalf("seat %d %s should be refused", seat, a.Kind())
	}
	re, ok := engine.IsRuleError(err)
	if !ok {
		x.T.Fatalf("not a rule error: %v", err)
	}
	if re.Code != code {
		x.T.Fatalf("refused with %s, want %s: %s", re.Code, code, re.Msg)
	}
	if after, _ := x.G.Snapshot(); string(before) != string(after) {
		x.T.Fatalf("a refused %s changed the state", a.Kind())
	}
}

// Roll scripts the dice and rolls for seat.
func (x *Game) Roll(seat, d1, d2 int) []engine.Event {
	x.T.Helper()
	x.E.Dice(d1, d2)
	return x.Do(seat, opoly.Roll{})
}

// LandOn makes it seat's turn three cells before c and rolls 1 and 2, so
// that the token lands on c.
func (x *Game) LandOn(seat, c int) []engine.Event {
	x.T.Helper()
	n := len(x.V(seat).Board.Cells)
	x.E.Turn(seat).Pos(seat, (c-3+n)%n)
	x.Done()
	return x.Roll(seat, 1, 2)
}

// OwnAll gives seat every property, so that its landings cost nothing.
func (x *Game) OwnAll(seat int) {
	x.T.Helper()
	for c, cell := range x.V(seat).Board.Cells {
		if cell.Kind.Property() {
			x.E.Own(seat, c)
		}
	}
	x.Done()
}

// Next is the seat after seat in the play order.
func (x *Game) Next(seat int) int {
	o := x.E.Order()
	for i, s := range o {
		if s == seat {
			return o[(i+1)%len(o)]
		}
	}
	return -1
}

// V is seat's view.
func (x *Game) V(seat int) opoly.View { return (*engine.ViewOf[opoly.View](x.G.View(seat))) }

// Cash is seat's cash.
func (x *Game) Cash(seat int) int64 { return x.V(seat).Players[seat].Cash }

// Pos is the cell seat's token is on.
func (x *Game) Pos(seat int) int { return x.V(seat).Players[seat].Position }

// Phase is the phase the game waits in.
func (x *Game) Phase() string { return x.G.Prompt().Phase }

// Active is the seat whose turn it is.
func (x *Game) Active() int { return x.V(engine.Spectator).Active }

// Owner is the owner of cell c.
func (x *Game) Owner(c int) int { return x.V(engine.Spectator).Cells[c].Owner }

// Level is the building level of cell c.
func (x *Game) Level(c int) int { return x.V(engine.Spectator).Cells[c].Level }

// Fee is what a non-owner would pay on cell c now for a dice total of 7.
func (x *Game) Fee(c int) int64 {
	v := x.V(0)
	return v.Rent(c, 7)
}

// HasAction reports whether seat's legal actions include one of kind.
func (x *Game) HasAction(seat int, kind string) bool {
	for _, a := range x.G.Legal(seat) {
		if a.Kind() == kind {
			return true
		}
	}
	return false
}

// Text joins the sentences viewer may read, one a line.
func Text(evs []engine.Event, viewer int) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.TextFor(viewer))
		b.WriteString("\n")
	}
	return b.String()
}
