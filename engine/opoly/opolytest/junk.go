// Package opolytest is the test support the three property games share on
// top of enginetest: the junk actions of their fuzz tests, the Perturb and
// set-ups of their conformance runs, the cases of the golden playouts of
// the variants that end by endMode, and Game, on which a variant tests its
// own rules and mechanisms outside the core (a position set with the
// core's opoly.Editor, then played through the engine contract).
package opolytest

import (
	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
)

// JunkKind builds a variant's own arbitrary action from the input; cell is
// a cell index that is often off the board.
type JunkKind func(in *enginetest.Input, cell int) engine.Action

// Junk builds an arbitrary, usually illegal, action of the core from the
// input, or one of the variant's own kinds listed in extra.
func Junk(in *enginetest.Input, extra ...JunkKind) engine.Action {
	cell := in.Next() - 20
	k := in.Next() % (12 + len(extra))
	switch k {
	case 0:
		return opoly.Build{Cell: cell}
	case 1:
		return opoly.SellBuilding{Cell: cell}
	case 2:
		return opoly.Mortgage{Cell: cell}
	case 3:
		return opoly.SellAndMortgage{Cell: cell}
	case 4:
		return opoly.Unmortgage{Cell: cell}
	case 5:
		return opoly.Bid{Amount: int64(in.Next()*in.Next()) - 100}
	case 6:
		return opoly.ProposeTrade{To: in.Next()%8 - 1, Give: []int{cell}, Take: []int{in.Next() - 5}, Money: int64(in.Next()*40) - 5000}
	case 7:
		return opoly.CounterTrade{Give: []int{cell, cell}, GiveCards: []int{in.Next() % 3}, Money: int64(in.Next())}
	case 8:
		return opoly.UseJailCard{Deck: in.Next()%5 - 1}
	case 9:
		return opoly.ProposeTrade{To: in.Next() % 6, TakeCards: []int{in.Next()%4 - 1}}
	case 10:
		return opoly.AcceptTrade{}
	case 11:
		return opoly.EndTurn{}
	}
	return extra[k-12](in, cell)
}
