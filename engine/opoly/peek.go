package opoly

import (
	"math/bits"

	"boardroom/engine"
)

// Lent views (engine.ViewPeeker) and quiet games (engine.Quieter): the
// fast paths of bot-only simulations and bots' playouts. A lent view is
// the same View a snapshot would be, but the game owns it and rewrites it
// in place on the next Apply, so that a bot reading it every step costs no
// allocation. Its Players (and Supply) are the game's own buffers, its
// Cells the state's own cells, which the next Apply changes in place (a
// copy per change of the cells was 1% of a sim); Decks and the rest are
// the published, never rewritten parts, shared with snapshots. A bot tells
// that the cells changed by View.CellsVersion.

// peekView is one viewer's lent view and the published state it shows,
// with the auction and trade it shows (rewritten in place, as the view is:
// snapshot views share ones built once per state, a new one per state).
type peekView struct {
	ver     uint64
	v       View
	auction AuctionView
	trade   TradeView
	offer   TradeOffer
	offers  [4][]int // buffers of offer's lists
	val     ValuationView
	valBuf  []int // buffer of val's cells
	// extra says that v shows one of the optional parts fillLent clears
	// only when shown (all but the auction and the supply)
	extra bool
	// own is the viewer's own view (ownView, own.go) of published state
	// ownVer, filled like v but for its players, which ownRd reads in
	// place; ownExtra is its extra. The optional parts it shows are
	// these of v (the same viewer's, of the same state when both are).
	own      View
	ownVer   uint64
	ownRd    ownRead
	ownExtra bool
	ownAuc   AuctionView // own's auction (ownAuction)
	ownTrd   TradeView   // own's trade (ownTrade)
}

// lent holds the game's lent views and the buffers they read.
type lent struct {
	// views are by viewer+1 (spectator first), one per seat and the
	// spectators, each made when first lent (view): a table's bots read
	// their seats' only, and a view is 1.8 KB with 77 pointers the
	// collector traces for as long as the game lives
	views   []*peekView
	players []PlayerView // the players of version ver
	ver     uint64
	cards   [MaxSeats][]int // JailCards of players, reused
	supply  SupplyView
	// supplySet says that supply is of the cells of version supplyCells
	supplySet   bool
	supplyCells uint64
	debt        DebtView // the debt of lent views
	debtBuf     debtBufs
	debtVer     uint64
	vals        valMemo // the bots' valuations of this state that any may read
	// own is each seat's view of views once its own view is made (ownNew),
	// by seat&(MaxSeats-1): ownView's short path, without the index's
	// bounds check and product; nil again when the lent views are renewed
	own [MaxSeats]*peekView
}

// newLent is the lent views of a game of seats seats, none made yet.
func newLent(seats int) *lent { return &lent{views: make([]*peekView, seats+1)} }

// view is the lent view at index i (viewer+1), made if new.
func (l *lent) view(i int) *peekView {
	p := l.views[i]
	if p == nil {
		p = new(peekView)
		l.views[i] = p
	}
	return p
}

// debtBufs are the lists of a lent DebtView, reused.
type debtBufs struct {
	creds []Owed
	sell  []int
	// manage is the debtor's legalManage list of published state
	// manageVer, which the lent view's lists are made of: the debtor's
	// bot reads it next (legalPart), so it is listed once.
	manage    []engine.Action
	manageVer uint64
	// nsales is how many of manage are sales, listed for published state
	// salesVer (lentDebtSales: when first read, as the debtor's bot reads
	// its kept mortgages first and most steps of a debt end there); joined
	// says that the kept mortgage entries follow them (part), else manage
	// holds the sales
	nsales   int
	salesVer uint64
	joined   bool
	// kept is the debtor's mortgages, kept from step to step of its debt
	kept debtKept
}

// growAll makes the lists of a lent debt view for a board of n cells,
// with room for a debtor owning every cell: a sale and a mortgage each
// (the mortgages' cells are the kept ones).
func (b *debtBufs) growAll(n int) {
	b.manage, b.sell = make([]engine.Action, 0, 2*n), make([]int, 0, n)
	b.kept.acts, b.kept.cells = make([]engine.Action, 0, n), make([]int, 0, n)
}

