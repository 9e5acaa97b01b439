package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

func TestR004_13_MortgageAndLift(t *testing.T) {
	// 6.3 #4: mortgage Bike Shed Lane: +$30; lift $33.
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cBikeShed)
	x.done()
	ev := x.do(0, opoly.Mortgage{Cell: cBikeShed})
	require.Contains(t, text(ev, 1), "Seat 1 received $30 from the bank: mortgage of Bike Shed Lane; balance $1,530.")
	require.True(t, x.v(0).Cells[cBikeShed].Mortgaged)
	x.refuse(0, opoly.Mortgage{Cell: cBikeShed}, engine.CodeIllegal)
	x.refuse(0, opoly.Mortgage{Cell: cOldCanteen}, engine.CodeIllegal)
	x.do(0, opoly.Unmortgage{Cell: cBikeShed})
	require.Equal(t, int64(1497), x.cash(0))
	require.False(t, x.v(0).Cells[cBikeShed].Mortgaged)
}

func TestR004_15_LiftNeedsCash(t *testing.T) {
	x := newTG(t, 2, 32, nil)
	x.e.Own(0, cBikeShed).Mortgaged(cBikeShed)
	x.done()
	require.False(t, x.hasAction(0, "unmortgage"))
	x.refuse(0, opoly.Unmortgage{Cell: cBikeShed}, engine.CodeIllegal)
}

func TestR004_13_SellTheGroupsBuildingsAndMortgage(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cNorthDorm, cSouthDorm, cIntlHouse).Level(2, cNorthDorm, cSouthDorm).Level(1, cIntlHouse)
	x.done()
	require.False(t, x.hasAction(0, "mortgage"))
	require.True(t, x.hasAction(0, "sell_and_mortgage"))
	x.refuse(0, opoly.Mortgage{Cell: cIntlHouse}, engine.CodeIllegal)
	ev := x.do(0, opoly.SellAndMortgage{Cell: cIntlHouse})
	require.Contains(t, text(ev, 0), "$125") // 5 buildings x $25
	v := x.v(0)
	for _, c := range []int{cNorthDorm, cSouthDorm, cIntlHouse} {
		require.Equal(t, 0, v.Cells[c].Level)
	}
	require.True(t, v.Cells[cIntlHouse].Mortgaged)
	require.False(t, v.Cells[cNorthDorm].Mortgaged)
	require.Equal(t, int64(1500+125+60), x.cash(0))
	x.refuse(0, opoly.SellAndMortgage{Cell: cNorthDorm}, engine.CodeIllegal)
}

func TestG004_13_Capital(t *testing.T) {
	x := newTG(t, 2, 1000, nil)
	x.e.Own(0, cRector, cGreatHall, cBikeShed).Level(5, cGreatHall).Level(4, cRector).Own(0, cWiFi).Mortgaged(cWiFi)
	x.done()
	// cash + mortgage values of unmortgaged properties + half the building
	// prices (a hotel counts five): 1000 + 175 + 200 + 30 + 9*100.
	require.Equal(t, int64(1000+175+200+30+900), x.v(1).Players[0].Capital)
	require.Equal(t, int64(1000), x.v(1).Players[1].Capital)
}
