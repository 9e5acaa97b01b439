package opoly

import "boardroom/engine"

// Prompt implements engine.Game.
func (g *game) Prompt() engine.Prompt {
	s := g.s
	switch s.Phase {
	case phOver:
		return engine.Prompt{Phase: PhaseOver}
	case phAuction:
		c := g.cached()
		if c.waiting == nil {
			a := s.Auction
			def := bidZero
			if a.Min != 0 {
				def = Bid{Amount: a.Min}
			}
			var w [MaxSeats]engine.Wait
			k := 0
			for i, seat := range a.Bidders {
				if a.Bids[i] < 0 {
					w[k] = engine.Wait{Seat: seat, Default: def}
					k++
				}
			}
			c.waiting = g.blk.waits.copyOf(w[:k])
		}
		return engine.Prompt{Phase: PhaseAuction, Simultaneous: true, Waiting: c.waiting}
	case phDebt:
		c := g.cached()
		if c.waiting == nil {
			d := s.Queue[0].Debtor
			c.waiting = g.blk.waits.take(1)
			c.waiting[0] = engine.Wait{Seat: d, Default: g.defaultDebtStep(d)}
		}
		return engine.Prompt{Phase: PhaseDebt, Waiting: c.waiting}
	case phTrade:
		if s.Trade.Takeover {
			return engine.Prompt{Phase: PhaseTrade, Decision: engine.DecisionAnswer, Waiting: waits[waitDeny][s.Trade.Offer.To]}
		}
		return engine.Prompt{Phase: PhaseTrade, Decision: engine.DecisionAnswer, Waiting: waits[waitReject][s.Trade.Offer.To]}
	case phBuy:
		return engine.Prompt{Phase: PhaseBuy, Waiting: waits[waitDecline][g.active()]}
	case phValue:
		return engine.Prompt{Phase: PhaseValue, Decision: engine.DecisionAnswer, Waiting: []engine.Wait{{Seat: s.Mixed.Creditor, Default: RefuseAssets{}}}}
	case phValued:
		return engine.Prompt{Phase: PhaseValued, Decision: engine.DecisionAnswer, Waiting: []engine.Wait{{Seat: s.Mixed.Debtor, Default: RejectValuation{}}}}
	case phChoose:
		var buf [MaxCells]int
		l := g.cancellable(g.active(), buf[:0])
		return engine.Prompt{Phase: PhaseChoose, Waiting: []engine.Wait{{Seat: g.active(), Default: g.cheapest(l)}}}
	case phPostRoll:
		if s.Must {
			return engine.Prompt{Phase: PhasePostRoll, Waiting: waits[waitRoll][g.active()]}
		}
		return engine.Prompt{Phase: PhasePostRoll, Waiting: waits[waitEnd][g.active()]}
	}
	ph := PhaseRoll
	if s.Players[g.active()].Jailed {
		ph = PhaseJail
	}
	return engine.Prompt{Phase: ph, Waiting: waits[waitRoll][g.active()]}
}

// bidZero is the default bid of a first round, boxed once.
var bidZero engine.Action = Bid{}

// waits holds shared single-seat Waiting lists for the defaults that carry
// no data, so that Prompt does not allocate on every call. Read-only.
var waits = func() (w [5][MaxSeats][]engine.Wait) {
	defs := [5]engine.Action{waitRoll: Roll{}, waitEnd: EndTurn{}, waitDecline: Decline{}, waitReject: RejectTrade{}, waitDeny: DenyTakeover{}}
	for k, d := range defs {
		for seat := 0; seat < MaxSeats; seat++ {
			w[k][seat] = []engine.Wait{{Seat: seat, Default: d}}
		}
	}
	return w
}()

const (
	waitRoll = iota
	waitEnd
	waitDecline
	waitReject
	waitDeny
)

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
	case phChoose:
		return PhaseChoose
	case phValue:
		return PhaseValue
	case phValued:
		return PhaseValued
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
	case phValue:
		return s.Mixed.Creditor == seat
	case phValued:
		return s.Mixed.Debtor == seat
	}
	return seat == g.active()
}

