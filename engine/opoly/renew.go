package opoly

import (
	"maps"

	"boardroom/engine"
)

// Renewing a game and its bots (engine.Renewer, engine.BotRenewer): a
// simulation's worker plays game after game, and making each new one (the
// game, its state, its blocks and lent views, four bots with their memos
// and lists) was most of a simulated game's bytes and the collector's work
// they cause. A renewed game or bot is first made as new (every field
// zero, as New or NewBot leaves it), then given back the buffers of the one
// before: each is emptied or written whole before it is read, so that
// nothing of the game before can show.

// Renew implements engine.Renewer: g becomes the game New(setup) makes,
// in g's memory.
func (g *Game) Renew(setup engine.Setup) error {
	if setup.Seats != g.s.Setup.Seats || !maps.Equal(setup.Options, g.s.Setup.Options) {
		opts, err := engine.ValidateOptions(*g.opts, setup.Seats, setup.Options)
		if err != nil {
			return err
		}
		setup.Options = opts
	} else {
		// the options the last game validated (and filled in) again:
		// validating them again gives the same, in a new map
		setup.Options = g.s.Setup.Options
	}
	g.renew(setup.Seats)
	g.start(setup)
	return nil
}

// renew makes g as New leaves it before start (every field zero but its
// ruleset, reasons, options, state and blocks), keeping the buffers of the
// game it was for a game of seats players: Renew's, and a playout's
// (fromViewInto). The state is left for start or fromViewInto to write.
//
// What is kept is read out of g first, field by field: a copy of the
// whole game (11 KB) cost as much as making it new.
func (g *Game) renew(seats int) {
	lentOld := g.lent
	quietEv, quietMoney := g.quietEv, g.quietMoney
	tb, spans := g.tb, g.spans
	propsBuf, worth, parts := g.pub.propsBuf, g.pub.rents.groups.worth, g.pub.rents.groups.parts
	legalBuf, mortBuf, partBuf := g.legalBuf, g.mortBuf, g.partBuf
	offerBox, tpl, qtpl := g.offerBox, g.tpl, g.qtpl
	propBoard, propCells := g.propBoard, g.propCells
	rs, why, opts, st, blk := g.rs, g.why, g.opts, g.s, g.blk
	*g = Game{} // cleared in place, then its kept fields written
	g.rs, g.why, g.opts, g.s, g.blk = rs, why, opts, st, blk
	// the board's property cells, kept with the board they are of
	g.propBoard, g.propCells = propBoard, propCells
	g.blk.renew()
	if lentOld != nil && len(lentOld.views) == seats+1 {
		g.lent = lentOld.renew()
	}
	// a quiet game's events and money changes, the sentences' buffers
	clear(quietEv[:cap(quietEv)])
	clear(quietMoney[:cap(quietMoney)])
	g.quietEv, g.quietMoney = quietEv[:0], quietMoney[:0]
	g.tb, g.spans = tb[:0], spans[:0]
	// the published lists of properties, written whole (publishProps), and
	// the groups' worths, read only where known says (groupMemo.worthOf)
	g.pub.propsBuf = propsBuf
	g.pub.rents.groups.worth = worth
	// the parts of trades valued, kept as they are: each is a function of
	// its key and of the rules, board and highest level the table checks
	// (bot_trade_parts.go)
	g.pub.rents.groups.parts = parts
	// the seats' legal lists and their parts, each listed afresh (ver 0)
	for i := range legalBuf {
		l := legalBuf[i].list
		clear(l[:cap(l)])
		g.legalBuf[i].list = l[:0]
		m := &mortBuf[i]
		clear(m.acts[:cap(m.acts)])
		g.mortBuf[i] = mortList{acts: m.acts[:0], lift: m.lift[:0]}
	}
	for p, l := range partBuf {
		clear(l[:cap(l)])
		g.partBuf[p] = l[:0]
	}
	// the cells' OfferToAll templates: boxed from the rules alone
	g.offerBox = offerBox
	// the trade templates by proposer and partner, as made (zeroed)
	if n := seats * seats; len(tpl) == n {
		clear(tpl)
		g.tpl = tpl
	}
	if n := seats * seats; len(qtpl) == n {
		clear(qtpl)
		g.qtpl = qtpl
	}
}

