package opoly

import (
	"slices"

	"boardroom/engine"
)

// View implements engine.Game: see the View type for what it holds. The
// view of a seat or spectator is built once per published state and the
// same (immutable) *View is returned to every caller until the state
// changes, so many spectators of a table share one. A pointer, so that
// engine.ViewOf hands every reader that one view: as a value each reader
// (every screen that draws it) copied its 448 bytes out of the interface.
// Nobody writes through it.
func (g *Game) View(viewer int) engine.View {
	if viewer < engine.Spectator || viewer >= len(g.s.Players) {
		return g.view(viewer)
	}
	c := g.cached()
	if c.views[viewer+1] == nil {
		v := g.view(viewer)
		c.views[viewer+1] = &v
		c.viewsSet = true
	}
	return c.views[viewer+1]
}

// view builds viewer's view of the current state as a snapshot made only
// of published, never rewritten parts.
func (g *Game) view(viewer int) View {
	var v View
	g.fillView(&v, viewer)
	return v
}

// fillView writes viewer's snapshot view of the current state to v, made
// only of published, never rewritten parts (a lent view: fillLent).
func (g *Game) fillView(v *View, viewer int) {
	s := g.s
	g.viewConsts(v, viewer, false)
	v.Active, v.Phase = g.active(), g.phaseName()
	v.Dice, v.Doubles, v.MustRoll, v.Round, v.TimeUp = s.Dice, s.Doubles, s.Must, s.RoundNo, s.TimeUp
	v.Over = s.Phase == phOver
	v.LastCard = s.LastCard
	v.LastAuction = s.LastAuction
	v.Trades, v.Unfilled = s.Trades, s.Unfilled
	g.turnLists(v, viewer, true) // copies: a snapshot
	v.Cells = g.snapshotCells()
	v.CellsVersion = g.pub.cellsVer
	v.Decks = g.pub.decks
	v.Awaiting = g.awaitingList()
	v.Players = g.snapshotPlayers()
	if s.Mixed != nil && (s.Phase == phValue || s.Phase == phValued) {
		v.Valuation = g.valuationView(viewer)
	}
	if s.Place != nil && s.Phase == phPlace {
		v.Placement = g.placementView()
	}
	if s.Received != nil && s.Phase == phReceive {
		v.Received = g.receivedView()
	}
	if g.supply() != nil {
		sv := g.supplyView()
		v.Supply = &sv
	}
	if v.Over {
		v.Active = -1
		out := g.Outcome()
		v.Outcome = &out
	}
	if a := s.Auction; a != nil && s.Phase != phOver {
		c := g.cached()
		if c.auction == nil {
			c.auction = &AuctionView{Lot: a.Lot, Bankrupt: a.Bankrupt, Bidders: g.blk.ints.copyOf(a.Bidders),
				Committed: make([]bool, len(a.Bidders)), MinBid: a.Min, TieRound: a.TieRound, MyBid: -1,
				Kind: auctionKindNames[a.Kind], Seller: a.Seller, Reserves: a.Reserves}
			for i, b := range a.Bids {
				c.auction.Committed[i] = b >= 0
			}
		}
		v.Auction = c.auction
		if i := a.index(viewer); i >= 0 && a.Bids[i] >= 0 {
			av := *c.auction
			av.MyBid = a.Bids[i]
			v.Auction = &av
		}
	}
	if t := s.Trade; t != nil && s.Phase == phTrade {
		c := g.cached()
		if c.trade == nil {
			o := t.Offer
			o.FromCells, o.ToCells = g.blk.ints.copyOf(o.FromCells), g.blk.ints.copyOf(o.ToCells)
			o.FromCards, o.ToCards = g.blk.ints.copyOf(o.FromCards), g.blk.ints.copyOf(o.ToCards)
			c.trade = &TradeView{From: t.Offer.From, To: t.Offer.To, Counter: t.Counter, Takeover: t.Takeover}
			c.tradeParty = &TradeView{From: t.Offer.From, To: t.Offer.To, Counter: t.Counter, Takeover: t.Takeover, Offer: &o}
		}
		v.Trade = c.trade
		if viewer >= 0 && (viewer == t.Offer.From || viewer == t.Offer.To) {
			v.Trade = c.tradeParty
		}
	}
	// The debt stays in view while the creditor values assets offered
	// against it and the debtor answers (mixed.go): both need its amount.
	if len(s.Queue) > 0 && (s.Phase == phDebt || s.Phase == phValue || s.Phase == phValued) {
		c := g.cached()
		if c.debt == nil {
			c.debt = g.debtView(new(DebtView), &g.blk.ints, nil)
		}
		v.Debt = c.debt
	}
}