// Legal implements engine.Game. The returned list is the game's own
// buffer for seat: it stays valid and unchanged until the next successful
// Apply (calling Legal again before then returns the same list); a caller
// that keeps it longer must copy it. Bots and menus choose from it and
// apply at once, so the game lists every step without allocating.
func (g *game) Legal(seat int) []engine.Action {
	s := g.s
	if seat < 0 || seat >= len(s.Players) {
		return nil
	}
	if !g.awaits(seat) {
		if g.rs.ResignEndsGame && s.Phase != phOver && !s.Players[seat].Out {
			return resignOnly[:1:1] // terminate at any time (A001-06)
		}
		return nil
	}
	lb := &g.legalBuf[seat]
	if lb.ver != g.pub.ver {
		lb.list = g.legal(seat, lb.list[:0])
		if n := len(lb.list); g.rs.ResignEndsGame && (n == 0 || lb.list[n-1].Kind() != "resign") {
			lb.list = append(lb.list, Resign{})
		}
		lb.ver = g.pub.ver
	}
	n := len(lb.list)
	return lb.list[:n:n]
}

// legalList is a seat's Legal buffer and the published state it lists.
type legalList struct {
	ver  uint64
	list []engine.Action
}

func (g *game) legal(seat int, out []engine.Action) []engine.Action {
	s := g.s
	switch s.Phase {
	case phAuction:
		return append(out, g.bidTemplate(seat))
	case phTrade:
		if s.Trade.Takeover {
			return append(out, ApproveTakeover{}, DenyTakeover{})
		}
		out = append(out, AcceptTrade{}, RejectTrade{})
		if g.rs.MortgageTransferPct > 0 {
			if o := s.Trade.Offer; g.transferCost(o.FromCells, true) > g.transferCost(o.FromCells, false) {
				o.ToRedeems = true
				if g.checkOffer(&o) == nil {
					out = append(out, AcceptTrade{Redeem: true})
				}
			}
		}
		if !s.Trade.Counter {
			if ct, ok := g.counterTemplate(); ok {
				out = append(out, ct)
			}
		}
		return out
	case phDebt:
		out = g.legalManage(seat, true, out)
		if g.canPropose(seat) {
			out = g.tradeTemplates(seat, out)
		}
		out = g.legalOffers(seat, out)
		out = g.legalMixed(seat, out)
		return append(out, DeclareBankruptcy{})
	case phValue:
		return append(out, g.valueTemplate(), RefuseAssets{})
	case phValued:
		return append(out, AcceptValuation{}, RejectValuation{})
	case phChoose:
		var buf [MaxCells]int
		for _, c := range g.cancellable(seat, buf[:0]) {
			out = append(out, ChooseProperty{Cell: c})
		}
		return out
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
		out = g.legalOffers(seat, out)
	}
	out = g.legalTakeovers(seat, out)
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
	if seat == engine.Table {
		return g.applyTable(a)
	}
	if seat < 0 || seat >= len(s.Players) || s.Players[seat].Out {
		return nil, errNotYours
	}
	if a == nil {
		return nil, engine.Errf(engine.CodeBadAction, "No action.")
	}
	if !g.awaits(seat) {
		if _, ok := a.(Resign); !ok || !g.rs.ResignEndsGame {
			return nil, errNotYours
		}
	}
	if err := g.check(seat, a); err != nil {
		return nil, err
	}
	g.beginEvents()
	g.do(seat, a)
	g.publish()
	return g.endEvents(), nil
}

func illegal(msg string) error { return engine.Errf(engine.CodeIllegal, "%s", msg) }