// renew returns l emptied for a new game of as many seats: what PeekView
// makes, with the buffers of l's views, players and debt view.
func (l *lent) renew() *lent {
	for _, p := range l.views {
		if p == nil {
			continue // never lent: made when first lent
		}
		for k := range p.offers {
			p.offers[k] = p.offers[k][:0]
		}
		offers, valBuf := p.offers, p.valBuf[:0]
		bidders, committed := p.auction.Bidders[:0], p.auction.Committed[:0]
		*p = peekView{} // cleared in place, then its buffers written back
		p.offers, p.valBuf = offers, valBuf
		p.auction.Bidders, p.auction.Committed = bidders, committed
	}
	for i := range l.cards {
		l.cards[i] = l.cards[i][:0]
	}
	d := &l.debtBuf
	clear(d.manage[:cap(d.manage)]) // the actions of the game before
	clear(d.kept.acts[:cap(d.kept.acts)])
	*l = lent{views: l.views, players: l.players[:0], cards: l.cards,
		debtBuf: debtBufs{creds: d.creds[:0], manage: d.manage[:0], sell: d.sell[:0],
			kept: debtKept{acts: d.kept.acts[:0], cells: d.kept.cells[:0]}}}
	return l
}

// renew empties the blocks for a new game: each keeps its last buffer,
// zeroed, and its size goes back to a new game's (not batched).
func (b *blocks) renew() {
	b.events.renew()
	b.money.renew()
	b.cells.renew()
	b.players.renew()
	b.ints.renew()
	b.decks.renew()
	b.waits.renew()
	b.owed.renew()
	b.int64s.renew()
	b.seatBids.renew()
	b.auctions.renew()
	b.trades.renew()
	b.cards.renew()
	b.results.renew()
	b.estates.renew()
	b.received.renew()
	b.recvViews.renew()
	b.held.renew()
	b.rows.renew()
	b.uint64s.renew()
	b.setBatch(false)
}

// renew zeroes what was carved from b's buffer and carves from its start
// again: take's slices are zeroed, as a new block's are.
func (b *block[T]) renew() {
	clear(b.buf)
	b.buf = b.buf[:0]
}

// Renew implements engine.BotRenewer: b becomes the bot NewBot(seat, seed)
// makes, in b's memory: its memo of offers, imagined cells, rents, trade
// memo and candidate lists are kept, emptied.
//
// What it worked out from the rules and board alone is kept as it is
// (its scale of money and cheapest build, its cheapest lift, its groups'
// masks, its rules' advisors): each is kept with the rules or board it
// is of and worked out again for others before it is read, and the
// simulator renews games of the same rules, for which making them again
// was a thousand instructions a bot.
//
// What is kept is read out of b first (not the whole bot copied, 3 KB).
func (b *bot) Renew(seat int, seed uint64) {
	scratch, rents := b.scratch[:0], b.rents
	tm := tradeMemo{np: b.tm.np, have: b.tm.have, worth: b.tm.worth, full: b.tm.full, after: b.tm.after}
	cands := tradeCands{list: b.cands.list[:0], prev: b.cands.prev[:0]}
	gm, ads, r, offers := b.gm, b.ads, b.r, b.offers
	scale, minBuild, scaleRules, scaleBoard := b.scale, b.minBuild, b.scaleRules, b.scaleBoard
	minLift, liftRules, liftBoard := b.minLift, b.liftRules, b.liftBoard
	*b = bot{} // cleared in place (a literal of its fields is built aside and copied)
	b.seat, b.r, b.turnKey, b.offers = seat, r, -1, offers
	b.scale, b.minBuild, b.scaleRules, b.scaleBoard = scale, minBuild, scaleRules, scaleBoard
	b.minLift, b.liftRules, b.liftBoard = minLift, liftRules, liftBoard
	b.gm, b.ads = gm, ads
	b.r.Seed(seed)
	clear(b.offers)
	b.scratch = scratch
	if rents != nil {
		b.rents = rents
		*b.rents = [MaxCells]int64{}
	}
	clear(tm.have)
	clear(tm.worth)
	clear(tm.full)
	clear(tm.after)
	b.tm, b.cands = tm, cands
}

// Renew implements engine.AuditRenewer: a is made what newAuditor makes,
// keeping its valuation bot (renewed) and its table of refusals (emptied;
// the table finds a refusal by its whole key, whatever its size).
func (a *auditor) Renew(players int) {
	val, slots := a.val, a.refused.slots
	*a = auditor{}
	if val != nil {
		val.Renew(0, 0) // view seats it as newBot(seat, 0) would be
		a.val = val
	}
	clear(slots)
	a.refused.slots = slots
}