// viewConsts writes the game's constants to v, a view of viewer, and
// empties the rest of it.
func (g *Game) viewConsts(v *View, viewer int, lent bool) {
	s, rs := g.s, g.rs
	*v = View{Viewer: viewer, Game: rs.ID, Currency: rs.Money.Currency, CurrencySuffix: rs.Money.Suffix,
		Thousands: rs.Money.Thousands, Rules: rs, Options: s.Setup.Options, Board: rs.Board, Salary: rs.Turn.Salary, JailFee: rs.Jail.Fee,
		JailPos: rs.Jail.Cell, MaxLevel: rs.Buildings.MaxLevel, MaxRounds: s.MaxRounds, TimeLimit: s.TimeLimit,
		Order: s.Order, RollOff: s.RollOff, CardsOff: !g.cardsOn()}
	if lent { // the game's own tables, for the game's life
		v.rents, v.vals = &g.pub.rents, &g.lent.vals
	}
}

// fillLent writes v, a lent view of viewer (peekView.v), for the current
// state: what the snapshot's fillView writes, but reading the
// parts the game rewrites in place (peek.go), with less work a step. It
// runs once per action of a simulation (every Apply is a new state), and
// most actions are a turn's: their phases show none of the view's
// optional parts but the auction and the supply, so the others are
// looked at only in their own phases and cleared only when the view
// shows one (*extra, the view's flag).
func (g *Game) fillLent(v *View, extra *bool, viewer int) {
	s, pub := g.s, &g.pub
	if v.Board == nil { // new, or renewed (lent.renew)
		g.viewConsts(v, viewer, true)
	}
	ph := s.Phase
	v.Active = s.Order[s.Turn] // g.active()
	// phaseName's label
	if v.Phase = phaseNames[ph]; ph == phRoll && s.Players[v.Active].Jailed {
		v.Phase = PhaseJail
	}
	v.Dice, v.Doubles, v.MustRoll, v.Round, v.TimeUp = s.Dice, s.Doubles, s.Must, s.RoundNo, s.TimeUp
	v.Over = ph == phOver
	v.LastCard, v.LastAuction = s.LastCard, s.LastAuction
	// the turn's dealings (View.Trades...): the lists only when there are
	// any, here or in v (most steps of a turn have none)
	v.Trades, v.Unfilled = s.Trades, s.Unfilled
	if len(s.Rejected)+len(s.Asked)+len(v.Rejected)+len(v.Asked) != 0 {
		g.turnLists(v, viewer, false)
	}
	v.Cells, v.CellsVersion = s.Cells, pub.cellsVer // the state's own: valid until the next Apply
	v.Decks, v.Awaiting = pub.decks, g.awaitingList()
	v.Players = g.livePlayers()
	g.fillParts(v, extra, viewer)
}

