package opoly

import "boardroom/engine"

// Test hooks, compiled only into this package's tests (and visible to the
// external opoly_test package). They never appear in the engine contract.
// The Editor (editor.go) is exported for every variant's tests.

// InvariantBreak damages one invariant of a clean game (see CheckInvariants).
type InvariantBreak struct {
	Name  string
	Want  string // a part of the error CheckInvariants must return
	Break func(engine.Game)
}

// firstStreetGroup is a street group of at least two cells.
func firstStreetGroup(g *Game) *Group {
	for gi := range g.rs.Board.Groups {
		grp := &g.rs.Board.Groups[gi]
		if grp.Kind == KindStreet && len(grp.Cells) >= 2 {
			return grp
		}
	}
	panic("no street group")
}

func firstCell(g *Game, k CellKind) int {
	for c := range g.rs.Board.Cells {
		if g.rs.Board.Cells[c].Kind == k {
			return c
		}
	}
	panic("no such cell")
}

// keepCard finds a deck's get-out-free card and another card of it.
func keepCard(g *Game) (deck, keep, other int) {
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
	{"negative cash", "negative cash", func(x engine.Game) { x.(*Game).s.Players[0].Cash = -1 }},
	{"off the board", "off the board", func(x engine.Game) {
		g := x.(*Game)
		g.s.Players[1].Pos = len(g.rs.Board.Cells)
	}},
	{"out with cash", "out but holds cash", func(x engine.Game) { x.(*Game).s.Players[1].Out = true }},
	{"card of a missing deck", "holds a card of deck", func(x engine.Game) {
		g := x.(*Game)
		g.s.Players[0].Cards = append(g.s.Players[0].Cards, cardRef{Deck: len(g.s.Decks)})
	}},
	{"money from nowhere", "bank out", func(x engine.Game) { x.(*Game).s.Players[0].Cash++ }},
	{"owner out of range", "has owner", func(x engine.Game) {
		g := x.(*Game)
		g.s.Cells[firstCell(g, KindStreet)].Owner = len(g.s.Players)
	}},
	{"owned start cell", "who cannot own it", func(x engine.Game) {
		g := x.(*Game)
		g.s.Cells[g.rs.Start.Cell].Owner = 0
	}},
	{"bank cell mortgaged", "bank cell", func(x engine.Game) {
		g := x.(*Game)
		g.s.Cells[firstCell(g, KindStreet)].Mortgaged = true
	}},
	{"house on a gate", "has level", func(x engine.Game) {
		g := x.(*Game)
		c := firstCell(g, KindCounted)
		g.s.Cells[c].Owner, g.s.Cells[c].Level = 0, 1
	}},
	{"house on an incomplete group", "not complete and unmortgaged", func(x engine.Game) {
		g := x.(*Game)
		c := firstStreetGroup(g).Cells[0]
		g.s.Cells[c].Owner, g.s.Cells[c].Level = 0, 1
	}},
	{"house on a mortgaged group", "not complete and unmortgaged", func(x engine.Game) {
		g := x.(*Game)
		grp := firstStreetGroup(g)
		for _, c := range grp.Cells {
			g.s.Cells[c].Owner, g.s.Cells[c].Level = 0, 1
		}
		g.s.Cells[grp.Cells[1]].Level, g.s.Cells[grp.Cells[1]].Mortgaged = 0, true
	}},
	{"uneven building", "unevenly", func(x engine.Game) {
		g := x.(*Game)
		grp := firstStreetGroup(g)
		for _, c := range grp.Cells {
			g.s.Cells[c].Owner = 0
		}
		g.s.Cells[grp.Cells[0]].Level = 2
	}},
	{"card out of range in a deck", "holds card", func(x engine.Game) {
		g := x.(*Game)
		g.s.Decks[0].Order = append(g.s.Decks[0].Order, len(g.rs.Board.Decks[0].Cards))
	}},
	{"card twice in a deck", "present 2 times", func(x engine.Game) {
		g := x.(*Game)
		g.s.Decks[0].Order = append(g.s.Decks[0].Order, g.s.Decks[0].Order[0])
	}},
	{"card missing from a deck", "present 0 times", func(x engine.Game) {
		g := x.(*Game)
		g.s.Decks[0].Order = g.s.Decks[0].Order[1:]
	}},
	{"keep-card both held and in the deck", "present 2 times", func(x engine.Game) {
		g := x.(*Game)
		d, keep, _ := keepCard(g)
		g.s.Players[0].Cards = append(g.s.Players[0].Cards, cardRef{Deck: d, Card: keep})
	}},
	{"an ordinary card held", "holds a bad card", func(x engine.Game) {
		g := x.(*Game)
		d, _, other := keepCard(g)
		g.s.Players[0].Cards = append(g.s.Players[0].Cards, cardRef{Deck: d, Card: other})
	}},
	{"turn out of range", "turn index", func(x engine.Game) { x.(*Game).s.Turn = len(x.(*Game).s.Order) }},
	{"active seat out", "active seat is out", func(x engine.Game) {
		g := x.(*Game)
		a := g.active()
		(&Editor{g: g}).Cash(a, 0)
		g.s.Players[a].Out = true
	}},
	{"auction phase without an auction", "auction phase", func(x engine.Game) { x.(*Game).s.Phase = phAuction }},
	{"auction bidder out of range", "auction bidder", func(x engine.Game) {
		g := x.(*Game)
		g.s.Phase = phAuction
		g.s.Auction = &auction{Lot: firstCell(g, KindStreet), Bidders: []int{len(g.s.Players)}, Bids: []int64{-1}}
	}},
	{"debt phase without a debt", "debt phase", func(x engine.Game) { x.(*Game).s.Phase = phDebt }},
	{"debt phase with a payable debt", "payable or bad debt", func(x engine.Game) {
		g := x.(*Game)
		g.s.Phase = phDebt
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: Bank, Amount: 1}}}}
	}},
	{"trade phase without a proposal", "without a proposal", func(x engine.Game) { x.(*Game).s.Phase = phTrade }},
	{"trade with a bad seat", "trade between bad seats", func(x engine.Game) {
		g := x.(*Game)
		g.s.Phase = phTrade
		g.s.Trade = &pendingTrade{Offer: TradeOffer{From: 0, To: len(g.s.Players)}}
	}},
	{"trade of a bad cell", "trade of cell", func(x engine.Game) {
		g := x.(*Game)
		g.s.Phase = phTrade
		g.s.Trade = &pendingTrade{Offer: TradeOffer{From: 0, To: 1, ToCells: []int{-1}}}
	}},
	{"trade of a card of a bad deck", "trade of a card", func(x engine.Game) {
		g := x.(*Game)
		g.s.Phase = phTrade
		g.s.Trade = &pendingTrade{Offer: TradeOffer{From: 0, To: 1, FromCards: []int{len(g.s.Decks)}}}
	}},
	{"payment pending in a turn phase", "pending payments", func(x engine.Game) {
		g := x.(*Game)
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: 1, Amount: 1}}}}
	}},
	{"estate with a bad lot", "estate lot", func(x engine.Game) {
		x.(*Game).s.Estate = &bankruptcy{Lots: []int{-1}}
	}},
	{"estate owing a bad creditor", "estate owes", func(x engine.Game) {
		x.(*Game).s.Estate = &bankruptcy{Creds: []Owed{{Seat: Bank, Amount: -1}}}
	}},
	{"obligation of a bad seat", "obligation of a bad seat", func(x engine.Game) {
		g := x.(*Game)
		(&Editor{g: g}).Cash(0, 0)
		g.s.Phase = phDebt
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: 1, Amount: 5}}}, {Debtor: -1}}
	}},
	{"obligation to a bad creditor", "obligation to a bad creditor", func(x engine.Game) {
		g := x.(*Game)
		(&Editor{g: g}).Cash(0, 0)
		g.s.Phase = phDebt
		g.s.Queue = []obligation{{Debtor: 0, Creds: []Owed{{Seat: len(g.s.Players), Amount: 5}}}}
	}},
}

// RefillLentView fills seat's lent view again for the current state, as
// PeekView does for a new state (fillLent), with seat's player written
// again as touched (livePlayers), and returns it.
func RefillLentView(eg engine.Game, seat int) engine.View {
	g := eg.(*Game)
	g.PeekView(seat) // the lent views made
	g.lent.views[seat+1].ver = 0
	g.lent.ver, g.touched = 0, g.touched|1<<uint(seat)
	return g.PeekView(seat)
}
