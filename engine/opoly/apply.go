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
	// awaits, its most common case (the active player's turn) without a call
	if turn := s.Phase.turn(); turn && seat != g.active() || !turn && !g.awaits(seat) {
		if _, ok := a.(Resign); !ok { // C-8: resign at any time
			return nil, errNotYours
		}
	}
	return g.applyAwaited(seat, a)
}

// applyAwaited is Apply's check and change of action a (not nil) of seat,
// a player not out whom the game, not over, awaits (or who resigns): what
// Apply does once it has found so, and all the game's own loop of a
// simulation's steps (PlaySteps) needs, which knows it already.
func (g *Game) applyAwaited(seat int, a engine.Action) ([]engine.Event, error) {
	op, err := g.check(seat, a)
	if err != nil {
		return nil, err
	}
	mute := g.mute // openEvents inlined here, on every action's path (it is not inlined)
	if mute {
		g.emptyEvents()
	} else {
		g.beginEvents()
	}
	g.do(seat, a, op)
	g.publish()
	if mute {
		return nil, nil
	}
	return g.endEvents(), nil
}

// openEvents begins an action's events as beginEvents does, and reports
// whether the game is muted (then endEvents has nothing to do, and is not
// called): for applyBid and applyPropose, a simulation's bids and
// proposals applied as values; applyAwaited has it inline.
func (g *Game) openEvents() (mute bool) {
	if g.mute {
		g.emptyEvents()
		return true
	}
	g.beginEvents()
	return false
}

