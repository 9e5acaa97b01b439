package opoly

import (
	"cmp"
	"slices"
	"strings"

	"boardroom/engine"
)

// bankrupt removes seat from the game (R004-21, A004-10, MF-12): buildings
// are sold at half price, cash goes to the creditors (in proportion to
// what each is owed, the rest to the bank), properties return to the bank
// unmortgaged and are auctioned one by one in board order, jail cards go
// back under their decks. creds nil means the bank (and resign).
func (g *Game) bankrupt(seat int, creds []Owed, resigned bool) {
	s := g.s
	p := g.wplayer(seat)
	var refund int64
	for c := range s.Cells {
		st := &s.Cells[c]
		if st.Owner == seat && st.Level > 0 {
			if g.rs.Buildings.Sell {
				refund += int64(st.Level) * g.rs.SellRefund(c)
			}
			g.wcell(c).Level = 0
		}
	}
	g.move(Bank, seat, refund, "sell", g.why.bankruptSell)
	heir := g.soleCreditor(creds)
	if heir >= 0 {
		g.handOver(seat, heir)
	}
	creds = g.blk.owed.copyOf(creds) // carved: the estate keeps it
	var owed int64
	for _, c := range creds {
		owed += c.Amount
	}
	cash := p.Cash
	equal := g.equalShare(creds, cash, owed)
	if equal >= 0 { // the shares are paid in seat order (A000-20)
		slices.SortStableFunc(creds, func(a, b Owed) int { return cmp.Compare(a.Seat, b.Seat) })
	}
	var paid int64
	for i := range creds {
		c := &creds[i]
		share := c.Amount
		switch {
		case cash >= owed:
		case equal >= 0 && c.Seat == Bank:
			share = 0 // FICO takes the rest below
		case equal >= 0:
			share = min(equal, c.Amount)
		default:
			share = cash * c.Amount / owed
		}
		c.Amount -= share
		paid += share
		to := c.Seat
		if to != Bank && s.Players[to].Out {
			to = Bank
		}
		g.move(seat, to, share, "bankruptcy", g.why.bankruptAll[seat])
	}
	g.move(seat, Bank, p.Cash, "bankruptcy", g.why.bankruptRest[seat])
	var lotBuf [MaxCells]int
	n := 0
	for c := range s.Cells {
		if s.Cells[c].Owner == seat {
			*g.wcell(c) = CellState{Owner: Bank}
			lotBuf[n] = c
			n++
		}
	}
	lots := g.blk.ints.copyOf(lotBuf[:n]) // carved (nil for none): the estate keeps it
	for _, ref := range p.Cards {
		s.Decks[ref.Deck].Order = append(s.Decks[ref.Deck].Order, ref.Card)
		g.decksDirty = true
	}
	p.Cards = nil
	p.Out, p.Jailed, p.JailTurns = true, false, 0
	s.OutSeq++
	p.OutRank = s.OutSeq
	if resigned {
		p.Status = engine.StatusResigned
		if g.rs.Debt.ToCreditor {
			g.emitSaid("resign", func() string {
				return who(seat) + " resigned: everything goes to " + g.rs.bankName() + " and the properties are free again."
			})
		} else {
			g.emitSaid("resign", func() string {
				return who(seat) + " resigned: everything goes to " + g.rs.bankName() + " and the properties are auctioned."
			})
		}
	} else {
		p.Status = engine.StatusBankrupt
		switch {
		case g.rs.End.FirstBankruptcy:
			g.emitSaid("bankrupt", func() string { return who(seat) + " is bankrupt." })
		case heir >= 0:
			g.emitSaid("bankrupt", func() string {
				return who(seat) + " is bankrupt and leaves the game; everything went to " + who(heir) + "."
			})
		case g.rs.Debt.ToCreditor:
			g.emitSaid("bankrupt", func() string { return who(seat) + " is bankrupt and leaves the game; the properties are free again." })
		default:
			g.emitSaid("bankrupt", func() string { return who(seat) + " is bankrupt and leaves the game; the properties are auctioned." })
		}
	}
	if g.rs.End.FirstBankruptcy {
		if !g.holdEnd {
			g.bankruptEnds(oneSeat[seat]...) // at once, or as a mechanism ends it
		}
		return
	}
	if g.alive() <= 1 {
		for i := range s.Players {
			if !s.Players[i].Out {
				g.gameOver(g.why.lastStanding[i])
				return
			}
		}
		g.gameOver("No player is left.")
		return
	}
	if len(lots) > 0 && g.rs.Auction.OnDecline && !g.rs.Debt.ToCreditor {
		if s.Estate != nil { // an estate is still being sold: queue behind it
			s.Estate.Lots = append(s.Estate.Lots, lots...)
			return
		}
		s.Estate = newOf(&g.blk.estates) // carved, as the auctions are
		*s.Estate = bankruptcy{Debtor: seat, Creds: creds, Lots: lots}
	}
}

