package opoly

import (
	"errors"
	"fmt"
)

// ErrInvariant is wrapped by every invariant violation CheckInvariants finds.
var ErrInvariant = errors.New("opoly: invariant violated")

func broken(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvariant}, args...)...)
}

// CheckInvariants implements engine.Checker: money is conserved against the
// bank's recorded flows, no cash is negative, buildings stand only on
// complete unmortgaged groups and evenly, ownership and cards are
// consistent, and the phase has what it needs.
func (g *Game) CheckInvariants() error {
	s := g.s
	rs := g.rs
	b := rs.Board
	n := len(s.Players)
	var sum int64
	for i := range s.Players {
		p := &s.Players[i]
		if p.Cash < 0 {
			return broken("seat %d has negative cash %d", i, p.Cash)
		}
		sum += p.Cash
		if p.Pos < 0 || p.Pos >= len(b.Cells) {
			return broken("seat %d is off the board", i)
		}
		if p.Out && (p.Cash != 0 || len(p.Cards) != 0) {
			return broken("seat %d is out but holds cash or cards", i)
		}
		for _, ref := range p.Cards {
			if ref.Deck < 0 || ref.Deck >= len(s.Decks) {
				return broken("seat %d holds a card of deck %d", i, ref.Deck)
			}
		}
	}
	if sum != s.BankOut-s.BankIn {
		return broken("cash %d != bank out %d - bank in %d", sum, s.BankOut, s.BankIn)
	}
	for c := range s.Cells {
		st := s.Cells[c]
		cell := &b.Cells[c]
		if st.Owner < Bank || st.Owner >= n {
			return broken("cell %d has owner %d", c, st.Owner)
		}
		if st.Owner != Bank && (!cell.Kind.Property() || s.Players[st.Owner].Out) {
			return broken("cell %d is owned by %d, who cannot own it", c, st.Owner)
		}
		if st.Owner == Bank && (st.Mortgaged || st.Level != 0) {
			return broken("bank cell %d is mortgaged or built", c)
		}
		if st.Level < 0 || st.Level > rs.Buildings.MaxLevel || st.Level > 0 && cell.Kind != KindStreet {
			return broken("cell %d has level %d", c, st.Level)
		}
	}
	if sp := rs.Supply(); sp != nil {
		if u, t := onBoard(rs, s.Cells); u > sp.Units || t > sp.Tops {
			return broken("the board holds %d units and %d tops, more than the supply of %d and %d", u, t, sp.Units, sp.Tops)
		}
	}
	for gi := range b.Groups {
		grp := &b.Groups[gi]
		lo, hi, mort := groupLevels(s.Cells, grp)
		if hi == 0 {
			continue
		}
		if groupOwner(s.Cells, grp) == Bank || mort {
			return broken("group %s has buildings but is not complete and unmortgaged", grp.Name)
		}
		if hi-lo > 1 {
			return broken("group %s is built unevenly (%d..%d)", grp.Name, lo, hi)
		}
	}
	var seen [64]int
	for d := range s.Decks {
		size := len(b.Decks[d].Cards)
		if size > len(seen) {
			return broken("deck %d is too large", d)
		}
		clear(seen[:size])
		for _, ci := range s.Decks[d].Order {
			if ci < 0 || ci >= size {
				return broken("deck %d holds card %d", d, ci)
			}
			seen[ci]++
		}
		for i := range s.Players {
			for _, ref := range s.Players[i].Cards {
				if ref.Deck == d {
					if ref.Card < 0 || ref.Card >= size || b.Decks[d].Cards[ref.Card].Kind != CardGetOutFree {
						return broken("seat %d holds a bad card", i)
					}
					seen[ref.Card]++
				}
			}
		}
		for ci := 0; ci < size; ci++ {
			if seen[ci] != 1 {
				return broken("card %d of deck %d is present %d times", ci, d, seen[ci])
			}
		}
	}
	return g.checkPhase()
}