// hasKind reports whether actions of kind exist in the ruleset's game at
// all: a game without auctions, trades or mortgages (Technopoly) refuses
// them with a sentence that does not speak of what it does not have.
func (g *Game) hasKind(kind string) bool {
	rs := g.rs
	switch kind {
	case "bid":
		return g.hasBids()
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

// hasBids is hasKind("bid"), asked at every bid without the kinds' switch.
func (g *Game) hasBids() bool {
	rs := g.rs
	return rs.Auction.OnDecline || rs.stock() != nil || rs.mechanism("offer_to_all") != nil
}

func illegal(msg string) error { return engine.Errf(engine.CodeIllegal, "%s", msg) }

// What check found an action to be, for do: one type switch an Apply,
// the game's having the action checked in the same switch (hasKind), not
// one switch to check and another to apply.
type op uint8

const (
	opRoll op = iota
	opEndTurn
	opBuy
	opDecline
	opBid
	opJailFee
	opJailCard
	opBuild
	opSell
	opSellDown // a mechanism's, then a debt paid when it can be
	opMortgage // or SellAndMortgage
	opUnmortgage
	opPropose
	opAccept
	opReject
	opCounter
	opMech // a mechanism's own action, applied by it
	opChoose
	opBankrupt
	opResign
)

// turn reports whether the seat acting in phase ph is the active player.
func (ph phase) turn() bool { return ph == phRoll || ph == phPostRoll || ph == phBuy }

// manage reports whether a seat acting in phase ph may sell and mortgage:
// the active player (turn) or a debtor.
func (ph phase) manage() bool { return ph.turn() || ph == phDebt }

// noSuchMove is check's refusal of an action the game does not have
// (hasKind).
func (g *Game) noSuchMove() error {
	return engine.Errf(engine.CodeIllegal, "There is no such move in %s.", g.rs.Title)
}

// check validates action a of seat, an awaited seat, without changing
// anything, and tells do what a is. A game without actions of a's kind
// (hasKind) refuses it before anything else is checked.
func (g *Game) check(seat int, a engine.Action) (op, error) {
	act := a // the action as given: handed on to a mechanism without boxing it again
	s := g.s
	rs := g.rs
	ph := s.Phase
	// a roll, an end of turn and a build, most actions, told by
	// assertions, which compare the type word with theirs: the type switch
	// loads its hash from the type word's table, a cache miss at many steps
	if _, ok := a.(Roll); ok {
		if !(ph == phRoll || ph == phPostRoll && s.Must) {
			return 0, illegal("You cannot roll now.")
		}
		return opRoll, nil
	}
	if _, ok := a.(EndTurn); ok {
		if ph != phPostRoll || s.Must {
			return 0, illegal("You can end your turn only after rolling (and not after a double).")
		}
		return opEndTurn, nil
	}
	if b, ok := a.(Build); ok {
		if !ph.turn() {
			return 0, illegal("You can " + rs.buildVerb() + " in your own turn only.")
		}
		if ph == phBuy && rs.Turn.BuyDecisionOnly {
			return 0, illegal("Buy or decline first: " + or(rs.Words.BuildPrefix, "building ") + "comes before rolling or after the landing.")
		}
		return opBuild, g.checkBuild(seat, b.Cell)
	}
	switch a := a.(type) {
	case Buy:
		if ph != phBuy {
			return 0, illegal("There is nothing to buy now.")
		}
		p := &s.Players[seat]
		if cell := &rs.Board.Cells[p.Pos]; p.Cash < cell.Price {
			return 0, engine.Errf(engine.CodeIllegal, "%s costs %s; you have %s.", cell.Name, g.money(cell.Price), g.money(p.Cash))
		}
		return opBuy, nil
	case Decline:
		if ph != phBuy {
			return 0, illegal("There is nothing to decline now.")
		}
		return opDecline, nil
	case Bid:
		if !g.hasBids() {
			return 0, g.noSuchMove()
		}
		return opBid, g.checkBid(seat, a)
	case PayJailFee:
		if rs.Jail.Cell < 0 {
			return 0, g.noSuchMove()
		}
		if p := &s.Players[seat]; ph != phRoll || !p.Jailed || p.Cash < rs.Jail.Fee {
			return 0, illegal("You can pay the " + rs.jailWord() + " fee in " + rs.jailWord() + ", before rolling, with enough cash.")
		}
		return opJailFee, nil
	case UseJailCard:
		if rs.Jail.Cell < 0 {
			return 0, g.noSuchMove()
		}
		if ph != phRoll || !s.Players[seat].Jailed || a.Deck < 0 || a.Deck >= len(s.Decks) || !g.holds(seat, a.Deck) {
			return 0, illegal("You can play " + article(rs.jailCardWord()) + " " + rs.jailCardWord() + " you hold, in " + rs.jailWord() + ", before rolling.")
		}
		return opJailCard, nil
	case SellBuilding:
		if !rs.Buildings.Sell {
			return 0, g.noSuchMove()
		}
		if !ph.manage() {
			return 0, illegal("You cannot " + rs.sellVerb() + " " + rs.buildingsWord() + " now.")
		}
		return opSell, g.checkSell(a.Cell, seat)
	case SellGroupDown:
		m := g.mechFor(a.Kind()) // Projectopoly's supply
		if m == nil {
			return 0, g.noSuchMove()
		}
		if !ph.manage() {
			return 0, illegal("You cannot " + rs.sellVerb() + " " + rs.buildingsWord() + " now.")
		}
		return opSellDown, m.Check(Table{g}, seat, act)
	case Mortgage, SellAndMortgage:
		if !rs.Mortgage.Allowed {
			return 0, g.noSuchMove()
		}
		if !ph.manage() {
			if !rs.unipolyWords() {
				return 0, illegal("You cannot take a " + rs.mortgageWord() + " now.")
			}
			return 0, illegal("You cannot mortgage now.")
		}
		c, sell := cellOf(a)
		return opMortgage, g.checkMortgage(seat, c, sell)
	case Unmortgage:
		if !rs.Mortgage.Allowed {
			return 0, g.noSuchMove()
		}
		if !ph.turn() {
			if !rs.unipolyWords() {
				return 0, illegal(capital(strings.TrimSuffix(rs.liftWord(), " of")) + " is possible in your own turn only.")
			}
			return 0, illegal("You can lift a mortgage in your own turn only.")
		}
		return opUnmortgage, g.checkUnmortgage(seat, a.Cell)
	case ProposeTrade:
		if !rs.Trade.Allowed {
			return 0, g.noSuchMove()
		}
		if !g.canPropose(seat) {
			return 0, illegal("You can propose a trade in your own turn, before or after rolling or in your debt, a few times per turn.")
		}
		o := offerOf(seat, a)
		if err := g.checkOffer(&o); err != nil {
			return 0, err
		}
		return opPropose, g.checkRepeat(&o)
	case AcceptTrade:
		if !rs.Trade.Allowed {
			return 0, g.noSuchMove()
		}
		if ph != phTrade || s.Trade.Takeover {
			return 0, illegal("There is no proposal to answer.")
		}
		o := s.Trade.Offer
		o.ToRedeems = a.Redeem
		return opAccept, g.checkOffer(&o)
	case RejectTrade:
		if !rs.Trade.Allowed {
			return 0, g.noSuchMove()
		}
		if ph != phTrade || s.Trade.Takeover {
			return 0, illegal("There is no proposal to answer.")
		}
		return opReject, nil
	case CounterTrade:
		if !rs.Trade.Allowed {
			return 0, g.noSuchMove()
		}
		if ph != phTrade || s.Trade.Takeover {
			return 0, illegal("There is no proposal to answer.")
		}
		if !g.canCounter() {
			return 0, engine.Errf(engine.CodeIllegal, "A chain of counter-proposals ends after %d: accept or reject this one.", maxCounters)
		}
		o := counterOffer(seat, s.Trade.Offer.From, a)
		if err := g.checkOffer(&o); err != nil {
			return 0, err
		}
		return opCounter, g.checkRepeat(&o)
	case OfferToAll, // Projectopoly's sales to all
		OfferAssets, ValueAssets, RefuseAssets, AcceptValuation, RejectValuation, // its mixed payment
		PlaceUnit,                       // its supply
		RedeemReceived, PayTransferFees, // its receive phase
		RequestTakeover, ApproveTakeover, DenyTakeover: // Technopoly's takeovers
		m := g.mechFor(a.Kind())
		if m == nil {
			return 0, g.noSuchMove()
		}
		return opMech, m.Check(Table{g}, seat, act)
	case ChooseProperty:
		if ph != phChoose {
			return 0, illegal("There is nothing to choose now.")
		}
		var buf [MaxCells]int
		for _, c := range g.cancellable(seat, buf[:0]) {
			if c == a.Cell {
				return opChoose, nil
			}
		}
		return 0, illegal("Choose one of your projects without staff in its group and without an extension.")
	case DeclareBankruptcy:
		if ph != phDebt {
			return 0, illegal("You can declare bankruptcy only when you cannot pay a debt.")
		}
		return opBankrupt, nil
	case Resign: // C-8: at any time
		return opResign, nil
	case TimeUp:
		return 0, illegal("Only the table calls time.")
	}
	if !g.hasKind(a.Kind()) { // a kind of no type above, as hasKind knows it
		return 0, g.noSuchMove()
	}
	return 0, engine.Errf(engine.CodeBadAction, "Unknown action %q.", a.Kind())
}

// do applies action a, which check accepted as op: a's type is the one
// check found, asserted without a second type switch.
func (g *Game) do(seat int, a engine.Action, op op) {
	// a roll, an end of turn and a build, most actions, without the
	// switch's jump table (a load from it, a cache miss at many steps)
	switch op {
	case opRoll:
		g.doRoll(seat)
		return
	case opEndTurn:
		g.endTurn()
		return
	case opBuild:
		g.doBuild(seat, a.(Build).Cell)
		return
	}
	s := g.s
	p := &s.Players[seat]
	switch op {
	case opBuy:
		cell := &g.rs.Board.Cells[p.Pos]
		g.wcell(p.Pos).Owner = seat
		g.move(seat, Bank, cell.Price, "buy", g.why.purchase[p.Pos])
		g.proceed()
	case opDecline:
		g.emitSaid("decline", func() string { return who(seat) + " declined to buy " + g.rs.Board.Cells[p.Pos].Name + "." })
		if g.declineAuction() {
			g.startAuction(p.Pos, false)
		}
		g.proceed()
	case opBid:
		g.doBid(seat, a.(Bid))
	case opJailFee:
		g.wplayer(seat)
		p.Jailed, p.JailTurns = false, 0
		g.move(seat, Bank, g.rs.Jail.Fee, "jail", g.why.jailFee)
	case opJailCard:
		g.useJailCard(seat, a.(UseJailCard).Deck)
	case opSell:
		g.doSell(seat, a.(SellBuilding).Cell)
		g.afterManage()
	case opSellDown:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, a) // a as given: not boxed again
		g.afterManage()
	case opMortgage:
		c, sell := cellOf(a)
		g.doMortgage(seat, c, sell)
		g.afterManage()
	case opUnmortgage:
		g.doUnmortgage(seat, a.(Unmortgage).Cell)
	case opPropose:
		s.Trades++
		g.propose(offerOf(seat, a.(ProposeTrade)), false, s.Phase)
	case opAccept:
		s.Trade.Offer.ToRedeems = a.(AcceptTrade).Redeem
		g.execute(&s.Trade.Offer)
		g.endTrade()
	case opReject:
		g.emitSaid("trade_rejected", func() string { return who(seat) + " rejected the proposal of " + who(s.Trade.Offer.From) + "." })
		g.remember(&s.Trade.Offer)
		g.endTrade()
	case opCounter:
		o := counterOffer(seat, s.Trade.Offer.From, a.(CounterTrade))
		g.emitSaid("trade_rejected", func() string {
			return who(seat) + " rejected the proposal of " + who(o.To) + " and answers with a counter-proposal."
		})
		g.remember(&s.Trade.Offer)
		n := s.Trade.counters()
		g.propose(o, true, s.Trade.Return)
		s.Trade.Counters = n + 1
	case opMech:
		g.mechFor(a.Kind()).Apply(Table{g}, seat, a)
	case opChoose:
		s.Phase = phRoll // the card's turn goes on where it was
		g.cancelProperty(seat, a.(ChooseProperty).Cell)
		g.proceed()
	case opBankrupt:
		ob := s.Queue[0]
		s.popDebt()
		g.bankrupt(seat, ob.Creds, false)
		g.proceed()
	case opResign:
		if g.rs.End.Resign {
			g.terminate(seat)
			return
		}
		g.resign(seat)
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