// part returns the debtor's list of the lent debt view (legalPart's
// partDebt): its sales, then its kept mortgage entries, joined once per
// state when first asked for, its capacity cut so that an append copies.
// The sales must be those of the current state (lentDebtSales).
func (b *debtBufs) part() []engine.Action {
	if !b.joined {
		acts, _ := b.kept.entries()
		b.manage, b.joined = append(b.manage[:b.nsales], acts...), true
	}
	m := b.manage
	return m[:len(m):len(m)]
}

// lentDebt returns the debt being resolved in the game's own DebtView,
// rewritten once per published state.
func (g *Game) lentDebt() *DebtView {
	l := g.lent
	if l.debtVer != g.pub.ver {
		g.debtView(&l.debt, nil, &l.debtBuf)
		l.debtVer = g.pub.ver
	}
	return &l.debt
}

// lentDebtLists makes the debtor's lists of the current state, those of
// the lent debt view (debtLists), once per state, without the view's other
// parts: a bot's own view in a debt's phase (fillParts).
func (g *Game) lentDebtLists() {
	if b := &g.lent.debtBuf; b.manageVer != g.pub.ver {
		g.debtLists(g.s.Queue[0].Debtor, b)
	}
}

// lentDebtList reports whether seat's debt is the one its lent debt view
// listed for the current state (the list legalPart lends the debtor's bot
// for partDebt), with the mortgage entries that follow the list's sales
// (nil when the rules have none); the sales, which come first in it, are
// lentDebtSales'.
func (g *Game) lentDebtList(seat int) (kept *debtKept, ok bool) {
	l := g.lent
	if l == nil || l.debtBuf.manageVer != g.pub.ver || len(g.s.Queue) == 0 || g.s.Queue[0].Debtor != seat {
		return nil, false
	}
	if !g.rs.Mortgage.Allowed {
		return nil, true
	}
	return &l.debtBuf.kept, true
}

// lentDebtSales returns the sales of the lent debt view's list of the
// current state (debtSales of its debtor), listed when first read for
// the state: the debtor's bot reads them only when it has nothing to
// mortgage (raiseKept), and a debt's view listed them at every step
// (about 420 instructions a list). Only while the view's lists are of
// the current state (lentDebtList ok, manageVer). Its capacity is cut
// so that an append copies.
func (g *Game) lentDebtSales() []engine.Action {
	b := &g.lent.debtBuf
	if b.salesVer != g.pub.ver {
		b.manage, b.sell = g.debtSales(g.s.Queue[0].Debtor, b.manage[:0], b.sell[:0])
		b.nsales, b.joined = len(b.manage), !g.rs.Mortgage.Allowed
		b.salesVer = g.pub.ver
	}
	return b.manage[:b.nsales:b.nsales]
}

// PeekView implements engine.ViewPeeker: what View(viewer) holds, valid
// until the next Apply.
func (g *Game) PeekView(viewer int) engine.View {
	// lent views by viewer+1: one per seat and one for spectators
	// (engine.Spectator is -1), so one unsigned compare checks the viewer
	if l := g.lent; l != nil && uint(viewer+1) < uint(len(l.views)) {
		p := l.view(viewer + 1)
		if p.ver != g.pub.ver {
			g.fillLent(&p.v, &p.extra, viewer)
			p.ver = g.pub.ver
		}
		return &p.v
	}
	return g.peekFirst(viewer)
}

// peekFirst is PeekView where the game has no lent views yet (or viewer
// is none of its seats: a snapshot, as View gives).
func (g *Game) peekFirst(viewer int) engine.View {
	if viewer < engine.Spectator || viewer >= len(g.s.Players) {
		return g.View(viewer)
	}
	g.lent = newLent(len(g.s.Players))
	return g.PeekView(viewer)
}