// fillParts writes the optional parts of v, a lent view of viewer or its
// own view (ownView), for the current state: fillLent's, and all an own
// view is written at each new state.
func (g *Game) fillParts(v *View, extra *bool, viewer int) {
	s, pub := g.s, &g.pub
	ph := s.Phase
	if *extra {
		v.Valuation, v.Outcome, v.Trade, v.Debt, v.Placement, v.Received = nil, nil, nil, nil, nil, nil
		*extra = false
	}
	v.Auction = nil
	if s.Auction != nil && ph != phOver {
		if v.own != nil {
			v.Auction = g.ownAuction(viewer)
		} else {
			v.Auction = g.lentAuction(viewer)
		}
	}
	if v.own == nil && g.supply() != nil { // an own view leaves it empty (own.go)
		// what is left of the supply is what the cells do not hold:
		// worked out again for new cells only (a sale, a build)
		if l := g.lent; !l.supplySet || l.supplyCells != pub.cellsVer {
			l.supply, l.supplyCells, l.supplySet = g.supplyView(), pub.cellsVer, true
		}
		v.Supply = &g.lent.supply
	}
	switch ph {
	case phRoll, phBuy, phPostRoll, phAuction, phChoose:
		return
	case phValue, phValued:
		if s.Mixed != nil {
			v.Valuation, *extra = g.lentValuation(viewer), true
		}
	case phPlace:
		if s.Place != nil {
			v.Placement, *extra = g.placementView(), true
		}
	case phReceive:
		if s.Received != nil {
			v.Received, *extra = g.receivedView(), true
		}
	case phOver:
		v.Active = -1
		out := g.Outcome()
		v.Outcome, *extra = &out, true
	case phTrade:
		if s.Trade != nil && v.own != nil {
			v.Trade, *extra = g.ownTrade(viewer), true
		} else if s.Trade != nil {
			v.Trade, *extra = g.lentTrade(viewer), true
		}
	}
	// The debt stays in view while the creditor values assets offered
	// against it and the debtor answers (mixed.go): both need its amount.
	if len(s.Queue) > 0 && (ph == phDebt || ph == phValue || ph == phValued) {
		if v.own != nil && ph == phDebt {
			// the debtor's bot reads its lists (lentDebtList), not the
			// view's Debt: an own view leaves it empty (own.go)
			g.lentDebtLists()
			return
		}
		v.Debt, *extra = g.lentDebt(), true
	}
}

// phaseNames are the labels phaseName gives each phase (phRoll's: in
// jail or not).
var phaseNames = [...]string{phRoll: PhaseRoll, phBuy: PhaseBuy, phAuction: PhaseAuction, phPostRoll: PhasePostRoll,
	phDebt: PhaseDebt, phTrade: PhaseTrade, phOver: PhaseOver, phChoose: PhaseChoose, phValue: PhaseValue,
	phValued: PhaseValued, phPlace: PhasePlace, phReceive: PhaseReceive}

// perVersion holds the parts of views that are built on demand, at most
// once per published state, and shared by every view of that state (they
// are read-only like the rest of a View).
type perVersion struct {
	ver        uint64 // the published state they belong to
	auction    *AuctionView
	trade      *TradeView // as seen by anyone but the two parties
	tradeParty *TradeView // as seen by the two parties
	debt       *DebtView
	waiting    []engine.Wait             // the prompt of an auction or a debt
	views      [MaxSeats + 1]engine.View // by viewer+1 (spectator first)
	// viewsSet says that views holds one: a bot-only game builds none, and
	// cached (asked by every prompt of an auction or a debt) clears them
	// only when it does.
	viewsSet bool
}

// cached returns the on-demand parts of the current state.
func (g *Game) cached() *perVersion {
	c := &g.pv
	if c.ver == g.pub.ver {
		return c
	}
	c.ver = g.pub.ver
	// Clear only what is set: most states only ever build one view.
	if c.auction != nil || c.trade != nil || c.tradeParty != nil || c.debt != nil || c.waiting != nil {
		c.auction, c.trade, c.tradeParty, c.debt, c.waiting = nil, nil, nil, nil, nil
	}
	if c.viewsSet {
		c.views, c.viewsSet = [MaxSeats + 1]engine.View{}, false
	}
	return c
}