func (g *Game) checkPhase() error {
	s := g.s
	if s.Turn < 0 || s.Turn >= len(s.Order) {
		return broken("turn index %d", s.Turn)
	}
	// An auction, or another player's debt (a bankrupt's creditor paying
	// for what it received), may still run after the active seat went out.
	// So may the choice of a bankrupt's creditor about what it received.
	if s.Phase != phOver && s.Phase != phAuction && s.Phase != phDebt && s.Phase != phReceive && s.Players[g.active()].Out {
		return broken("the active seat is out")
	}
	switch s.Phase {
	case phAuction:
		a := s.Auction
		if a == nil || len(a.Bids) != len(a.Bidders) || len(a.Bidders) == 0 || a.Lot < 0 || a.Lot >= len(s.Cells) {
			return broken("auction phase without a consistent auction")
		}
		for _, seat := range a.Bidders {
			if seat < 0 || seat >= len(s.Players) || s.Players[seat].Out {
				return broken("auction bidder %d", seat)
			}
		}
	case phDebt:
		if len(s.Queue) == 0 {
			return broken("debt phase without a debt")
		}
		ob := &s.Queue[0]
		if ob.Debtor < 0 || ob.Debtor >= len(s.Players) || s.Players[ob.Debtor].Cash >= ob.total() {
			return broken("debt phase with a payable or bad debt")
		}
	case phTrade:
		if s.Trade == nil {
			return broken("trade phase without a proposal")
		}
		o := &s.Trade.Offer
		if o.From < 0 || o.From >= len(s.Players) || o.To < 0 || o.To >= len(s.Players) {
			return broken("trade between bad seats")
		}
		for _, cells := range [][]int{o.FromCells, o.ToCells} {
			for _, c := range cells {
				if c < 0 || c >= len(s.Cells) {
					return broken("trade of cell %d", c)
				}
			}
		}
		for _, decks := range [][]int{o.FromCards, o.ToCards} {
			for _, d := range decks {
				if d < 0 || d >= len(s.Decks) {
					return broken("trade of a card of deck %d", d)
				}
			}
		}
		if s.Trade.Takeover {
			if len(o.ToCells) != 1 || len(o.FromCells)+len(o.FromCards)+len(o.ToCards) != 0 || o.From != g.active() {
				return broken("a takeover request is not one start-up asked for by the active player")
			}
			c := o.ToCells[0]
			if s.Cells[c].Owner != o.To || o.Money != g.rs.TakeoverPrice(c) || s.Players[o.From].Cash < o.Money {
				return broken("a takeover request of cell %d that cannot be carried out", c)
			}
			if _, hi, _ := groupLevels(s.Cells, &g.rs.Board.Groups[g.rs.Board.Cells[c].Group]); hi > 0 {
				return broken("a takeover request of cell %d in a staffed group", c)
			}
		}
	case phValue, phValued:
		if s.Mixed == nil || len(s.Queue) == 0 {
			return broken("valuation phase without an offer against a debt")
		}
	case phPlace:
		if p := s.Place; p == nil || p.Seat < 0 || p.Seat >= len(s.Players) || s.Players[p.Seat].Out {
			return broken("place phase without a unit to place")
		}
	case phReceive:
		r := s.Received
		if r == nil || r.Seat < 0 || r.Seat >= len(s.Players) || s.Players[r.Seat].Out || len(r.Cells) == 0 {
			return broken("receive phase without properties received")
		}
		for _, c := range r.Cells {
			if c < 0 || c >= len(s.Cells) || s.Cells[c].Owner != r.Seat || !s.Cells[c].Mortgaged {
				return broken("receive phase with cell %d not received under mortgage", c)
			}
		}
	case phOver:
	default:
		if len(s.Queue) != 0 || s.Auction != nil {
			return broken("turn phase with pending payments or auction")
		}
	}
	if e := s.Estate; e != nil {
		for _, c := range e.Lots {
			if c < 0 || c >= len(s.Cells) {
				return broken("estate lot %d", c)
			}
		}
		for _, c := range e.Creds {
			if c.Seat < Bank || c.Seat >= len(s.Players) || c.Amount < 0 {
				return broken("estate owes a bad creditor")
			}
		}
	}
	if n := 2 * uint(len(s.Players)); n < 32 && s.Unfilled>>n != 0 {
		return broken("an unfilled shortage request of seat %d or later", len(s.Players))
	}
	for _, c := range s.Asked {
		if c < 0 || c >= len(s.Cells) {
			return broken("takeover asked for cell %d", c)
		}
	}
	for i := range s.Players {
		p := &s.Players[i]
		if p.Laps < 0 || p.Laps > 0 && !g.rs.Turn.CountLaps {
			return broken("seat %d has %d laps", i, p.Laps)
		}
		// Under End.Resign a resignation ends the game at once.
		if g.rs.End.Resign && p.Status == "resigned" && s.Phase != phOver {
			return broken("seat %d terminated the game but it goes on", i)
		}
	}
	for _, ob := range s.Queue {
		if ob.Debtor < 0 || ob.Debtor >= len(s.Players) {
			return broken("obligation of a bad seat")
		}
		for _, c := range ob.Creds {
			if c.Seat < Bank || c.Seat >= len(s.Players) || c.Amount < 0 {
				return broken("obligation to a bad creditor")
			}
		}
	}
	return nil
}
