package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// landOn makes it seat's turn and moves it onto cell c with a roll of 1
// and 2 from three cells before.
func (x *tg) landOn(seat, c int) []engine.Event {
	x.t.Helper()
	x.e.Turn(seat).Pos(seat, (c-3+40)%40)
	x.done()
	return x.roll(seat, 1, 2)
}

func TestR004_09_StreetRentDoubleOnFullGroup(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(1, cOldCanteen)
	x.done()
	ev := x.landOn(0, cOldCanteen)
	require.Equal(t, int64(1496), x.cash(0))
	require.Equal(t, int64(1504), x.cash(1))
	require.Contains(t, text(ev, 0), "Seat 1 paid $4 to Seat 2: rent for Old Canteen; balance $1,496.")
	m := ev[len(ev)-1].Money
	require.Equal(t, []engine.MoneyChange{
		{Seat: 0, Delta: -4, Balance: 1496, Reason: "rent for Old Canteen"},
		{Seat: 1, Delta: 4, Balance: 1504, Reason: "rent for Old Canteen"},
	}, m)

	x.e.Own(1, cBikeShed)
	x.done()
	x.landOn(0, cOldCanteen)
	require.Equal(t, int64(1488), x.cash(0), "x2 on a complete group")
	// MF-5: a mortgaged street still counts as owned for the x2.
	x.e.Mortgaged(cBikeShed)
	x.done()
	x.landOn(0, cOldCanteen)
	require.Equal(t, int64(1480), x.cash(0))
	v := x.v(0)
	require.Equal(t, int64(8), v.Rent(cOldCanteen, 7))
}

func TestR004_14_NoRentOnMortgaged(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(1, cOldCanteen).Mortgaged(cOldCanteen)
	x.done()
	x.landOn(0, cOldCanteen)
	require.Equal(t, int64(1500), x.cash(0))
	v := x.v(0)
	require.Equal(t, int64(0), v.Rent(cOldCanteen, 7))
}

func TestR004_10_RentWithBuildings(t *testing.T) {
	want := []int64{50, 200, 600, 1400, 1700, 2000}
	for level := 1; level <= 5; level++ {
		x := newTG(t, 2, 5000, nil)
		x.e.Own(1, cRector, cGreatHall).Level(level, cGreatHall).Level(level-1, cRector)
		if level == 5 {
			x.e.Level(5, cRector)
		}
		x.done()
		x.landOn(0, cGreatHall)
		require.Equal(t, 5000-want[level], x.cash(0), "level %d", level)
	}
}

func TestG004_02_GatesByCount(t *testing.T) {
	gates := []int{cNorthGate, cEastGate, cSouthGate, cWestGate}
	for n, want := range []int64{25, 50, 100, 200} {
		x := newTG(t, 2, 1500, nil)
		x.e.Own(1, gates[:n+1]...)
		x.done()
		x.landOn(0, cNorthGate)
		require.Equal(t, 1500-want, x.cash(0), "%d gates", n+1)
	}
}

func TestG004_03_UtilitiesDiceTimesFourOrTen(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(1, cWiFi)
	x.done()
	x.landOn(0, cWiFi)
	require.Equal(t, int64(1500-4*3), x.cash(0))
	x.e.Own(1, cPrint)
	x.done()
	x.landOn(0, cWiFi)
	require.Equal(t, int64(1488-10*3), x.cash(0))
}

func TestG004_08_U5NearestGatePaysTwice(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(1, cSouthGate, cWestGate).Top(dU, "U5")
	x.done()
	x.landOn(0, cUnexp2) // 22 -> nearest gate 25
	require.Equal(t, cSouthGate, x.pos(0))
	require.Equal(t, int64(1500-2*50), x.cash(0))
}

func TestG004_08_U5NearestGateUnownedMayBuy(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Top(dU, "U5")
	x.done()
	x.landOn(0, cUnexp3) // 36 -> North Gate, passing GO
	require.Equal(t, cNorthGate, x.pos(0))
	require.Equal(t, int64(1700), x.cash(0))
	require.Equal(t, opoly.PhaseBuy, x.phase())
}

func TestG004_08_U6NearestUtilityTenTimesFreshRoll(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(1, cPrint).Top(dU, "U6")
	x.done()
	x.e.Turn(0).Pos(0, cUnexp2-3).Dice(1, 2, 5, 6) // the move, then the fresh roll
	x.done()
	x.do(0, opoly.Roll{})
	require.Equal(t, cPrint, x.pos(0))
	require.Equal(t, int64(1500-10*11), x.cash(0))
	require.Empty(t, x.e.Script())
}

func TestMF5_NoRentToYourself(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cOldCanteen)
	x.done()
	x.landOn(0, cOldCanteen)
	require.Equal(t, int64(1500), x.cash(0))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}