// debtView writes the debt being resolved to dv: its lists are carved from
// ints (a snapshot) or, when ints is nil, written over buf's (a lent
// view's, reused).
func (g *Game) debtView(dv *DebtView, ints *block[int], buf *debtBufs) *DebtView {
	s := g.s
	ob := &s.Queue[0]
	d := ob.Debtor
	*dv = DebtView{Debtor: d, Amount: ob.total(), Reason: ob.Reason, Raised: s.Players[d].Cash, Potential: g.potential(d)}
	if ints != nil {
		dv.Creditors = append([]Owed(nil), ob.Creds...)
	} else {
		buf.creds = append(buf.creds[:0], ob.Creds...)
		dv.Creditors = buf.creds
	}
	if buf != nil { // a lent view's: kept for the debtor's legal part (legalPart)
		if buf.manageVer != g.pub.ver {
			g.debtLists(d, buf)
		}
		g.lentDebtSales() // the view shows the cells they sell
		if len(buf.sell) > 0 {
			dv.Sellable = buf.sell
		}
		if g.rs.Mortgage.Allowed {
			if _, mort := buf.kept.entries(); len(mort) > 0 {
				dv.Mortgageable = mort
			}
		}
		return dv
	}
	var acts [2 * MaxCells]engine.Action
	var sellBuf, mortBuf [MaxCells]int
	_, sell, mort := g.debtList(d, acts[:0], sellBuf[:0], mortBuf[:0])
	dv.Sellable, dv.Mortgageable = ints.copyOf(sell), ints.copyOf(mort)
	return dv
}

// debtLists makes debtor d's lists of the current state in buf, the lent
// debt view's: its kept mortgages, which its legal part (legalPart) and
// its bot (lentDebtList) read, and whose cells are the view's
// Mortgageable. Its sales (and the view's Sellable) are listed when first
// read (lentDebtSales).
func (g *Game) debtLists(d int, buf *debtBufs) {
	if buf.manage == nil { // made at their largest once: grown from nothing they were 0.5% of a game
		buf.growAll(len(g.s.Cells))
	}
	if g.rs.Mortgage.Allowed {
		// the entries join the sales in manage when the list is
		// asked for (debtBufs.part): the debtor's bot reads them
		// kept (lentDebtList)
		g.keptMortgages(&buf.kept, d)
	}
	buf.manageVer = g.pub.ver
}

// turnLists writes to v, viewer's view, the offers rejected and the
// takeovers asked for this turn (View.Rejected, View.Asked): the state's
// own lists in a lent or own view (valid until the next Apply), or copies
// in a snapshot (copy), whose lists the state's next turn would rewrite.
// They are the active player's, shown to it alone: the others saw that a
// proposal or a request was made and answered, not what it offered.
func (g *Game) turnLists(v *View, viewer int, copy bool) {
	s := g.s
	v.Rejected, v.Asked = nil, nil
	if viewer < 0 || uint(s.Turn) >= uint(len(s.Order)) || viewer != s.Order[s.Turn] || s.Phase == phOver {
		return
	}
	if !copy {
		v.Rejected, v.Asked = s.Rejected, s.Asked
		return
	}
	if len(s.Asked) > 0 {
		v.Asked = slices.Clone(s.Asked)
	}
	if len(s.Rejected) > 0 {
		v.Rejected = make([]TradeOffer, len(s.Rejected))
		for i := range s.Rejected {
			v.Rejected[i] = s.Rejected[i].clone()
		}
	}
}

// clone is o with lists of its own.
func (o TradeOffer) clone() TradeOffer {
	o.FromCells, o.ToCells = slices.Clone(o.FromCells), slices.Clone(o.ToCells)
	o.FromCards, o.ToCards = slices.Clone(o.FromCards), slices.Clone(o.ToCards)
	return o
}
