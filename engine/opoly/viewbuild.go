package opoly

import "boardroom/engine"

// View implements engine.Game: see the View type for what it holds.
func (g *game) View(viewer int) engine.View {
	s := g.s
	rs := g.rs
	v := View{
		Viewer: viewer, Game: rs.ID, Currency: rs.Currency, CurrencySuffix: rs.CurrencySuffix,
		Thousands: rs.Thousands, Rules: rs, Board: rs.Board, Salary: rs.Salary, JailFee: rs.JailFee,
		JailPos: rs.JailCell, MaxLevel: rs.MaxLevel, Active: g.active(), Phase: g.phaseName(),
		Dice: s.Dice, Doubles: s.Doubles, MustRoll: s.Must, Round: s.RoundNo, MaxRounds: s.MaxRounds,
		Order: append([]int(nil), s.Order...), Over: s.Phase == phOver,
		Cells: append([]CellState(nil), s.Cells...),
	}
	if v.Over {
		v.Active = -1
		out := g.Outcome()
		v.Outcome = &out
	}
	for seat := range s.Players {
		if g.awaits(seat) {
			v.Awaiting = append(v.Awaiting, seat)
		}
	}
	v.Players = make([]PlayerView, len(s.Players))
	props := make([]int, 0, len(s.Cells))
	for i := range s.Players {
		p := &s.Players[i]
		start := len(props)
		for c := range s.Cells {
			if s.Cells[c].Owner == i {
				props = append(props, c)
			}
		}
		pv := PlayerView{Seat: i, Cash: p.Cash, Capital: g.capital(i), Position: p.Pos, InJail: p.Jailed,
			JailTurns: p.JailTurns, Out: p.Out, Status: p.Status, Props: props[start:len(props):len(props)]}
		if len(pv.Props) == 0 {
			pv.Props = nil
		}
		for _, c := range p.Cards {
			pv.JailCards = append(pv.JailCards, c.Deck)
		}
		v.Players[i] = pv
	}
	v.Decks = make([]DeckView, len(s.Decks))
	for d := range s.Decks {
		v.Decks[d] = DeckView{Name: rs.Board.Decks[d].Name, Size: len(s.Decks[d].Order)}
	}
	if s.LastCard != nil {
		lc := *s.LastCard
		v.LastCard = &lc
	}
	if s.LastAuction != nil {
		la := *s.LastAuction
		la.Bids = append([]SeatBid(nil), la.Bids...)
		v.LastAuction = &la
	}
	if a := s.Auction; a != nil && s.Phase != phOver {
		av := &AuctionView{Lot: a.Lot, Bankrupt: a.Bankrupt, Bidders: append([]int(nil), a.Bidders...),
			Committed: make([]bool, len(a.Bidders)), MinBid: a.Min, TieRound: a.TieRound, MyBid: -1}
		for i, b := range a.Bids {
			av.Committed[i] = b >= 0
			if a.Bidders[i] == viewer && b >= 0 {
				av.MyBid = b
			}
		}
		v.Auction = av
	}
	if t := s.Trade; t != nil && s.Phase == phTrade {
		tv := &TradeView{From: t.Offer.From, To: t.Offer.To, Counter: t.Counter}
		if viewer >= 0 && (viewer == t.Offer.From || viewer == t.Offer.To) {
			o := t.Offer
			o.FromCells, o.ToCells = clone(o.FromCells), clone(o.ToCells)
			o.FromCards, o.ToCards = clone(o.FromCards), clone(o.ToCards)
			tv.Offer = &o
		}
		v.Trade = tv
	}
	if len(s.Queue) > 0 && s.Phase == phDebt {
		v.Debt = g.debtView()
	}
	return v
}

func (g *game) debtView() *DebtView {
	s := g.s
	ob := &s.Queue[0]
	d := ob.Debtor
	dv := &DebtView{Debtor: d, Amount: ob.total(), Creditors: append([]Owed(nil), ob.Creds...), Reason: ob.Reason,
		Raised: s.Players[d].Cash, Potential: g.potential(d)}
	for _, a := range g.legalManage(d, true, nil) {
		switch a := a.(type) {
		case SellBuilding:
			dv.Sellable = append(dv.Sellable, a.Cell)
		case Mortgage:
			dv.Mortgageable = append(dv.Mortgageable, a.Cell)
		case SellAndMortgage:
			dv.Mortgageable = append(dv.Mortgageable, a.Cell)
		}
	}
	return dv
}
