package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// ownAll gives seat every property so that landings cost nothing.
func (x *tg) ownAll(seat int) {
	for c, cell := range x.v(seat).Board.Cells {
		if cell.Kind.Property() {
			x.e.Own(seat, c)
		}
	}
	x.done()
}

func TestR004_04_MustRollBeforeEndTurn(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	require.True(t, x.hasAction(0, "roll"))
	require.False(t, x.hasAction(0, "end_turn"))
	x.refuse(0, opoly.EndTurn{}, engine.CodeIllegal)
	x.refuse(x.next(0), opoly.Roll{}, engine.CodeNotYourTurn)
	x.ownAll(0)
	x.roll(0, 1, 2)
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.True(t, x.hasAction(0, "end_turn"))
	x.refuse(0, opoly.Roll{}, engine.CodeIllegal)
	x.do(0, opoly.EndTurn{})
	require.Equal(t, x.next(0), x.active())
	require.Equal(t, opoly.PhaseRoll, x.phase())
}

func TestR004_06_GoSalary(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.ownAll(0)
	x.e.Pos(0, 38)
	x.done()
	ev := x.roll(0, 1, 2) // 38 -> 1, passing GO
	require.Equal(t, cBikeShed, x.pos(0))
	require.Equal(t, int64(1700), x.cash(0))
	require.Contains(t, text(ev, 1), "Seat 1 received $200 from the bank: salary at GO; balance $1,700.")
	x.do(0, opoly.EndTurn{})
	// Landing exactly on GO pays too.
	x.e.Turn(0).Pos(0, 35)
	x.done()
	x.roll(0, 2, 3)
	require.Equal(t, cGO, x.pos(0))
	require.Equal(t, int64(1900), x.cash(0))
}

func TestA004_13_PassGoThenAdvanceToGoPaysTwice(t *testing.T) {
	// 6.3 #2: pass GO, land on Unexpected at 7, draw "Advance to GO": +$400.
	x := newTG(t, 2, 1500, nil)
	x.e.Pos(0, 36).Top(dU, "U1")
	x.done()
	x.roll(0, 5, 6)
	require.Equal(t, cGO, x.pos(0))
	require.Equal(t, int64(1900), x.cash(0))
}

func TestR004_05_DoublesRollAgain(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.ownAll(0)
	x.e.Pos(0, cParking)
	x.done()
	x.roll(0, 2, 2)
	v := x.v(0)
	require.True(t, v.MustRoll)
	require.Equal(t, 1, v.Doubles)
	require.False(t, x.hasAction(0, "end_turn"))
	x.refuse(0, opoly.EndTurn{}, engine.CodeIllegal)
	require.Equal(t, engine.Action(opoly.Roll{}), x.g.Prompt().Waiting[0].Default)
	x.roll(0, 1, 2)
	require.False(t, x.v(0).MustRoll)
	require.Equal(t, cEngineering, x.pos(0))
	x.do(0, opoly.EndTurn{})
}

func TestR004_05_ThirdDoubleGoesToJailWithoutMoving(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.ownAll(0)
	x.e.Pos(0, cWiFi)
	x.done()
	x.roll(0, 1, 1)
	require.Equal(t, cLaw, x.pos(0))
	x.roll(0, 2, 2)
	require.Equal(t, cUnion, x.pos(0))
	ev := x.roll(0, 3, 3)
	p := x.v(0).Players[0]
	require.True(t, p.InJail)
	require.Equal(t, cJail, p.Position)
	require.Equal(t, int64(1500), p.Cash, "no salary on the way to jail")
	require.Equal(t, x.next(0), x.active(), "the turn ends")
	require.Contains(t, text(ev, 0), "three doubles in a row")
}

func TestR004_17_GoToJailCell(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Pos(0, cEngineering)
	x.done()
	x.roll(0, 1, 2)
	p := x.v(0).Players[0]
	require.True(t, p.InJail)
	require.Equal(t, cJail, p.Position)
	require.Equal(t, int64(1500), p.Cash)
	require.Equal(t, x.next(0), x.active())
}

func TestR004_17_GoToJailOnADoubleEndsTheTurn(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Pos(0, 26)
	x.done()
	x.roll(0, 2, 2) // 26 -> 30 Go to Jail, on a double
	require.True(t, x.v(0).Players[0].InJail)
	require.Equal(t, x.next(0), x.active(), "no extra roll from jail")
}

func TestR004_18_JustVisiting(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Pos(0, 6)
	x.done()
	x.roll(0, 1, 3)
	p := x.v(0).Players[0]
	require.Equal(t, cJail, p.Position)
	require.False(t, p.InJail)
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestR004_20_FreeParkingNothing(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Pos(0, 17)
	x.done()
	x.roll(0, 1, 2)
	require.Equal(t, cParking, x.pos(0))
	require.Equal(t, int64(1500), x.cash(0))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

func TestG004_04_Taxes(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.roll(0, 1, 3)
	require.Equal(t, int64(1300), x.cash(0))
	x.do(0, opoly.EndTurn{})
	o := x.active()
	x.e.Pos(o, 35)
	x.done()
	ev := x.roll(o, 1, 2)
	require.Equal(t, int64(1400), x.cash(o))
	require.Contains(t, text(ev, 0), "paid $100 to the bank: Library Fine")
}

func TestC11_Rounds(t *testing.T) {
	x := newTG(t, 3, 1500, nil)
	x.ownAll(0)
	order := x.e.Order()
	x.e.Turn(order[0])
	x.done()
	require.Equal(t, 1, x.g.Round())
	for i, seat := range order {
		require.Equal(t, seat, x.active())
		x.e.Pos(seat, cParking)
		x.done()
		x.roll(seat, 1, 2)
		x.do(seat, opoly.EndTurn{})
		if i < 2 {
			require.Equal(t, 1, x.g.Round())
		}
	}
	require.Equal(t, 2, x.g.Round())
	require.Equal(t, 2, x.v(0).Round)
}
