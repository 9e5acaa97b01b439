package opoly

import "boardroom/engine"

// Test hooks, compiled only into this package's tests (and visible to the
// external opoly_test package). They never appear in the engine contract.

// Editor edits a game's state in tests, keeping the bank's flows in step so
// that CheckInvariants still holds.
type Editor struct{ g *game }

// Edit returns an editor for a game made by this package.
func Edit(g engine.Game) *Editor { return &Editor{g: g.(*game)} }

// Clean gives every property back to the bank, unbuilt and unmortgaged,
// puts every token on START out of jail and sets every player's cash.
func (e *Editor) Clean(cash int64) *Editor {
	s := e.g.s
	for c := range s.Cells {
		*e.g.wcell(c) = CellState{Owner: Bank}
	}
	for i := range s.Players {
		e.Cash(i, cash)
		s.Players[i].Pos = e.g.rs.StartCell
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
	p.Pos, p.Jailed, p.JailTurns = e.g.rs.JailCell, true, turns
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

// InvariantBreak damages one invariant of a clean game (see CheckInvariants).
type InvariantBreak struct {
	Name  string
	Want  string // a part of the error CheckInvariants must return
	Break func(engine.Game)
}

// firstStreetGroup is a street group of at least two cells.
func firstStreetGroup(g *game) *Group {
	for gi := range g.rs.Board.Groups {
		grp := &g.rs.Board.Groups[gi]
		if grp.Kind == KindStreet && len(grp.Cells) >= 2 {
			return grp
		}
	}
	panic("no street group")
}

func firstCell(g *game, k CellKind) int {
	for c := range g.rs.Board.Cells {
		if g.rs.Board.Cells[c].Kind == k {
			return c
		}
	}
	panic("no such cell")
}

// keepCard finds a deck's get-out-free card and another card of it.
func keepCard(g *game) (deck, keep, other int) {
	for d, dk := range g.rs.Board.Decks {
		keep, other = -1, -1
		for i, c := range dk.Cards {
			if c.Kind == CardGetOutFree {
				keep = i
			} else if other < 0 {
				other = i
			}
		}
		if keep >= 0 && other >= 0 {
			return d, keep, other
		}
	}
	panic("no deck with a keep-card")
}

// InvariantBreaks lists one damage per invariant CheckInvariants guards.
var InvariantBreaks = []InvariantBreak{
	{"negative cash", "negative cash", func(x engine.Game) { x.(*game).s.Players[0].Cash = -1 }},
	{"off the board", "off the board", func(x engine.Game) {
		g := x.(*game)
		g.s.Players[1].Pos = len(g.rs.Board.Cells)
	}},
	{"out with cash", "out but holds cash", func(x engine.Game) { x.(*game).s.Players[1].Out = true }},
	{"card of a missing deck", "holds a card of deck", func(x engine.Game) {
		g := x.(*game)
		g.s.Players[0].Cards = append(g.s.Players[0].Cards, cardRef{Deck: len(g.s.Decks)})
	}},
	{"money from nowhere", "bank out", func(x engine.Game) { x.(*game).s.Players[0].Cash++ }},
	{"owner out of range", "has owner", func(x engine.Game) {
		g := x.(*game)
		g.s.Cells[firstCell(g, KindStreet)].Owner = len(g.s.Players)
	}},
	{"owned start cell", "who cannot own it", func(x engine.Game) {
		g := x.(*game)
		g.s.Cells[g.rs.StartCell].Owner = 0
	}},
	{"bank cell mortgaged", "bank cell", func(x engine.Game) {
		g := x.(*game)
		g.s.Cells[firstCell(g, KindStreet)].Mortgaged = true
	}},
	{"house on a gate", "has level", func(x engine.Game) {
		g := x.(*game)
		c := firstCell(g, KindCounted)
		g.s.Cells[c].Owner, g.s.Cells[c].Level = 0, 1
	}},
	{"house on an incomplete group", "not complete and unmortgaged", func(x engine.Game) {
		g := x.(*game)
		c := firstStreetGroup(g).Cells[0]
		g.s.Cells[c].Owner, g.s.Cells[c].Level = 0, 1
	}},
	{"house on a mortgaged group", "not complete and unmortgaged", func(x engine.Game) {
		g := x.(*game)
		grp := firstStreetGroup(g)
		for _, c := range grp.Cells {
			g.s.Cells[c].Owner, g.s.Cells[c].Level = 0, 1
		}
		g.s.Cells[grp.Cells[1]].Level, g.s.Cells[grp.Cells[1]].Mortgaged = 0, true
	}},
	{"uneven building", "unevenly", func(x engine.Game) {
		g := x.(*game)
		grp := firstStreetGroup(g)
		for _, c := range grp.Cells {
			g.s.Cells[c].Owner = 0
		}
		g.s.Cells[grp.Cells[0]].Level = 2
	}},
	{"card out of range in a deck", "holds card", func(x engine.Game) {
		g := x.(*game)
		g.s.Decks[0].Order = append(g.s.Decks[0].Order, len(g.rs.Board.Decks[0].Cards))
	}},
	{"card twice in a deck", "present 2 times", func(x engine.Game) {
		g := x.(*game)
		g.s.Decks[0].Order = append(g.s.Decks[0].Order, g.s.Decks[0].Order[0])
	}},
	{"card missing from a deck", "present 0 times", func(x engine.Game) {
		g := x.(*game)
		g.s.Decks[0].Order = g.s.Decks[0].Order[1:]
	}},
	{"keep-card both held and in the deck", "present 2 times", func(x engine.Game) {
		g := x.(*game)
		d, keep, _ := keepCard(g)
		g.s.Players[0].Cards = append(g.s.Players[0].Cards, cardRef{Deck: d, Card: keep})
	}},
	{"an ordinary card held", "holds a bad card", func(x engine.Game) {
		g := x.(*game)
		d, _, other := keepCard(g)
		g.s.Players[0].Cards = append(g.s.Players[0].Cards, cardRef{Deck: d, Card: other})
	}},
	{"turn out of range", "turn index", func(x engine.Game) { x.(*game).s.Turn = len(x.(*game).s.Order) }},
	{"active seat out", "active seat is out", func(x engine.Game) {
		g := x.(*game)
		a := g.active()
		(&Editor{g: g}).Cash(a, 0)
		g.s.Players[a].Out = true
	}},
	{"auction phase without an auction", "auction phase", func(x engine.Game) { x.(*game).s.Phase = phAuction }},
	{"auction bidder out of range", "auction bidder", func(x engine.Game) {
		g := x.(*game)
		g.s.Phase = phAuction
		g.s.Auction = &auction{Lot: firstCell(g, KindStreet), Bidders: []int{len(g.s.Players)}, Bids: []int64{-1}}
	}},
	{"debt phase without a debt", "debt phase", func(x engine.Game) { x.(*game).s.Phase = phDebt }},
	{"debt phase with a payable debt", "payable or bad debt", func(x engine.Game) {
		g := x.(*game)
		g.s.Phase = phDebt
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: Bank, Amount: 1}}}}
	}},
	{"trade phase without a proposal", "without a proposal", func(x engine.Game) { x.(*game).s.Phase = phTrade }},
	{"trade with a bad seat", "trade between bad seats", func(x engine.Game) {
		g := x.(*game)
		g.s.Phase = phTrade
		g.s.Trade = &pendingTrade{Offer: TradeOffer{From: 0, To: len(g.s.Players)}}
	}},
	{"trade of a bad cell", "trade of cell", func(x engine.Game) {
		g := x.(*game)
		g.s.Phase = phTrade
		g.s.Trade = &pendingTrade{Offer: TradeOffer{From: 0, To: 1, ToCells: []int{-1}}}
	}},
	{"trade of a card of a bad deck", "trade of a card", func(x engine.Game) {
		g := x.(*game)
		g.s.Phase = phTrade
		g.s.Trade = &pendingTrade{Offer: TradeOffer{From: 0, To: 1, FromCards: []int{len(g.s.Decks)}}}
	}},
	{"payment pending in a turn phase", "pending payments", func(x engine.Game) {
		g := x.(*game)
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: 1, Amount: 1}}}}
	}},
	{"estate with a bad lot", "estate lot", func(x engine.Game) {
		x.(*game).s.Estate = &bankruptcy{Lots: []int{-1}}
	}},
	{"estate owing a bad creditor", "estate owes", func(x engine.Game) {
		x.(*game).s.Estate = &bankruptcy{Creds: []Owed{{Seat: Bank, Amount: -1}}}
	}},
	{"obligation of a bad seat", "obligation of a bad seat", func(x engine.Game) {
		g := x.(*game)
		(&Editor{g: g}).Cash(0, 0)
		g.s.Phase = phDebt
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: 1, Amount: 5}}}, {Debtor: -1}}
	}},
	{"obligation to a bad creditor", "obligation to a bad creditor", func(x engine.Game) {
		g := x.(*game)
		(&Editor{g: g}).Cash(0, 0)
		g.s.Phase = phDebt
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: len(g.s.Players), Amount: 5}}}}
	}},
}
