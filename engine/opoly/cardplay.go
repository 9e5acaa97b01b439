package opoly

import "boardroom/engine"

// drawCard draws the top card of deck d for seat and applies it (MF-11).
// The card goes to the bottom, unless it is a keep-card, which the player
// holds until used.
func (g *Game) drawCard(seat, d int) {
	s := g.s
	ds := &s.Decks[d]
	if len(ds.Order) == 0 {
		return
	}
	deck := &g.rs.Board.Decks[d]
	ci := ds.Order[0]
	card := &deck.Cards[ci]
	copy(ds.Order, ds.Order[1:])
	if card.Kind == CardGetOutFree {
		ds.Order = ds.Order[:len(ds.Order)-1]
		g.decksDirty = true
		g.hold(g.wplayer(seat), cardRef{Deck: d, Card: ci})
	} else {
		ds.Order[len(ds.Order)-1] = ci
	}
	s.LastCard = newOf(&g.blk.cards)
	*s.LastCard = CardView{Seat: seat, Deck: d, ID: card.ID, Text: card.Text, Effect: card.Effect}
	lo := g.mark()
	if !g.quiet { // a quiet game writes no sentence: not even its words gathered
		g.appendText(who(seat), " drew ", deck.Name, " ", card.ID, ": \"", card.Text, "\" ", card.Effect)
	}
	g.emitText("card", lo, nil)
	g.applyCard(seat, card, g.why.card[d][ci])
}

// hold adds the keep-card ref to p's cards. A list that has no room left
// is carved anew with room for one more, written here only: a list is
// copied wherever it shrinks (useJailCard, moveCards).
func (g *Game) hold(p *player, ref cardRef) {
	if n := len(p.Cards); n == cap(p.Cards) {
		held := g.blk.held.take(n + 1)
		copy(held, p.Cards)
		p.Cards = held[:n]
	}
	p.Cards = append(p.Cards, ref)
}

// applyCard resolves a card's effect (G004-08, G004-09).
func (g *Game) applyCard(seat int, card *Card, why string) {
	s := g.s
	b := g.rs.Board
	p := g.wplayer(seat)
	switch card.Kind {
	case CardAdvanceTo:
		g.advanceTo(seat, card.Target)
		g.land(landing{})
	case CardAdvanceNearest:
		t := b.nearest(p.Pos, card.NearestKind)
		if t < 0 {
			return
		}
		g.advanceTo(seat, t)
		g.land(landing{rentMul: card.RentMultiplier, diceMul: card.DiceMultiplier})
	case CardMoveBy:
		if card.Steps >= 0 {
			g.forward(seat, card.Steps, false)
		} else {
			n := len(b.Cells)
			p.Pos = ((p.Pos+card.Steps)%n + n) % n
			g.moved(seat, false)
		}
		g.land(landing{})
	case CardCollect:
		g.move(Bank, seat, card.Amount, "card", why)
	case CardPay:
		g.owe(seat, Bank, card.Amount, why)
	case CardPayEach:
		// the creditors in eachOther's order, gathered on the stack and
		// carved for the queue (as owe's are)
		var buf [MaxSeats]Owed
		creds := buf[:0]
		start := max(indexOf(s.Order, seat), 0)
		for k := 1; k < len(s.Order); k++ {
			if o := s.Order[(start+k)%len(s.Order)]; !s.Players[o].Out {
				creds = append(creds, Owed{Seat: o, Amount: card.Amount})
			}
		}
		if len(creds) == 0 {
			return
		}
		if len(creds) == 1 {
			g.owe(seat, creds[0].Seat, card.Amount, why)
			return
		}
		s.Queue = append(s.Queue, obligation{Debtor: seat, Creds: g.blk.owed.copyOf(creds), Reason: why})
	case CardCollectEach:
		if !g.rs.Debt.Liquidation { // nobody can raise cash: payers first (collecteach.go)
			g.collectEachFirst(seat, card.Amount, why)
			return
		}
		g.eachOther(seat, func(o int) { g.owe(o, seat, card.Amount, why) })
	case CardGoToJail:
		g.goToJail(seat, why)
	case CardRepairs:
		var x int64
		for i := range s.Cells {
			c := &s.Cells[i]
			if c.Owner != seat || c.Level == 0 {
				continue
			}
			if c.Level >= g.rs.Buildings.MaxLevel {
				x += card.PerHotel
			} else {
				x += int64(c.Level) * card.PerHouse
			}
		}
		g.owe(seat, Bank, x, why)
	case CardCancelProperty:
		var buf [MaxCells]int
		switch l := g.cancellable(seat, buf[:0]); len(l) {
		case 0:
			g.emit("card", who(seat)+" has no project that can be cancelled.")
		case 1:
			g.cancelProperty(seat, l[0])
		default:
			s.Phase = phChoose
		}
	}
}

// cancellable lists seat's streets that CardCancelProperty may cancel.
func (g *Game) cancellable(seat int, out []int) []int {
	s := g.s
	b := g.rs.Board
	for c := range s.Cells {
		st := &s.Cells[c]
		if st.Owner != seat || st.Mortgaged || b.Cells[c].Kind != KindStreet {
			continue
		}
		if _, hi, _ := groupLevels(s.Cells, &b.Groups[b.Cells[c].Group]); hi == 0 {
			out = append(out, c)
		}
	}
	return out
}

// cancelProperty returns street c to the bank for half its price.
func (g *Game) cancelProperty(seat, c int) {
	cell := &g.rs.Board.Cells[c]
	*g.wcell(c) = CellState{Owner: Bank}
	g.move(Bank, seat, cell.Price/2, "card", g.why.cancel[c])
}

// eachOther calls f for every other player still in, in play order from seat.
func (g *Game) eachOther(seat int, f func(int)) {
	s := g.s
	start := 0
	for i, o := range s.Order {
		if o == seat {
			start = i
		}
	}
	for k := 1; k < len(s.Order); k++ {
		o := s.Order[(start+k)%len(s.Order)]
		if !s.Players[o].Out {
			f(o)
		}
	}
}

// advanceTo moves seat forward to cell t, paying the salary when passing or
// landing on START (MF-3: "advance to GO" pays on arrival).
func (g *Game) advanceTo(seat, t int) {
	n := len(g.rs.Board.Cells)
	steps := (t - g.s.Players[seat].Pos + n) % n
	if steps == 0 {
		steps = n
	}
	g.forward(seat, steps, false)
}

// cheapest is the default choice of a card: the cheapest listed property.
func (g *Game) cheapest(cells []int) engine.Action {
	best := -1
	for _, c := range cells {
		if best < 0 || g.rs.Board.Cells[c].Price < g.rs.Board.Cells[best].Price {
			best = c
		}
	}
	return ChooseProperty{Cell: best}
}
