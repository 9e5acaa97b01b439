package opoly

import "boardroom/engine"

// Prompt implements engine.Game.
func (g *game) Prompt() engine.Prompt {
	s := g.s
	switch s.Phase {
	case phOver:
		return engine.Prompt{Phase: PhaseOver}
	case phAuction:
		a := s.Auction
		p := engine.Prompt{Phase: PhaseAuction, Simultaneous: true}
		for i, seat := range a.Bidders {
			if a.Bids[i] < 0 {
				p.Waiting = append(p.Waiting, engine.Wait{Seat: seat, Default: Bid{Amount: a.Min}})
			}
		}
		return p
	case phDebt:
		d := s.Queue[0].Debtor
		return engine.Prompt{Phase: PhaseDebt, Waiting: []engine.Wait{{Seat: d, Default: g.defaultDebtStep(d)}}}
	case phTrade:
		return engine.Prompt{Phase: PhaseTrade, Waiting: []engine.Wait{{Seat: s.Trade.Offer.To, Default: RejectTrade{}}}}
	case phBuy:
		return engine.Prompt{Phase: PhaseBuy, Waiting: []engine.Wait{{Seat: g.active(), Default: Decline{}}}}
	case phPostRoll:
		var def engine.Action = EndTurn{}
		if s.Must {
			def = Roll{}
		}
		return engine.Prompt{Phase: PhasePostRoll, Waiting: []engine.Wait{{Seat: g.active(), Default: def}}}
	}
	ph := PhaseRoll
	if s.Players[g.active()].Jailed {
		ph = PhaseJail
	}
	return engine.Prompt{Phase: ph, Waiting: []engine.Wait{{Seat: g.active(), Default: Roll{}}}}
}

// phaseName is the label of the current phase.
func (g *game) phaseName() string {
	switch g.s.Phase {
	case phOver:
		return PhaseOver
	case phAuction:
		return PhaseAuction
	case phDebt:
		return PhaseDebt
	case phTrade:
		return PhaseTrade
	case phBuy:
		return PhaseBuy
	case phPostRoll:
		return PhasePostRoll
	}
	if g.s.Players[g.active()].Jailed {
		return PhaseJail
	}
	return PhaseRoll
}

// awaits reports whether the game waits on seat now.
func (g *game) awaits(seat int) bool {
	s := g.s
	switch s.Phase {
	case phOver:
		return false
	case phAuction:
		i := s.Auction.index(seat)
		return i >= 0 && s.Auction.Bids[i] < 0
	case phDebt:
		return s.Queue[0].Debtor == seat
	case phTrade:
		return s.Trade.Offer.To == seat
	}
	return seat == g.active()
}

// Legal implements engine.Game.
func (g *game) Legal(seat int) []engine.Action {
	s := g.s
	if seat < 0 || seat >= len(s.Players) || !g.awaits(seat) {
		return nil
	}
	out := make([]engine.Action, 0, 16)
	switch s.Phase {
	case phAuction:
		return append(out, g.bidTemplate(seat))
	case phTrade:
		out = append(out, AcceptTrade{}, RejectTrade{})
		if !s.Trade.Counter {
			out = append(out, g.counterTemplate())
		}
		return out
	case phDebt:
		out = g.legalManage(seat, true, out)
		if g.canPropose(seat) {
			out = g.tradeTemplates(seat, out)
		}
		return append(out, DeclareBankruptcy{})
	case phBuy:
		pos := s.Players[seat].Pos
		if s.Players[seat].Cash >= g.rs.Board.Cells[pos].Price {
			out = append(out, Buy{})
		}
		out = append(out, Decline{})
	case phPostRoll:
		if s.Must {
			out = append(out, Roll{})
		} else {
			out = append(out, EndTurn{})
		}
	default:
		out = g.legalRoll(seat, out)
	}
	out = g.legalManage(seat, false, out)
	if g.canPropose(seat) {
		out = g.tradeTemplates(seat, out)
	}
	return append(out, Resign{})
}