// check validates action a of seat, an awaited seat, without changing anything.
func (g *game) check(seat int, a engine.Action) error {
	s := g.s
	ph := s.Phase
	turn := ph == phRoll || ph == phPostRoll || ph == phBuy // seat is the active player
	manage := turn || ph == phDebt
	p := &s.Players[seat]
	switch a := a.(type) {
	case Roll:
		if !(ph == phRoll || ph == phPostRoll && s.Must) {
			return illegal("You cannot roll now.")
		}
	case EndTurn:
		if ph != phPostRoll || s.Must {
			return illegal("You can end your turn only after rolling (and not after a double).")
		}
	case Buy:
		if ph != phBuy {
			return illegal("There is nothing to buy now.")
		}
		if cell := &g.rs.Board.Cells[p.Pos]; p.Cash < cell.Price {
			return engine.Errf(engine.CodeIllegal, "%s costs %s; you have %s.", cell.Name, g.money(cell.Price), g.money(p.Cash))
		}
	case Decline:
		if ph != phBuy {
			return illegal("There is nothing to decline now.")
		}
	case Bid:
		return g.checkBid(seat, a)
	case PayJailFee:
		if ph != phRoll || !p.Jailed || p.Cash < g.rs.JailFee {
			return illegal("You can pay the jail fee in jail, before rolling, with enough cash.")
		}
	case UseJailCard:
		if ph != phRoll || !p.Jailed || a.Deck < 0 || a.Deck >= len(s.Decks) || !g.holds(seat, a.Deck) {
			return illegal("You can play a Get Out of Jail Free card you hold, in jail, before rolling.")
		}
	case Build:
		if !turn {
			return illegal("You can build in your own turn only.")
		}
		return g.checkBuild(seat, a.Cell)
	case SellBuilding:
		if !manage {
			return illegal("You cannot sell buildings now.")
		}
		return g.checkSell(a.Cell, seat)
	case SellGroupDown:
		if !manage {
			return illegal("You cannot sell buildings now.")
		}
		return g.checkSellGroupDown(seat, a)
	case Mortgage, SellAndMortgage:
		if !manage {
			return illegal("You cannot mortgage now.")
		}
		c, sell := cellOf(a)
		return g.checkMortgage(seat, c, sell)
	case Unmortgage:
		if !turn {
			return illegal("You can lift a mortgage in your own turn only.")
		}
		return g.checkUnmortgage(seat, a.Cell)
	case ProposeTrade:
		if !g.canPropose(seat) {
			return illegal("You can propose a trade in your own turn, before or after rolling or in your debt, a few times per turn.")
		}
		o := offerOf(seat, a)
		return g.checkOffer(&o)
	case AcceptTrade:
		if ph != phTrade || s.Trade.Takeover {
			return illegal("There is no proposal to answer.")
		}
		o := s.Trade.Offer
		o.ToRedeems = a.Redeem
		return g.checkOffer(&o)
	case RejectTrade:
		if ph != phTrade || s.Trade.Takeover {
			return illegal("There is no proposal to answer.")
		}
	case CounterTrade:
		if ph != phTrade || s.Trade.Counter || s.Trade.Takeover {
			return illegal("You can counter a proposal, not a counter-proposal.")
		}
		o := counterOffer(seat, s.Trade.Offer.From, a)
		return g.checkOffer(&o)
	case OfferToAll:
		return g.checkOfferToAll(seat, a)
	case OfferAssets:
		return g.checkOfferAssets(seat, a)
	case ValueAssets:
		if ph != phValue {
			return illegal("There is no offer to value.")
		}
		return g.checkValue(a)
	case RefuseAssets:
		if ph != phValue {
			return illegal("There is no offer to refuse.")
		}
	case AcceptValuation, RejectValuation:
		if ph != phValued {
			return illegal("There is no valuation to answer.")
		}
	case ChooseProperty:
		if ph != phChoose {
			return illegal("There is nothing to choose now.")
		}
		var buf [MaxCells]int
		for _, c := range g.cancellable(seat, buf[:0]) {
			if c == a.Cell {
				return nil
			}
		}
		return illegal("Choose one of your projects without staff in its group and without an extension.")
	case DeclareBankruptcy:
		if ph != phDebt {
			return illegal("You can declare bankruptcy only when you cannot pay a debt.")
		}
	case Resign:
		if !turn && !g.rs.ResignEndsGame {
			return illegal("You can resign in your own turn (or declare bankruptcy in a debt).")
		}
	case RequestTakeover:
		return g.checkRequest(seat, a.Cell)
	case ApproveTakeover:
		return g.checkAnswer(true)
	case DenyTakeover:
		return g.checkAnswer(false)
	case TimeUp:
		return illegal("Only the table calls time.")
	default:
		return engine.Errf(engine.CodeBadAction, "Unknown action %q.", a.Kind())
	}
	return nil
}