// equalShare is each player creditor's share of cash under A000-20 (as
// amended): a debt to several creditors is one debt to the bank, and the
// cash collected is split equally among the player creditors, each share
// rounded down to the money step, the rest to the bank (700€ over 3: 230€
// each, 10€ to FICO). -1 when the proportional split of the core applies.
func (g *Game) equalShare(creds []Owed, cash, owed int64) int64 {
	if !g.rs.Debt.ToCreditor || len(creds) < 2 || cash >= owed {
		return -1
	}
	n := int64(0)
	for _, c := range creds {
		if c.Seat != Bank {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	step := max(g.rs.Money.Step, 1)
	return cash / n / step * step
}

// soleCreditor is the player who takes over a bankrupt's estate under
// Debt.ToCreditor: the only creditor of the debt, if a player still
// in; else -1 (the bank, or several creditors: A000-20).
func (g *Game) soleCreditor(creds []Owed) int {
	if !g.rs.Debt.ToCreditor || len(creds) != 1 {
		return -1
	}
	if to := creds[0].Seat; to != Bank && !g.s.Players[to].Out {
		return to
	}
	return -1
}

// handOver gives a bankrupt's cash, properties and keep-cards to its
// creditor (A000-25). The creditor pays the transfer fee of every mortgaged
// property at once, or owes it to the bank.
func (g *Game) handOver(seat, to int) {
	s := g.s
	p := &s.Players[seat]
	g.move(seat, to, p.Cash, "bankruptcy", g.why.bankruptAll[seat])
	for c := range s.Cells {
		if s.Cells[c].Owner != seat {
			continue
		}
		g.wcell(c).Owner = to
		g.emitSaid("bankruptcy", func() string { return g.rs.Board.Cells[c].Name + " passes from " + who(seat) + " to " + who(to) + "." })
		g.receive(to, oneCell[c]) // redeem or pay the 10% (A000-25)
	}
	g.moveCards(seat, to, cardDecks(p.Cards))
}

func cardDecks(cards []cardRef) []int {
	out := make([]int, len(cards))
	for i, c := range cards {
		out[i] = c.Deck
	}
	return out
}

// bankruptEnds ends the game after the bankruptcy of seats (one, or
// several at once: collecteach.go) in a game the first bankruptcy ends,
// unless a mechanism takes the end over (Technopoly's finishing the round,
// technopoly/finishround.go).
//
// seats is read only (oneSeat's are shared).
func (g *Game) bankruptEnds(seats ...int) {
	if g.mechBankrupt(seats) {
		return
	}
	if len(seats) == 1 && seats[0] >= 0 && seats[0] < MaxSeats {
		g.gameOver(g.why.bankruptEnds[seats[0]]) // built once per ruleset
		return
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = who(s)
	}
	g.gameOver(bankruptEndsReason(g.rs, strings.Join(names, " and ")))
}

// oneSeat is each seat alone, a list shared read-only: bankruptEnds' of
// one seat, whose own list escapes to the mechanisms (an allocation a
// Technopoly game).
var oneSeat = func() (l [MaxSeats][]int) {
	for i := range l {
		l[i] = []int{i}
	}
	return l
}()

// bankruptEndsReason is the end of a game the first bankruptcy ends, names
// (one seat's or several's) having gone bankrupt.
func bankruptEndsReason(rs *Ruleset, names string) string {
	return names + " went bankrupt, which ends the game; " + rs.winRule() + "."
}
