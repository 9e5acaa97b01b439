package opoly

import "boardroom/engine"

// Resigning at any time (C-8): a player still in may resign whatever the
// game waits for, not only in their own turn. Under End.Resign
// (Technopoly) that terminates the game (terminate, below); otherwise it is
// bankruptcy to the bank (5.e, A004-10 with the bank as creditor). What the
// player had pending is called off first: a trade they proposed or were
// asked, an offer against a debt they made or were to value, the sale they
// ran; they leave an auction's bidders. Their estate is auctioned at
// once, and the game then goes back to the decision it was waiting for.

// resign removes seat from a game that goes on.
func (g *Game) resign(seat int) {
	s := g.s
	active := seat == g.active()
	g.leavePending(seat)
	hadEstate := s.Estate != nil
	g.bankrupt(seat, nil, true)
	if s.Phase == phOver {
		return
	}
	if a := s.Auction; a != nil && s.Phase == phAuction {
		for _, b := range a.Bids {
			if b < 0 {
				return // the last bid settles the auction, then the estate
			}
		}
		g.reveal()
		if a.Kind != lotBank && s.Auction == nil {
			return // afterSale has restored the phase
		}
		g.proceed()
		return
	}
	if active {
		s.Phase = phRoll // the turn is over: proceed sells the estate, then ends it
		g.proceed()
		return
	}
	if s.Estate != nil && !hadEstate {
		s.Estate.Resume, s.Estate.Return = true, s.Phase
		s.Phase = phRoll // proceed starts the estate's first auction
		g.proceed()
	}
}

// leavePending calls off what seat has pending before it leaves.
func (g *Game) leavePending(seat int) {
	s := g.s
	switch s.Phase {
	case phTrade:
		if t := s.Trade; !t.Takeover && (t.Offer.From == seat || t.Offer.To == seat) {
			g.emit("trade_rejected", "The proposal between "+who(t.Offer.From)+" and "+who(t.Offer.To)+" is off: "+who(seat)+" resigned.")
			s.Trade = nil
			s.Phase = t.Return
		}
	case phValue, phValued:
		if m := s.Mixed; m.Debtor == seat || m.Creditor == seat {
			s.Mixed = nil
			s.Phase = phDebt
			g.emit("mixed_result", "The offer of "+g.rs.propertiesWord()+" against "+who(m.Debtor)+"'s debt is off: "+who(seat)+" resigned.")
		}
	case phAuction:
		a := s.Auction
		if a.Kind != lotBank && a.Seller == seat {
			s.Auction = nil
			g.emit("auction_reveal", "The sale by "+who(seat)+" is off: "+who(seat)+" resigned.")
			s.Phase = a.Return
			return
		}
		if i := a.index(seat); i >= 0 {
			a.Bidders = append(a.Bidders[:i:i], a.Bidders[i+1:]...)
			a.Bids = append(a.Bids[:i:i], a.Bids[i+1:]...)
			if a.Reserves != nil {
				a.Reserves = append(a.Reserves[:i:i], a.Reserves[i+1:]...)
			}
		}
		g.leaveInterrupted(seat)
	}
}

// leaveInterrupted calls off what seat had pending in the decision an
// estate's auctions interrupted (resign, above): the game must not go back
// to a proposal or an offer that awaits a player who is out.
func (g *Game) leaveInterrupted(seat int) {
	s := g.s
	e := s.Estate
	if e == nil || !e.Resume {
		return
	}
	switch e.Return {
	case phTrade:
		if t := s.Trade; t != nil && !t.Takeover && (t.Offer.From == seat || t.Offer.To == seat) {
			g.emit("trade_rejected", "The proposal between "+who(t.Offer.From)+" and "+who(t.Offer.To)+" is off: "+who(seat)+" resigned.")
			s.Trade = nil
			e.Return = t.Return
		}
	case phValue, phValued:
		if m := s.Mixed; m != nil && (m.Debtor == seat || m.Creditor == seat) {
			s.Mixed = nil
			e.Return = phDebt
			g.emit("mixed_result", "The offer of "+g.rs.propertiesWord()+" against "+who(m.Debtor)+"'s debt is off: "+who(seat)+" resigned.")
		}
	}
}

// terminate ends the game at seat's request (End.Resign, R001-13,
// A001-06): seat keeps everything but cannot win.
func (g *Game) terminate(seat int) {
	s := g.s
	p := g.wplayer(seat)
	p.Status = engine.StatusResigned
	s.OutSeq++
	p.OutRank = s.OutSeq
	g.gameOver(who(seat) + " terminated the game; " + g.rs.winRule() + " among the others.")
}

// resignOnly is the Legal list of a seat that is not awaited but may
// terminate the game (End.Resign). Shared, read-only.
var resignOnly = []engine.Action{Resign{}}