// do applies an action that check accepted.
func (g *game) do(seat int, a engine.Action) {
	s := g.s
	p := &s.Players[seat]
	switch a := a.(type) {
	case Roll:
		g.doRoll(seat)
	case EndTurn:
		g.endTurn()
	case Buy:
		cell := &g.rs.Board.Cells[p.Pos]
		g.wcell(p.Pos).Owner = seat
		g.move(seat, Bank, cell.Price, "buy", g.why.purchase[p.Pos])
		g.proceed()
	case Decline:
		g.emit("decline", who(seat)+" declined to buy "+g.rs.Board.Cells[p.Pos].Name+".")
		if g.declineAuction() {
			g.startAuction(p.Pos, false)
		}
		g.proceed()
	case Bid:
		g.doBid(seat, a)
	case PayJailFee:
		p.Jailed, p.JailTurns = false, 0
		g.move(seat, Bank, g.rs.JailFee, "jail", "fee to leave "+g.rs.jailWord())
	case UseJailCard:
		g.useJailCard(seat, a.Deck)
	case Build:
		g.doBuild(seat, a.Cell)
	case SellBuilding:
		g.doSell(seat, a.Cell)
		g.afterManage()
	case SellGroupDown:
		g.doSellGroupDown(seat, a)
		g.afterManage()
	case Mortgage, SellAndMortgage:
		c, sell := cellOf(a)
		g.doMortgage(seat, c, sell)
		g.afterManage()
	case Unmortgage:
		g.doUnmortgage(seat, a.Cell)
	case ProposeTrade:
		s.Trades++
		g.propose(offerOf(seat, a), false, s.Phase)
	case AcceptTrade:
		s.Trade.Offer.ToRedeems = a.Redeem
		g.execute(&s.Trade.Offer)
		g.endTrade()
	case RejectTrade:
		g.emit("trade_rejected", who(seat)+" rejected the proposal of "+who(s.Trade.Offer.From)+".")
		g.endTrade()
	case CounterTrade:
		o := counterOffer(seat, s.Trade.Offer.From, a)
		g.emit("trade_rejected", who(seat)+" rejected the proposal of "+who(o.To)+" and answers with a counter-proposal.")
		g.propose(o, true, s.Trade.Return)
	case OfferToAll:
		g.doOfferToAll(seat, a)
	case OfferAssets:
		g.doOfferAssets(seat, a)
	case ValueAssets:
		g.doValue(seat, a)
	case RefuseAssets:
		g.endMixed(who(seat) + " refused the properties offered by " + who(s.Mixed.Debtor) + ".")
	case AcceptValuation:
		g.doAcceptValuation()
	case RejectValuation:
		g.endMixed(who(seat) + " rejected the valuation of " + who(s.Mixed.Creditor) + ".")
	case ChooseProperty:
		s.Phase = phRoll // the card's turn goes on where it was
		g.cancelProperty(seat, a.Cell)
		g.proceed()
	case DeclareBankruptcy:
		ob := s.Queue[0]
		s.Queue = s.Queue[1:]
		g.bankrupt(seat, ob.Creds, false)
		g.proceed()
	case Resign:
		if g.rs.ResignEndsGame {
			g.terminate(seat)
			return
		}
		g.bankrupt(seat, nil, true)
		g.proceed()
	case RequestTakeover:
		g.doRequest(seat, a.Cell)
	case ApproveTakeover:
		g.approve()
	case DenyTakeover:
		g.deny()
	}
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
	g.emit("jail", who(seat)+" played a "+g.rs.jailCardWord()+" and leaves "+g.rs.jailWord()+".")
}
