package opoly

import "boardroom/engine"

// The editor is the test kit's access to a game's state: engine/opoly/
// opolytest and the tests of the core and of every variant set up a
// position with it (who owns what, cash, dice, cards) and then play it
// through the engine contract. The games never use it; it is exported so
// that a variant package can test its own rules (a fourth variant needs
// no test inside the core).

// Editor edits a game's state in tests, keeping the bank's flows in step so
// that CheckInvariants still holds.
type Editor struct{ g *Game }

// Edit returns an editor for a game made by this package.
func Edit(g engine.Game) *Editor { return &Editor{g: g.(*Game)} }

// Clean gives every property back to the bank, unbuilt and unmortgaged,
// puts every token on START out of jail and sets every player's cash.
func (e *Editor) Clean(cash int64) *Editor {
	s := e.g.s
	for c := range s.Cells {
		*e.g.wcell(c) = CellState{Owner: Bank}
	}
	for i := range s.Players {
		e.Cash(i, cash)
		s.Players[i].Pos = e.g.rs.Start.Cell
		s.Players[i].Jailed, s.Players[i].JailTurns = false, 0
	}
	return e
}

// Cash sets seat's cash (the bank pays or receives the difference).
func (e *Editor) Cash(seat int, x int64) *Editor {
	p := &e.g.s.Players[seat]
	if d := x - p.Cash; d > 0 {
		e.g.bankPays(seat, d)
	} else {
		e.g.payBank(seat, -d)
	}
	return e
}

// Own gives cells to seat (Bank: back to the bank).
func (e *Editor) Own(seat int, cells ...int) *Editor {
	for _, c := range cells {
		*e.g.wcell(c) = CellState{Owner: seat}
	}
	return e
}

// Level sets the building level of cells.
func (e *Editor) Level(level int, cells ...int) *Editor {
	for _, c := range cells {
		e.g.wcell(c).Level = level
	}
	return e
}

// Mortgaged marks cells mortgaged.
func (e *Editor) Mortgaged(cells ...int) *Editor {
	for _, c := range cells {
		e.g.wcell(c).Mortgaged = true
	}
	return e
}

// Pos puts seat's token on cell c.
func (e *Editor) Pos(seat, c int) *Editor { e.g.s.Players[seat].Pos = c; return e }

// Jail puts seat in jail with turns failed turns behind it.
func (e *Editor) Jail(seat, turns int) *Editor {
	p := &e.g.s.Players[seat]
	p.Pos, p.Jailed, p.JailTurns = e.g.rs.Jail.Cell, true, turns
	return e
}

// Turn makes it seat's turn, before rolling.
func (e *Editor) Turn(seat int) *Editor {
	s := e.g.s
	for i, o := range s.Order {
		if o == seat {
			s.Turn = i
		}
	}
	s.Phase, s.Doubles, s.Must, s.Next = phRoll, 0, false, nextPostRoll
	return e
}

// Dice scripts the next dice values.
func (e *Editor) Dice(d ...int) *Editor { e.g.script = append(e.g.script, d...); return e }

// Top puts the card with id on top of its deck.
func (e *Editor) Top(deck int, id string) *Editor {
	ds := &e.g.s.Decks[deck]
	for i, ci := range ds.Order {
		if e.g.rs.Board.Decks[deck].Cards[ci].ID == id {
			copy(ds.Order[1:i+1], ds.Order[:i])
			ds.Order[0] = ci
			return e
		}
	}
	panic("card not in deck: " + id)
}

// GiveCard hands seat the keep-card of deck d.
func (e *Editor) GiveCard(seat, d int) *Editor {
	ds := &e.g.s.Decks[d]
	for i, ci := range ds.Order {
		if e.g.rs.Board.Decks[d].Cards[ci].Kind == CardGetOutFree {
			ds.Order = append(ds.Order[:i:i], ds.Order[i+1:]...)
			e.g.s.Players[seat].Cards = append(e.g.s.Players[seat].Cards, cardRef{Deck: d, Card: ci})
			return e
		}
	}
	panic("no keep-card in deck")
}

// Done republishes the view and checks the invariants.
func (e *Editor) Done() error {
	e.g.cellsDirty = true // the editor writes cells directly
	e.g.publish()
	return e.g.CheckInvariants()
}

// Order returns the play order.
func (e *Editor) Order() []int { return append([]int(nil), e.g.s.Order...) }

// Script returns the dice still scripted.
func (e *Editor) Script() []int { return e.g.script }

// DeckTop returns the id of the top card of deck d.
func (e *Editor) DeckTop(d int) string {
	return e.g.rs.Board.Decks[d].Cards[e.g.s.Decks[d].Order[0]].ID
}

// DeckBottom returns the id of the bottom card of deck d.
func (e *Editor) DeckBottom(d int) string {
	o := e.g.s.Decks[d].Order
	return e.g.rs.Board.Decks[d].Cards[o[len(o)-1]].ID
}

// Round sets the round in progress.
func (e *Editor) Round(n int) *Editor { e.g.s.RoundNo = n; return e }

// NewTurn starts seat's turn of round n afresh: before rolling, with no
// trade proposed nor takeover asked for yet (tests that play many
// turns of one player).
func (e *Editor) NewTurn(seat, n int) *Editor {
	e.Round(n).Turn(seat)
	e.g.s.Trades, e.g.s.Asked, e.g.s.Unfilled = 0, nil, 0
	return e
}
