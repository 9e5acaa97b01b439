package opoly

import (
	"strings"

	"boardroom/engine"
)

var (
	errNotYours = engine.Errf(engine.CodeNotYourTurn, "It is not your turn to act.")
	errOver     = engine.Errf(engine.CodeGameOver, "The game is over.")
)

// Apply implements engine.Game: it validates first and changes nothing
// when it returns an error.
func (g *Game) Apply(seat int, a engine.Action) ([]engine.Event, error) {
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
		if _, ok := a.(Resign); !ok { // C-8: resign at any time
			return nil, errNotYours
		}
	}
	if !g.hasAction(a) {
		return nil, engine.Errf(engine.CodeIllegal, "There is no such move in %s.", g.rs.Title)
	}
	if err := g.check(seat, a); err != nil {
		return nil, err
	}
	g.beginEvents()
	g.do(seat, a)
	g.publish()
	return g.endEvents(), nil
}

// hasAction is hasKind(a.Kind()), without the kind's string for the
// actions every game has (most of a game's actions).
func (g *Game) hasAction(a engine.Action) bool {
	switch a.(type) {
	case Roll, EndTurn, Buy, Decline, Build:
		return true
	}
	return g.hasKind(a.Kind())
}

// hasKind reports whether actions of kind exist in the ruleset's game at
// all: a game without auctions, trades or mortgages (Technopoly) refuses
// them with a sentence that does not speak of what it does not have.
func (g *Game) hasKind(kind string) bool {
	rs := g.rs
	switch kind {
	case "bid":
		return rs.Auction.OnDecline || rs.stock() != nil || rs.mechanism("offer_to_all") != nil
	case "propose_trade", "accept_trade", "reject_trade", "counter_trade":
		return rs.Trade.Allowed
	case "mortgage", "sell_and_mortgage", "unmortgage":
		return rs.Mortgage.Allowed
	case "sell_building":
		return rs.Buildings.Sell
	case "sell_group_down", "place_unit":
		return g.mechFor(kind) != nil // Projectopoly's supply
	case "offer_to_all":
		return g.mechFor(kind) != nil // Projectopoly's sales to all
	case "offer_assets", "value_assets", "refuse_assets", "accept_valuation", "reject_valuation":
		return g.mechFor(kind) != nil // Projectopoly's mixed payment
	case "redeem_received", "pay_transfer_fees":
		return g.mechFor(kind) != nil // Projectopoly's receive phase
	case "request_takeover", "approve_takeover", "deny_takeover":
		return g.mechFor(kind) != nil // Technopoly's takeovers
	case "pay_jail_fee", "use_jail_card":
		return rs.Jail.Cell >= 0
	}
	return true
}

func illegal(msg string) error { return engine.Errf(engine.CodeIllegal, "%s", msg) }

// check validates action a of seat, an awaited seat, without changing anything.
func (g *Game) check(seat int, a engine.Action) error {
	act := a // the action as given: handed on to a mechanism without boxing it again
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
		if ph != phRoll || !p.Jailed || p.Cash < g.rs.Jail.Fee {
			return illegal("You can pay the " + g.rs.jailWord() + " fee in " + g.rs.jailWord() + ", before rolling, with enough cash.")
		}
	case UseJailCard:
		if ph != phRoll || !p.Jailed || a.Deck < 0 || a.Deck >= len(s.Decks) || !g.holds(seat, a.Deck) {
			return illegal("You can play " + article(g.rs.jailCardWord()) + " " + g.rs.jailCardWord() + " you hold, in " + g.rs.jailWord() + ", before rolling.")
		}
	case Build:
		if !turn {
			return illegal("You can " + g.rs.buildVerb() + " in your own turn only.")
		}
		if ph == phBuy && g.rs.Turn.BuyDecisionOnly {
			return illegal("Buy or decline first: " + or(g.rs.Words.BuildPrefix, "building ") + "comes before rolling or after the landing.")
		}
		return g.checkBuild(seat, a.Cell)
	case SellBuilding:
		if !manage {
			return illegal("You cannot " + g.rs.sellVerb() + " " + g.rs.buildingsWord() + " now.")
		}
		return g.checkSell(a.Cell, seat)
	case SellGroupDown:
		if !manage {
			return illegal("You cannot " + g.rs.sellVerb() + " " + g.rs.buildingsWord() + " now.")
		}
		return g.mechFor(a.Kind()).Check(Table{g}, seat, act)
	case Mortgage, SellAndMortgage:
		if !manage {
			if !g.rs.unipolyWords() {
				return illegal("You cannot take a " + g.rs.mortgageWord() + " now.")
			}
			return illegal("You cannot mortgage now.")
		}
		c, sell := cellOf(a)
		return g.checkMortgage(seat, c, sell)
	case Unmortgage:
		if !turn {
			if !g.rs.unipolyWords() {
				return illegal(capital(strings.TrimSuffix(g.rs.liftWord(), " of")) + " is possible in your own turn only.")
			}
			return illegal("You can lift a mortgage in your own turn only.")
		}
		return g.checkUnmortgage(seat, a.Cell)
	case ProposeTrade:
		if !g.canPropose(seat) {
			return illegal("You can propose a trade in your own turn, before or after rolling or in your debt, a few times per turn.")
		}
		o := offerOf(seat, a)
		if err := g.checkOffer(&o); err != nil {
			return err
		}
		return g.checkRepeat(&o)
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
		if ph != phTrade || s.Trade.Takeover {
			return illegal("There is no proposal to answer.")
		}
		if !g.canCounter() {
			return engine.Errf(engine.CodeIllegal, "A chain of counter-proposals ends after %d: accept or reject this one.", maxCounters)
		}
		o := counterOffer(seat, s.Trade.Offer.From, a)
		if err := g.checkOffer(&o); err != nil {
			return err
		}
		return g.checkRepeat(&o)
	case OfferToAll:
		return g.mechFor(a.Kind()).Check(Table{g}, seat, act)
	case OfferAssets, ValueAssets, RefuseAssets, AcceptValuation, RejectValuation:
		return g.mechFor(a.Kind()).Check(Table{g}, seat, act)
	case PlaceUnit:
		return g.mechFor(a.Kind()).Check(Table{g}, seat, act)
	case RedeemReceived, PayTransferFees:
		return g.mechFor(a.Kind()).Check(Table{g}, seat, act)
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
	case Resign: // C-8: at any time
	case RequestTakeover, ApproveTakeover, DenyTakeover:
		return g.mechFor(a.Kind()).Check(Table{g}, seat, act)
	case TimeUp:
		return illegal("Only the table calls time.")
	default:
		return engine.Errf(engine.CodeBadAction, "Unknown action %q.", a.Kind())
	}
	return nil
}