// lentAuction returns viewer's AuctionView of the auction under way in the
// lent view's own memory: what fillView builds for a snapshot.
func (g *Game) lentAuction(viewer int) *AuctionView {
	a := g.s.Auction
	av := &g.lent.view(viewer + 1).auction
	bidders, committed := av.Bidders[:0], av.Committed[:0]
	if committed == nil {
		committed = make([]bool, 0, MaxSeats) // never nil, as in a snapshot
	}
	for _, b := range a.Bids {
		committed = append(committed, b >= 0)
	}
	bidders = append(bidders, a.Bidders...)
	if len(bidders) == 0 {
		bidders = nil // as copyOf gives
	}
	*av = AuctionView{Lot: a.Lot, Bankrupt: a.Bankrupt, Bidders: bidders, Committed: committed,
		MinBid: a.Min, TieRound: a.TieRound, MyBid: -1, Kind: auctionKindNames[a.Kind], Seller: a.Seller, Reserves: a.Reserves}
	if i := a.index(viewer); i >= 0 && a.Bids[i] >= 0 {
		av.MyBid = a.Bids[i]
	}
	return av
}

// lentTrade returns viewer's TradeView of the trade under way in the lent
// view's own memory: what fillView builds for a snapshot.
func (g *Game) lentTrade(viewer int) *TradeView {
	t := g.s.Trade
	p := g.lent.view(viewer + 1)
	p.trade = TradeView{From: t.Offer.From, To: t.Offer.To, Counter: t.Counter, Takeover: t.Takeover}
	if viewer >= 0 && (viewer == t.Offer.From || viewer == t.Offer.To) {
		p.offer = t.Offer
		p.offer.FromCells = lendInts(&p.offers[0], t.Offer.FromCells)
		p.offer.ToCells = lendInts(&p.offers[1], t.Offer.ToCells)
		p.offer.FromCards = lendInts(&p.offers[2], t.Offer.FromCards)
		p.offer.ToCards = lendInts(&p.offers[3], t.Offer.ToCards)
		p.trade.Offer = &p.offer
	}
	return &p.trade
}

// lendInts copies src into the lent view's buffer buf and returns the
// copy, or nil for none (as copyOf gives).
func lendInts(buf *[]int, src []int) []int {
	*buf = append((*buf)[:0], src...)
	if len(src) == 0 {
		return nil
	}
	return *buf
}

// lentValuation returns viewer's ValuationView of the mixed payment under
// way in the lent view's own memory: what valuationView builds for a
// snapshot.
func (g *Game) lentValuation(viewer int) *ValuationView {
	m := g.s.Mixed
	p := g.lent.view(viewer + 1)
	p.val = ValuationView{Debtor: m.Debtor, Creditor: m.Creditor, Value: -1}
	if viewer == m.Debtor || viewer == m.Creditor {
		p.valBuf = append(p.valBuf[:0], m.Cells...)
		p.val.Value = m.Value
		if len(p.valBuf) > 0 {
			p.val.Cells = p.valBuf // nil for none, as clone gives
		}
	}
	return &p.val
}

// SetQuiet implements engine.Quieter: events keep their kinds, recipients
// and money changes, but no sentence is written.
func (g *Game) SetQuiet(on bool) { g.quiet.Set(on) }

// SetMute implements engine.Muter: Apply returns no events. Most of an
// Apply's events are told by emitText, which a muted game skips, and the
// clearing of a quiet game's events at the end (endEvents) is not needed:
// they are not returned.
func (g *Game) SetMute(on bool) {
	g.mute = on
	g.pub.rents.groups.parts.on = on // the table of trades' parts: muted games alone
}

// SetBatch implements engine.Batcher: the blocks the game carves its
// events and views from grow to their batch sizes (arena.go).
func (g *Game) SetBatch(on bool) { g.blk.setBatch(on) }

// livePlayers returns the players of the current state in the game's own
// buffer, rewritten when the state changes: only the players changed
// since (Game.touched), most steps one or two of them.
func (g *Game) livePlayers() []PlayerView {
	l := g.lent
	if l.ver == g.pub.ver && l.players != nil {
		return l.players
	}
	ps := g.s.Players
	touched := g.touched
	if len(l.players) != len(ps) { // the first (or a renewed game's: zeroed, see lent.renew)
		l.players = resized(l.players[:0], len(ps))
		clear(l.players)
		touched = ^uint64(0)
	}
	// One pass without calls (fillPlayer's work for players without
	// jail cards): it runs once per action of a simulation.
	for t := touched & (1<<uint(len(ps)) - 1); t != 0; t &= t - 1 {
		i := bits.TrailingZeros64(t)
		p, pv := &ps[i], &l.players[i]
		if len(p.Cards) > 0 || len(pv.JailCards) > 0 {
			g.fillPlayer(pv, i, l.cards[i][:0])
			if pv.JailCards != nil {
				l.cards[i] = pv.JailCards
			}
			continue
		}
		capital := p.Cash + g.pub.holdings[i]
		if p.Out {
			capital = 0
		}
		pv.Seat, pv.Cash, pv.Capital, pv.Position, pv.InJail = i, p.Cash, capital, p.Pos, p.Jailed
		pv.JailTurns, pv.Out, pv.Laps, pv.Status = p.JailTurns, p.Out, p.Laps, p.Status
		pv.Props = g.pub.props[i]
	}
	g.touched = 0
	l.ver = g.pub.ver
	return l.players
}

