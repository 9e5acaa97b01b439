package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

func TestR004_10_BuildNeedsTheWholeGroup(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cNorthDorm, cSouthDorm).Own(1, cIntlHouse)
	x.done()
	require.False(t, x.hasAction(0, "build"))
	x.refuse(0, opoly.Build{Cell: cNorthDorm}, engine.CodeIllegal)
	x.e.Own(0, cIntlHouse)
	x.done()
	require.True(t, x.hasAction(0, "build"))
	ev := x.do(0, opoly.Build{Cell: cNorthDorm})
	require.Contains(t, text(ev, 1), "Seat 1 paid $50 to the bank: house 1 on North Dorm; balance $1,450.")
	require.Equal(t, 1, x.v(0).Cells[cNorthDorm].Level)
	x.refuse(0, opoly.Build{Cell: cNorthGate}, engine.CodeIllegal)
	x.refuse(0, opoly.Build{Cell: 99}, engine.CodeIllegal)
	x.refuse(1, opoly.Build{Cell: cSouthDorm}, engine.CodeNotYourTurn)
}

func TestA004_02_EvenBuilding(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cNorthDorm, cSouthDorm, cIntlHouse).Level(1, cNorthDorm, cSouthDorm)
	x.done()
	x.refuse(0, opoly.Build{Cell: cNorthDorm}, engine.CodeIllegal)
	var builds []int
	for _, a := range x.g.Legal(0) {
		if b, ok := a.(opoly.Build); ok {
			builds = append(builds, b.Cell)
		}
	}
	require.Equal(t, []int{cIntlHouse}, builds, "on (1,1,0) only the street at 0 may build")
	x.do(0, opoly.Build{Cell: cIntlHouse})
	x.do(0, opoly.Build{Cell: cSouthDorm})
}

func TestA004_15_HotelNeedsFourHousesEverywhere(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cRector, cGreatHall).Level(4, cRector, cGreatHall)
	x.done()
	x.do(0, opoly.Build{Cell: cGreatHall})
	require.Equal(t, 5, x.v(0).Cells[cGreatHall].Level)
	x.refuse(0, opoly.Build{Cell: cGreatHall}, engine.CodeIllegal)
	ev := x.do(0, opoly.Build{Cell: cRector})
	require.Contains(t, text(ev, 0), "hotel on Rector's Office")
	require.False(t, x.hasAction(0, "build"), "the hotel is the maximum")
}

func TestR004_15_NoBuildingWithAMortgageInTheGroup(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cRector, cGreatHall).Mortgaged(cRector)
	x.done()
	x.refuse(0, opoly.Build{Cell: cGreatHall}, engine.CodeIllegal)
	x.do(0, opoly.Unmortgage{Cell: cRector})
	require.Equal(t, int64(1500-193), x.cash(0))
	x.do(0, opoly.Build{Cell: cGreatHall})
}

func TestR004_11_NoBuildingLimit(t *testing.T) {
	x := newTG(t, 2, 100000, nil)
	var all []int
	for c, cell := range x.v(0).Board.Cells {
		if cell.Kind == opoly.KindStreet {
			all = append(all, c)
		}
	}
	x.e.Own(0, all...)
	x.done()
	for x.hasAction(0, "build") {
		for _, a := range x.g.Legal(0) {
			if b, ok := a.(opoly.Build); ok {
				x.do(0, b)
				break
			}
		}
	}
	for _, c := range all {
		require.Equal(t, 5, x.v(0).Cells[c].Level)
	}
}

func TestG004_05_SellAtHalfPriceEvenly(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Own(0, cRector, cGreatHall).Level(5, cGreatHall).Level(4, cRector)
	x.done()
	x.refuse(0, opoly.SellBuilding{Cell: cRector}, engine.CodeIllegal)
	ev := x.do(0, opoly.SellBuilding{Cell: cGreatHall})
	require.Contains(t, text(ev, 0), "Seat 1 received $100 from the bank: half price for the hotel sold on Great Hall (Aula Magna); balance $1,600.")
	require.Equal(t, 4, x.v(0).Cells[cGreatHall].Level, "a sold hotel gives back four houses")
	x.do(0, opoly.SellBuilding{Cell: cRector})
	require.Equal(t, int64(1700), x.cash(0))
	x.refuse(1, opoly.SellBuilding{Cell: cRector}, engine.CodeNotYourTurn)
}