// do applies an action that check accepted.
func (g *Game) do(seat int, a engine.Action) {
	act := a // the action as given: handed on to a mechanism without boxing it again
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
		g.emitSaid("decline", func() string { return who(seat) + " declined to buy " + g.rs.Board.Cells[p.Pos].Name + "." })
		if g.declineAuction() {
			g.startAuction(p.Pos, false)
		}
		g.proceed()
	case Bid:
		g.doBid(seat, a)
	case PayJailFee:
		g.wplayer(seat)
		p.Jailed, p.JailTurns = false, 0
		g.move(seat, Bank, g.rs.Jail.Fee, "jail", "fee to leave "+g.rs.jailWord())
	case UseJailCard:
		g.useJailCard(seat, a.Deck)
	case Build:
		g.doBuild(seat, a.Cell)
	case SellBuilding:
		g.doSell(seat, a.Cell)
		g.afterManage()
	case SellGroupDown:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, act)
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
		g.emitSaid("trade_rejected", func() string { return who(seat) + " rejected the proposal of " + who(s.Trade.Offer.From) + "." })
		g.remember(&s.Trade.Offer)
		g.endTrade()
	case CounterTrade:
		o := counterOffer(seat, s.Trade.Offer.From, a)
		g.emitSaid("trade_rejected", func() string {
			return who(seat) + " rejected the proposal of " + who(o.To) + " and answers with a counter-proposal."
		})
		g.remember(&s.Trade.Offer)
		n := s.Trade.counters()
		g.propose(o, true, s.Trade.Return)
		s.Trade.Counters = n + 1
	case OfferToAll:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, act)
	case OfferAssets, ValueAssets, RefuseAssets, AcceptValuation, RejectValuation:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, act)
	case PlaceUnit:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, act)
	case RedeemReceived, PayTransferFees:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, act)
	case ChooseProperty:
		s.Phase = phRoll // the card's turn goes on where it was
		g.cancelProperty(seat, a.Cell)
		g.proceed()
	case DeclareBankruptcy:
		ob := s.Queue[0]
		s.popDebt()
		g.bankrupt(seat, ob.Creds, false)
		g.proceed()
	case Resign:
		if g.rs.End.Resign {
			g.terminate(seat)
			return
		}
		g.resign(seat)
	case RequestTakeover, ApproveTakeover, DenyTakeover:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, act)
	}
}

func cellOf(a engine.Action) (int, bool) {
	if m, ok := a.(Mortgage); ok {
		return m.Cell, false
	}
	return a.(SellAndMortgage).Cell, true
}

// afterManage pays a debt as soon as the debtor's cash covers it.
func (g *Game) afterManage() {
	if g.s.Phase == phDebt {
		g.proceed()
	}
}

// useJailCard plays a held keep-card and returns it under its deck.
func (g *Game) useJailCard(seat, deck int) {
	s := g.s
	p := g.wplayer(seat)
	for i, c := range p.Cards {
		if c.Deck == deck {
			p.Cards = append(p.Cards[:i:i], p.Cards[i+1:]...)
			s.Decks[deck].Order = append(s.Decks[deck].Order, c.Card)
			g.decksDirty = true
			break
		}
	}
	p.Jailed, p.JailTurns = false, 0
	g.emitSaid("jail", func() string {
		return who(seat) + " played a " + g.rs.jailCardWord() + " and leaves " + g.rs.jailWord() + "."
	})
}