var (
	errNotYours = engine.Errf(engine.CodeNotYourTurn, "It is not your turn to act.")
	errOver     = engine.Errf(engine.CodeGameOver, "The game is over.")
)

// Apply implements engine.Game: it validates first and changes nothing
// when it returns an error.
func (g *game) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	s := g.s
	if s.Phase == phOver {
		return nil, errOver
	}
	if seat < 0 || seat >= len(s.Players) || s.Players[seat].Out || !g.awaits(seat) {
		return nil, errNotYours
	}
	if a == nil {
		return nil, engine.Errf(engine.CodeBadAction, "No action.")
	}
	do, err := g.check(seat, a)
	if err != nil {
		return nil, err
	}
	g.ev = make([]engine.Event, 0, 4)
	do()
	ev := g.ev
	g.ev = nil
	return ev, nil
}

func illegal(msg string) error { return engine.Errf(engine.CodeIllegal, "%s", msg) }

// check validates action a of seat and returns the function that applies it.
func (g *game) check(seat int, a engine.Action) (func(), error) {
	s := g.s
	ph := s.Phase
	turn := ph == phRoll || ph == phPostRoll || ph == phBuy // seat is the active player
	manage := turn || ph == phDebt
	p := &s.Players[seat]
	switch a := a.(type) {
	case Roll:
		if !(ph == phRoll || ph == phPostRoll && s.Must) {
			return nil, illegal("You cannot roll now.")
		}
		return func() { g.doRoll(seat) }, nil
	case EndTurn:
		if ph != phPostRoll || s.Must {
			return nil, illegal("You can end your turn only after rolling (and not after a double).")
		}
		return func() { g.endTurn() }, nil
	case Buy:
		if ph != phBuy {
			return nil, illegal("There is nothing to buy now.")
		}
		cell := &g.rs.Board.Cells[p.Pos]
		if p.Cash < cell.Price {
			return nil, engine.Errf(engine.CodeIllegal, "%s costs %s; you have %s.", cell.Name, g.money(cell.Price), g.money(p.Cash))
		}
		return func() {
			s.Cells[p.Pos].Owner = seat
			g.move(seat, Bank, cell.Price, "buy", "purchase of "+cell.Name)
			g.proceed()
		}, nil
	case Decline:
		if ph != phBuy {
			return nil, illegal("There is nothing to decline now.")
		}
		return func() {
			g.emit("decline", who(seat)+" declined to buy "+g.rs.Board.Cells[p.Pos].Name+".")
			if g.rs.AuctionOnDecline {
				g.startAuction(p.Pos, false)
			}
			g.proceed()
		}, nil
	case Bid:
		if err := g.checkBid(seat, a); err != nil {
			return nil, err
		}
		return func() { g.doBid(seat, a) }, nil
	case PayJailFee:
		if ph != phRoll || !p.Jailed || p.Cash < g.rs.JailFee {
			return nil, illegal("You can pay the jail fee in jail, before rolling, with enough cash.")
		}
		return func() {
			p.Jailed, p.JailTurns = false, 0
			g.move(seat, Bank, g.rs.JailFee, "jail", "fee to leave jail")
		}, nil
	case UseJailCard:
		if ph != phRoll || !p.Jailed || a.Deck < 0 || a.Deck >= len(s.Decks) || !g.holds(seat, a.Deck) {
			return nil, illegal("You can play a Get Out of Jail Free card you hold, in jail, before rolling.")
		}
		return func() { g.useJailCard(seat, a.Deck) }, nil
	case Build:
		if !turn {
			return nil, illegal("You can build in your own turn only.")
		}
		if err := g.checkBuild(seat, a.Cell); err != nil {
			return nil, err
		}
		return func() { g.doBuild(seat, a.Cell) }, nil
	case SellBuilding:
		if !manage {
			return nil, illegal("You cannot sell buildings now.")
		}
		if err := g.checkSell(a.Cell, seat); err != nil {
			return nil, err
		}
		return func() { g.doSell(seat, a.Cell); g.afterManage() }, nil
	case Mortgage, SellAndMortgage:
		c, sell := cellOf(a)
		if !manage {
			return nil, illegal("You cannot mortgage now.")
		}
		if err := g.checkMortgage(seat, c, sell); err != nil {
			return nil, err
		}
		return func() { g.doMortgage(seat, c, sell); g.afterManage() }, nil
	case Unmortgage:
		if !turn {
			return nil, illegal("You can lift a mortgage in your own turn only.")
		}
		if err := g.checkUnmortgage(seat, a.Cell); err != nil {
			return nil, err
		}
		return func() { g.doUnmortgage(seat, a.Cell) }, nil
	case ProposeTrade:
		if !g.canPropose(seat) {
			return nil, illegal("You can propose a trade in your own turn, before or after rolling or in your debt, a few times per turn.")
		}
		o := offerOf(seat, a)
		if err := g.checkOffer(&o); err != nil {
			return nil, err
		}
		return func() { s.Trades++; g.propose(o, false, ph) }, nil
	case AcceptTrade:
		if ph != phTrade {
			return nil, illegal("There is no proposal to answer.")
		}
		if err := g.checkOffer(&s.Trade.Offer); err != nil {
			return nil, err
		}
		return func() { g.execute(&s.Trade.Offer); g.endTrade() }, nil
	case RejectTrade:
		if ph != phTrade {
			return nil, illegal("There is no proposal to answer.")
		}
		return func() {
			g.emit("trade_rejected", who(seat)+" rejected the proposal of "+who(s.Trade.Offer.From)+".")
			g.endTrade()
		}, nil
	case CounterTrade:
		if ph != phTrade || s.Trade.Counter {
			return nil, illegal("You can counter a proposal, not a counter-proposal.")
		}
		o := counterOffer(seat, s.Trade.Offer.From, a)
		if err := g.checkOffer(&o); err != nil {
			return nil, err
		}
		return func() {
			g.emit("trade_rejected", who(seat)+" rejected the proposal of "+who(o.To)+" and answers with a counter-proposal.")
			g.propose(o, true, s.Trade.Return)
		}, nil
	case DeclareBankruptcy:
		if ph != phDebt {
			return nil, illegal("You can declare bankruptcy only when you cannot pay a debt.")
		}
		return func() {
			ob := s.Queue[0]
			s.Queue = s.Queue[1:]
			g.bankrupt(seat, ob.Creds, false)
			g.proceed()
		}, nil
	case Resign:
		if !turn {
			return nil, illegal("You can resign in your own turn (or declare bankruptcy in a debt).")
		}
		return func() {
			g.bankrupt(seat, nil, true)
			g.proceed()
		}, nil
	}
	return nil, engine.Errf(engine.CodeBadAction, "Unknown action %q.", a.Kind())
}

func cellOf(a engine.Action) (int, bool) {
	if m, ok := a.(Mortgage); ok {
		return m.Cell, false
	}
	return a.(SellAndMortgage).Cell, true
}

// afterManage pays a debt as soon as the debtor's cash covers it.
func (g *game) afterManage() {
	if g.s.Phase == phDebt {
		g.proceed()
	}
}

// useJailCard plays a held keep-card and returns it under its deck.
func (g *game) useJailCard(seat, deck int) {
	s := g.s
	p := &s.Players[seat]
	for i, c := range p.Cards {
		if c.Deck == deck {
			p.Cards = append(p.Cards[:i:i], p.Cards[i+1:]...)
			s.Decks[deck].Order = append(s.Decks[deck].Order, c.Card)
			break
		}
	}
	p.Jailed, p.JailTurns = false, 0
	g.emit("jail", who(seat)+" played a Get Out of Jail Free card and leaves jail.")
}