// snapshotPlayers returns the published players of the current state,
// building a new list only when a player (or their capital) changed since
// the last one: published lists are never written again.
func (g *Game) snapshotPlayers() []PlayerView {
	s, pub := g.s, &g.pub
	if pub.playersVer == pub.ver && pub.players != nil {
		return pub.players
	}
	n := len(s.Players)
	same := pub.playersCells == pub.cellsVer && len(pub.players) == n
	for i := 0; same && i < n; i++ {
		p, old := &s.Players[i], &pub.players[i]
		same = old.Cash == p.Cash && old.Position == p.Pos && old.InJail == p.Jailed &&
			old.JailTurns == p.JailTurns && old.Out == p.Out && old.Status == p.Status && old.Laps == p.Laps &&
			len(old.JailCards) == len(p.Cards)
		for k := 0; same && k < len(p.Cards); k++ {
			same = old.JailCards[k] == p.Cards[k].Deck
		}
	}
	if !same {
		players := g.blk.players.take(n)
		for i := range players {
			var cards []int
			if k := len(s.Players[i].Cards); k > 0 {
				cards = g.blk.ints.take(k)[:0]
			}
			g.fillPlayer(&players[i], i, cards)
		}
		pub.players, pub.playersCells = players, pub.cellsVer
		pub.propsKept = true // the players hold the props lists
	}
	pub.playersVer = pub.ver
	return pub.players
}

// fillPlayer writes seat i's public state to pv, field by field (the lent
// players are rewritten every step, mostly with what they hold); its jail
// cards are appended to cards.
func (g *Game) fillPlayer(pv *PlayerView, i int, cards []int) {
	p := &g.s.Players[i]
	capital := p.Cash + g.pub.holdings[i]
	if p.Out {
		capital = 0
	}
	pv.Seat, pv.Cash, pv.Capital, pv.Position, pv.InJail = i, p.Cash, capital, p.Pos, p.Jailed
	pv.JailTurns, pv.Out, pv.Laps = p.JailTurns, p.Out, p.Laps
	pv.Status = p.Status // a store is cheaper than comparing the strings
	pv.Props = g.pub.props[i]
	if len(p.Cards) == 0 {
		pv.JailCards = nil
		return
	}
	for _, c := range p.Cards {
		cards = append(cards, c.Deck)
	}
	pv.JailCards = cards
}

// quietTpl is a quiet game's template for one proposer and partner (live
// bounds) and what it was boxed for: its asset and default money.
type quietTpl struct {
	quiet  engine.Action
	qkey   tplKey // min, max and step unset
	qmoney int64
	bounds tplBounds
}

// tplBounds are the money bounds of a quiet game's trade template.
type tplBounds struct{ min, max, step int64 }

// quietTemplate returns the template for key k in a quiet game: the boxed
// template of the last list when only its bounds changed (they are
// rewritten in place: a quiet game's lists are valid until the next
// Apply), else a new one.
func (c *quietTpl) quietTemplate(k tplKey, to int) engine.Action {
	c.bounds = tplBounds{min: k.min, max: k.max, step: k.step}
	money := max(k.min, min(k.max, 0))
	asset := tplKey{what: k.what, x: k.x}
	if c.quiet == nil || c.qkey != asset || c.qmoney != money {
		t := k.template(to).(ProposeTrade)
		t.min, t.max, t.step, t.live = 0, 0, 0, &c.bounds
		c.quiet, c.qkey, c.qmoney = t, asset, money
	}
	return c.quiet
}
